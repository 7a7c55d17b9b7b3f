package dev.rosetta.cli.option;

import java.util.Locale;

/**
 * How a chat reads what it is sent: the prompt as text ({@code text}), or JSON lines on stdin —
 * messages, answers, interrupts — for a program that holds a conversation ({@code jsonl}).
 */
public enum InputFormat {
    TEXT,
    JSONL;

    /** The name users type. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
