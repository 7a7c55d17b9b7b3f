package dev.rosetta.cli.chat;

/**
 * What a slash command asks the user (which files {@code /undo} should put back, which turn
 * {@code /rewind} goes back to), answered at the prompt the command was typed at: the line REPL,
 * the JLine prompt, the terminal UI each answer in their own way.
 */
@FunctionalInterface
public interface Questions {

    /** Nobody to ask: every question goes unanswered. */
    Questions NONE = question -> null;

    /** Shows {@code question} and returns the line typed, or null when none can be read (input closed, Ctrl-C). */
    String ask(String question);
}
