package dev.rosetta.cli.render;

/**
 * Styles the inline markup of one line as it streams: {@code **bold**}, {@code *italic*},
 * {@code `code`} and backslash escapes. The markers are replaced by the style. It holds back only
 * a run of {@code *} or backticks, or a backslash, until the next character says what it is;
 * everything else is written at once. Styles end with the line, so a stray star never paints the
 * rest of a reply. Underscores are left alone: in prose about code they are mostly identifiers.
 */
final class InlineMarkdown {

    private static final char END = 0;

    private final TerminalStyle style;
    private final Tone[] base;
    private final StringBuilder held = new StringBuilder();
    private boolean bold;
    private boolean italic;
    private int codeRun;
    private char previous = ' ';
    private boolean skipSpace;

    /** {@code base}: the look of the whole line (a heading's bold, a quote's dim). */
    InlineMarkdown(TerminalStyle style, Tone... base) {
        this.style = style;
        this.base = base;
    }

    /** Starts the line's look. */
    void begin(StringBuilder out) {
        out.append(style.on(base));
    }

    /** Drops the next character if it is a space (the one after a quote's {@code >}). */
    void skipOneSpace() {
        skipSpace = true;
    }

    void accept(char c, StringBuilder out) {
        if (!held.isEmpty() && resolveHeld(c, out)) {
            return;
        }
        if (codeRun > 0) {
            if (c == '`') {
                held.append(c);
            } else {
                text(c, out);
            }
        } else if (c == '\\' || c == '*' || c == '`') {
            held.append(c);
        } else {
            text(c, out);
        }
    }

    void accept(CharSequence s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            accept(s.charAt(i), out);
        }
    }

    /** Ends the line: what is held is settled, open styles are closed. */
    void end(StringBuilder out) {
        if (!held.isEmpty()) {
            resolveHeld(END, out);
        }
        if (bold || italic || codeRun > 0 || base.length > 0) {
            out.append(style.reset());
        }
        bold = italic = false;
        codeRun = 0;
    }

    /** Settles the held run given the character after it; true when that character was taken too. */
    private boolean resolveHeld(char next, StringBuilder out) {
        char h = held.charAt(0);
        if (h == '\\') {
            held.setLength(0);
            if (codeRun == 0 && next != END && isAsciiPunctuation(next)) {
                text(next, out); // \* is a star, not emphasis
                return true;
            }
            text('\\', out);
            return false;
        }
        if (next == h) {
            held.append(next);
            return true;
        }
        int run = held.length();
        held.setLength(0);
        if (h == '*') {
            stars(run, next, out);
        } else {
            backticks(run, next, out);
        }
        return false;
    }

    private void stars(int run, char next, StringBuilder out) {
        boolean spaceBefore = Character.isWhitespace(previous);
        boolean spaceAfter = next == END || Character.isWhitespace(next);
        boolean wantBold = run >= 2;
        boolean wantItalic = run != 2;
        boolean open = (!wantBold || bold) && (!wantItalic || italic);
        boolean closed = (!wantBold || !bold) && (!wantItalic || !italic);
        if (run <= 3 && open && !spaceBefore) {
            bold &= !wantBold;
            italic &= !wantItalic;
            restyle(out);
        } else if (run <= 3 && closed && !spaceAfter) {
            bold |= wantBold;
            italic |= wantItalic;
            restyle(out);
        } else {
            literal("*".repeat(run), out);
        }
    }

    private void backticks(int run, char next, StringBuilder out) {
        if (codeRun == 0 && next != END && !Character.isWhitespace(next)) {
            codeRun = run;
            restyle(out);
        } else if (codeRun == run) {
            codeRun = 0;
            restyle(out);
        } else {
            literal("`".repeat(run), out);
        }
    }

    /** Switches to the looks now in force: reset, then base and every open style again. */
    private void restyle(StringBuilder out) {
        if (!style.colour()) {
            return;
        }
        out.append(style.reset()).append(style.on(base));
        if (bold) {
            out.append(style.on(Tone.BOLD));
        }
        if (italic) {
            out.append(style.on(Tone.ITALIC));
        }
        if (codeRun > 0) {
            out.append(style.on(Tone.CYAN));
        }
    }

    private void text(char c, StringBuilder out) {
        if (skipSpace) {
            skipSpace = false;
            if (c == ' ') {
                return;
            }
        }
        out.append(c);
        previous = c;
    }

    private void literal(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            text(s.charAt(i), out);
        }
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 0x80 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(c) >= 0;
    }
}
