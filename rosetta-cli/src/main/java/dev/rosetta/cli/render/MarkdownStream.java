package dev.rosetta.cli.render;

/**
 * One run of prose, rendered as it streams. Without colour the text is written as the model wrote
 * it (made safe), at once. With colour it is rendered line by line: the start of a line is held
 * until it shows what the line is (a heading, a list item, a quote, a fence), then the rest
 * streams through {@link InlineMarkdown}; lines inside a fenced code block are held whole, since
 * colouring a keyword needs all of it. A run begins below a blank line, without the line breaks
 * the model put before it.
 */
final class MarkdownStream {

    private static final int RULE_WIDTH = 40;

    private enum Kind { PARAGRAPH, HEADING, BULLET, ORDERED, QUOTE, FENCE, CODE, RULE }

    /** An open fenced code block. */
    private record Fence(char marker, int length, CodeHighlighter highlighter) {}

    private final Screen screen;
    private final TerminalStyle style;
    private final TerminalText cleaner = new TerminalText();
    private final StringBuilder line = new StringBuilder();
    private Kind kind;
    private InlineMarkdown inline;
    private Fence fence;
    private boolean begun;

    MarkdownStream(Screen screen, TerminalStyle style) {
        this.screen = screen;
        this.style = style;
    }

    void feed(String delta) {
        write(cleaner.feed(delta));
    }

    /** Ends the run: what is held is written as it stands, without a line break after it. */
    void finish() {
        write(cleaner.finish());
        if (style.colour()) {
            StringBuilder out = new StringBuilder();
            endLine(out);
            screen.write(out.toString());
        }
    }

    private void write(String text) {
        if (!begun) {
            text = text.replaceFirst("^\n+", "");
            if (text.isEmpty()) {
                return;
            }
            screen.separate();
            begun = true;
        }
        if (!style.colour()) {
            screen.write(text);
            return;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            accept(text.charAt(i), out);
        }
        screen.write(out.toString());
    }

    private void accept(char c, StringBuilder out) {
        if (c == '\n') {
            endLine(out);
            out.append('\n');
            return;
        }
        if (kind == null) {
            line.append(c);
            decide(false, out);
        } else if (inline != null) {
            inline.accept(c, out);
        } else {
            line.append(c); // fence, code and rule lines are held whole
        }
    }

    /** Renders the held part of the line and closes its styles. */
    private void endLine(StringBuilder out) {
        if (kind == null && !line.isEmpty()) {
            decide(true, out);
        }
        if (inline != null) {
            inline.end(out);
        } else if (kind != null) {
            out.append(held(line.toString()));
        }
        line.setLength(0);
        kind = null;
        inline = null;
    }

    /** The rendering of a line held whole. */
    private String held(String text) {
        return switch (kind) {
            case FENCE -> openFence(text);
            case CODE -> code(text);
            case RULE -> style.paint("─".repeat(RULE_WIDTH), Tone.DIM);
            default -> text;
        };
    }

    private String openFence(String text) {
        String trimmed = text.stripLeading();
        char marker = trimmed.charAt(0);
        int length = run(trimmed, 0, marker);
        String info = trimmed.substring(length).strip();
        if (marker == '`' && info.indexOf('`') >= 0) {
            return text; // not a fence: backticks in a backtick fence's info string
        }
        fence = new Fence(marker, length, new CodeHighlighter(Language.named(info), style));
        return style.paint(text, Tone.DIM);
    }

    private String code(String text) {
        String trimmed = text.stripLeading();
        boolean closing = text.length() - trimmed.length() <= 3 && !trimmed.isEmpty()
                && trimmed.charAt(0) == fence.marker() && run(trimmed, 0, fence.marker()) >= fence.length()
                && trimmed.substring(run(trimmed, 0, fence.marker())).isBlank();
        if (closing) {
            fence = null;
            return style.paint(text, Tone.DIM);
        }
        return fence.highlighter().line(text);
    }

