package dev.rosetta.cli.ui;

import java.util.function.Consumer;

/**
 * Styled text as the renderer writes it, cut into lines: each complete line goes on at once
 * (to the scrollback), the line still being written stays here to be shown live. The renderer's
 * output only ever grows, so a line once complete never changes.
 */
final class LineSink implements Appendable {

    private final Consumer<String> completed;
    private final StringBuilder partial = new StringBuilder();

    LineSink(Consumer<String> completed) {
        this.completed = completed;
    }

    @Override
    public LineSink append(CharSequence text) {
        return append(text, 0, text.length());
    }

    @Override
    public LineSink append(CharSequence text, int start, int end) {
        int from = start;
        for (int i = start; i < end; i++) {
            if (text.charAt(i) == '\n') {
                partial.append(text, from, i);
                completed.accept(partial.toString());
                partial.setLength(0);
                from = i + 1;
            }
        }
        partial.append(text, from, end);
        return this;
    }

    @Override
    public LineSink append(char c) {
        return append(String.valueOf(c));
    }

    /** The line being written, styled; empty at the start of a line. */
    String partial() {
        return partial.toString();
    }
}
