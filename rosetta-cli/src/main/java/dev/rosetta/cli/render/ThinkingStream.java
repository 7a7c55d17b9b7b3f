package dev.rosetta.cli.render;

/**
 * One run of the model's reasoning, dimmed, each line behind a {@code ┊} so it never reads as the
 * answer. Line breaks are written only when text follows them: a run that ends in blank lines
 * leaves none behind, and a run begins below a blank line.
 */
final class ThinkingStream {

    static final String GUTTER = "┊ ";

    private final Screen screen;
    private final TerminalStyle style;
    private final TerminalText cleaner = new TerminalText();
    private boolean begun;
    private int newlines;

    ThinkingStream(Screen screen, TerminalStyle style) {
        this.screen = screen;
        this.style = style;
    }

    void feed(String delta) {
        write(cleaner.feed(delta));
    }

    void finish() {
        write(cleaner.finish());
    }

    private void write(String text) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i < text.length() && text.charAt(i) != '\n') {
                continue;
            }
            if (i > from) {
                startLine(out);
                out.append(style.paint(text.substring(from, i), Tone.DIM, Tone.ITALIC));
            }
            if (i < text.length()) {
                newlines++;
            }
            from = i + 1;
        }
        screen.write(out.toString());
    }

    /** Writes the line breaks held so far (at most one blank line) and the gutter of a new line. */
    private void startLine(StringBuilder out) {
        if (!begun) {
            screen.separate();
            begun = true;
            newlines = 0;
            out.append(style.paint(GUTTER, Tone.DIM));
            return;
        }
        if (newlines == 0) {
            return;
        }
        out.append('\n');
        if (newlines > 1) {
            out.append(style.paint(GUTTER.strip(), Tone.DIM)).append('\n');
        }
        out.append(style.paint(GUTTER, Tone.DIM));
        newlines = 0;
    }
}