    /**
     * Decides what the line is from its start, when it can: {@code ended} says the line is
     * complete, so whatever is undecided is settled now.
     */
    private void decide(boolean ended, StringBuilder out) {
        if (fence != null) {
            kind = Kind.CODE;
            return;
        }
        String s = line.toString();
        int indent = s.length() - s.stripLeading().length();
        String rest = s.substring(indent);
        Kind decided = rest.isEmpty() ? (ended ? Kind.PARAGRAPH : null) : classify(rest, indent <= 3, ended);
        if (decided != null) {
            start(decided, s, indent, out);
        }
    }

    /** The kind of a line starting with {@code r} (after its indentation), or null while it could still be several. */
    private static Kind classify(String r, boolean blockIndent, boolean ended) {
        char c = r.charAt(0);
        int n = r.length();
        if (blockIndent && (c == '`' || c == '~')) {
            int k = run(r, 0, c);
            return k >= 3 ? Kind.FENCE : k < n || ended ? Kind.PARAGRAPH : null;
        }
        if (blockIndent && c == '#') {
            int k = run(r, 0, c);
            if (k < n) {
                return k <= 6 && r.charAt(k) == ' ' ? Kind.HEADING : Kind.PARAGRAPH;
            }
            return ended ? Kind.PARAGRAPH : null;
        }
        if (c == '>') {
            return Kind.QUOTE;
        }
        if (c == '-' || c == '*' || c == '+') {
            if (n == 1) {
                return ended ? Kind.PARAGRAPH : null;
            }
            if (r.charAt(1) == ' ') {
                return Kind.BULLET;
            }
            if (c != '+' && run(r, 0, c) == n) { // "---" may be a rule, "**" may start bold
                return ended ? (n >= 3 ? Kind.RULE : Kind.PARAGRAPH) : null;
            }
            return Kind.PARAGRAPH;
        }
        if (Character.isDigit(c)) {
            int k = 0;
            while (k < n && Character.isDigit(r.charAt(k))) {
                k++;
            }
            if (k == n || (k + 1 == n && (r.charAt(k) == '.' || r.charAt(k) == ')'))) {
                return ended || k > 9 ? Kind.PARAGRAPH : null;
            }
            boolean marker = k <= 9 && (r.charAt(k) == '.' || r.charAt(k) == ')') && r.charAt(k + 1) == ' ';
            return marker ? Kind.ORDERED : Kind.PARAGRAPH;
        }
        return Kind.PARAGRAPH;
    }

    /** Writes the line's start in its style and hands the rest of the held text to the inline renderer. */
    private void start(Kind decided, String s, int indent, StringBuilder out) {
        kind = decided;
        String rest = s.substring(indent);
        switch (decided) {
            case HEADING -> {
                int level = run(rest, 0, '#');
                inline = level == 1 ? new InlineMarkdown(style, Tone.BOLD, Tone.UNDERLINE)
                        : new InlineMarkdown(style, Tone.BOLD);
                inline.begin(out);
                inline.accept(rest.substring(Math.min(level + 1, rest.length())), out);
            }
            case BULLET -> item(s.substring(0, indent) + style.paint("•", Tone.YELLOW) + " ", rest.substring(2), out);
            case ORDERED -> {
                int space = rest.indexOf(' ');
                item(s.substring(0, indent) + style.paint(rest.substring(0, space), Tone.YELLOW) + " ",
                        rest.substring(space + 1), out);
            }
            case QUOTE -> {
                out.append(s, 0, indent).append(style.paint("│", Tone.DIM)).append(' ');
                inline = new InlineMarkdown(style, Tone.DIM);
                inline.begin(out);
                inline.skipOneSpace();
                inline.accept(rest.substring(1), out);
            }
            case PARAGRAPH -> {
                inline = new InlineMarkdown(style);
                inline.accept(s, out);
            }
            default -> { } // held whole until the line ends
        }
        if (inline != null) {
            line.setLength(0);
        }
    }

    private void item(String marker, String rest, StringBuilder out) {
        out.append(marker);
        inline = new InlineMarkdown(style);
        inline.accept(rest, out);
    }

    private static int run(String s, int from, char c) {
        int k = from;
        while (k < s.length() && s.charAt(k) == c) {
            k++;
        }
        return k - from;
    }
}
