package dev.rosetta.bench;

/**
 * A generated assistant message and how many calls it spells, so a test can check the
 * splitter finds them all (and a benchmark measures calls, not just prose).
 *
 * @param text  the message
 * @param calls the number of calls written into it
 */
public record SampleMessage(String text, int calls) {}
