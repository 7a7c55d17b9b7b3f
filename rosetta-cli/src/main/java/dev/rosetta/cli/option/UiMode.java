package dev.rosetta.cli.option;

import java.util.Locale;

/**
 * How an interactive chat meets the user in a terminal: the terminal UI ({@code inline}: folded
 * calls, the transcript on Ctrl-O, the prompt editable during a turn) or the plain line prompt
 * ({@code line}).
 */
public enum UiMode {
    INLINE,
    LINE;

    /** The name users type. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
