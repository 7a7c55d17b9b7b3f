package dev.rosetta.cli.render;

import java.util.function.BooleanSupplier;

/**
 * The last check on text before it reaches stdout or stderr: every control character is made
 * visible by {@link TerminalText}'s rules, whoever forgot to clean it. On a terminal two kinds
 * pass, because Rosetta writes them itself: SGR sequences ({@code ESC [ 1;31 m}, colour and
 * weight, which cannot move the cursor, retitle the window or reach the clipboard) and CR (the
 * spinner redraws its line with it). Off a terminal nothing passes, so a pipe or a file holds
 * exactly the text.
 *
 * <p>Whether the output is a terminal is asked the first time an ESC or a CR is written, not
 * before: most runs never write one, and asking costs start-up time.
 */
final class OutputGuard {

    /** Output that is no terminal, and output that always is one (the line editor's). */
    static final BooleanSupplier NEVER = new Fixed(false);
    static final BooleanSupplier ALWAYS = new Fixed(true);

    private static final char ESC = '\u001b';
    /** Longer than any SGR sequence Rosetta writes; a longer one is not ours. */
    private static final int MAX_SGR = 32;

    private final BooleanSupplier terminal;
    private final TerminalText text = new TerminalText();
    /** An ESC sequence being read, not yet known to be SGR. */
    private final StringBuilder escape = new StringBuilder();
    private int styled = -1; // -1: not asked yet

    /** @param terminal whether the output is a terminal; asked at most once */
    OutputGuard(BooleanSupplier terminal) {
        this.terminal = terminal;
    }

    /** Whether nothing is held back: text written now is judged on its own. */
    boolean idle() {
        return escape.isEmpty() && !text.holding();
    }

    /** The text as it may reach the output; may hold back a trailing ESC sequence until it is complete. */
    String filter(CharSequence in) {
        StringBuilder out = new StringBuilder(in.length() + 16);
        StringBuilder plain = new StringBuilder(in.length());
        int i = 0;
        while (i < in.length()) {
            char c = in.charAt(i);
            if (!escape.isEmpty()) {
                if (extendsSgr(c)) {
                    escape.append(c);
                    i++;
                    if (c == 'm') {
                        out.append(escape);
                        escape.setLength(0);
                    }
                } else {
                    out.append(text.feed(escape)); // not SGR: shown as text; c is read again below
                    escape.setLength(0);
                }
            } else if ((c == ESC || c == '\r') && styled()) {
                out.append(text.feed(plain));
                plain.setLength(0);
                if (c == ESC) {
                    escape.append(c);
                } else {
                    out.append(c);
                }
                i++;
            } else {
                plain.append(c);
                i++;
            }
        }
        return out.append(text.feed(plain)).toString();
    }

    /**
     * What is held back, released as text: a CR that might have begun a CRLF, a sequence that
     * never finished. Called on flush, so nothing the user should see waits for the next write.
     */
    String finish() {
        String held = escape.isEmpty() ? "" : text.feed(escape);
        escape.setLength(0);
        return held + text.finish();
    }

    private boolean extendsSgr(char c) {
        if (escape.length() == 1) {
            return c == '[';
        }
        return escape.length() < MAX_SGR && (c >= '0' && c <= '9' || c == ';' || c == ':' || c == 'm');
    }

    private boolean styled() {
        if (styled < 0) {
            styled = terminal.getAsBoolean() ? 1 : 0;
        }
        return styled == 1;
    }

    /** A fixed answer; a class of its own, as a lambda would be spun at start-up, which --version pays for. */
    private static final class Fixed implements BooleanSupplier {
        private final boolean value;

        Fixed(boolean value) {
            this.value = value;
        }

        @Override
        public boolean getAsBoolean() {
            return value;
        }
    }
}
