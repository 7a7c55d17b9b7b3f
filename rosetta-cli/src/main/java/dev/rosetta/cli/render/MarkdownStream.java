package dev.rosetta.cli.render;

/**
 * One run of prose, rendered as it streams. Without colour the text is written as the model wrote
 * it (made safe), at once. With colour it is rendered line by line: the start of a line is held
 * until it shows what the line is (a heading, a list item, a quote), then the rest streams through
 * {@link InlineMarkdown}; the rows of a table are held until it ends, then drawn lined up
 * ({@link MarkdownTable}). Code blocks are where the splitter says they are ({@link #openCode},
 * {@link #closingCode}) — this class finds no fence itself, so what is drawn as code is exactly
 * what no reader claimed, nested fences included. Their lines are held whole, since colouring a
 * keyword needs all of it. A run begins below a blank line, without the line breaks the model put
 * before it.
 */
public final class MarkdownStream {

    private static final int RULE_WIDTH = 40;

    private enum Kind { PARAGRAPH, HEADING, BULLET, ORDERED, QUOTE, FENCE, CODE, RULE, TABLE }

    private final Screen screen;
    private final TerminalStyle style;
    private final TerminalText cleaner = new TerminalText();
    /** The rows of a table being read: drawn when it ends, lined up. */
    private final MarkdownTable table;
    private final StringBuilder line = new StringBuilder();
    private Kind kind;
    private InlineMarkdown inline;
    /** The highlighter of the open code block; null outside one. */
    private CodeHighlighter code;
    /** The next line is a fence of the open code block: its opening one, or its closing one when {@code closing}. */
    private boolean fenceNext;
    private boolean closing;
    private boolean begun;

    public MarkdownStream(Screen screen, TerminalStyle style) {
        this.screen = screen;
        this.style = style;
        this.table = new MarkdownTable(style);
    }

    public void feed(String delta) {
        write(cleaner.feed(delta));
    }

    /** A code block opens: the next line is its opening fence, the lines after it are code. */
    public void openCode(String info) {
        endHeldLine();
        code = new CodeHighlighter(Language.named(info), style);
        fenceNext = true;
        closing = false;
    }

    /** The open code block closes: the next line is its closing fence, then prose again. */
    public void closingCode() {
        endHeldLine();
        fenceNext = code != null;
        closing = code != null;
    }

    /** Renders a line held so far (a closing fence glued to the next opening one), as it stands, and a table held. */
    private void endHeldLine() {
        if (style.colour()) {
            StringBuilder out = new StringBuilder();
            endLine(out);
            out.append(table.end());
            screen.write(out.toString());
        }
    }

    /** Ends the run: what is held is written as it stands, without a line break after it. */
    public void finish() {
        write(cleaner.finish());
        endHeldLine();
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
            if (endLine(out)) {
                out.append('\n');
            }
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

    /**
     * Renders the held part of the line and closes its styles; false when the line went into a
     * table instead (drawn, with its line breaks, when the table ends).
     */
    private boolean endLine(StringBuilder out) {
        if (kind == null && !line.isEmpty()) {
            decide(true, out);
        }
        if (kind == Kind.TABLE) {
            out.append(table.add(line.toString()));
            line.setLength(0);
            kind = null;
            return false;
        }
        if (kind == null) {
            out.append(table.end()); // a blank line ends a table
        }
        if (inline != null) {
            inline.end(out);
        } else if (kind != null) {
            out.append(held(line.toString()));
        }
        if (kind == Kind.FENCE) {
            fenceNext = false;
            if (closing) {
                code = null;
                closing = false;
            }
        }
        line.setLength(0);
        kind = null;
        inline = null;
        return true;
    }

    /** The rendering of a line held whole. */
    private String held(String text) {
        return switch (kind) {
            case FENCE -> style.paint(text, Tone.DIM);
            case CODE -> code.line(text);
            case RULE -> style.paint("─".repeat(RULE_WIDTH), Tone.DIM);
            default -> text;
        };
    }

    /**
     * Decides what the line is from its start, when it can: {@code ended} says the line is
     * complete, so whatever is undecided is settled now.
     */
    private void decide(boolean ended, StringBuilder out) {
        if (code != null) {
            kind = fenceNext ? Kind.FENCE : Kind.CODE;
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
        if (blockIndent && c == '|') {
            return Kind.TABLE;
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
        if (decided != Kind.TABLE) {
            out.append(table.end()); // any other line ends a table
        }
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
