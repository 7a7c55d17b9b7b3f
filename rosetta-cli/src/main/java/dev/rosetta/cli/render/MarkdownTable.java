package dev.rosetta.cli.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-style table in prose, drawn with its columns lined up: the header bold, the columns
 * apart by a dim {@code │}, a dim rule under the header, each column aligned as its delimiter row
 * says ({@code :--} left, {@code :-:} centre, {@code --:} right). Its rows are held until the
 * table ends, since a column is as wide as its widest cell; rows without a delimiter row after the
 * first are no table, and are drawn as the lines they are. Cells keep their inline markup (bold,
 * code), measured by the columns it shows in.
 */
final class MarkdownTable {

    /** Rows held before the table is drawn with the widths they give; later rows follow at once. */
    static final int HELD_ROWS = 64;

    private enum Align { LEFT, CENTRE, RIGHT }

    private final TerminalStyle style;
    private final List<String> rows = new ArrayList<>();
    private String indent = "";
    private List<Align> aligns;
    private int[] widths;

    MarkdownTable(TerminalStyle style) {
        this.style = style;
    }

    boolean isEmpty() {
        return rows.isEmpty() && widths == null;
    }

    /** Takes one row; returns what can be drawn already (empty while rows are held). */
    String add(String row) {
        if (widths != null) {
            return line(cells(row), false);
        }
        if (rows.isEmpty()) {
            indent = row.substring(0, row.length() - row.stripLeading().length());
        }
        rows.add(row);
        if (rows.size() == 2 && !isDelimiter(cells(row))) {
            return drawPlain(); // no delimiter row: not a table
        }
        return rows.size() >= HELD_ROWS ? draw() : "";
    }

    /** The table ends: everything held, drawn; the table is then empty again. */
    String end() {
        String out = widths == null ? (rows.size() < 2 ? drawPlain() : draw()) : "";
        rows.clear();
        aligns = null;
        widths = null;
        return out;
    }

    private String draw() {
        List<List<String>> table = new ArrayList<>();
        for (String row : rows) {
            table.add(cells(row));
        }
        aligns = table.get(1).stream().map(MarkdownTable::align).toList();
        int columns = table.stream().mapToInt(List::size).max().orElse(0);
        widths = new int[columns];
        for (int r = 0; r < table.size(); r++) {
            if (r == 1) {
                continue;
            }
            List<String> cells = table.get(r);
            for (int c = 0; c < cells.size(); c++) {
                widths[c] = Math.max(widths[c], DisplayWidth.of(shown(cells.get(c), TerminalStyle.plain(), false)));
            }
        }
        StringBuilder out = new StringBuilder(line(table.getFirst(), true)).append(rule());
        for (int r = 2; r < table.size(); r++) {
            out.append(line(table.get(r), false));
        }
        rows.clear();
        return out.toString();
    }

    /** The held rows as the lines they are, their inline markup styled. */
    private String drawPlain() {
        StringBuilder out = new StringBuilder();
        for (String row : rows) {
            out.append(shown(row, style, false)).append('\n');
        }
        rows.clear();
        return out.toString();
    }

    private String line(List<String> cells, boolean header) {
        StringBuilder out = new StringBuilder(indent);
        int columns = cells.size(); // a row wider than those measured keeps its cells; a shorter one has no empty ones after
        while (columns > 0 && cells.get(columns - 1).isEmpty()) {
            columns--;
        }
        for (int c = 0; c < columns; c++) {
            if (c > 0) {
                out.append(' ').append(style.paint("│", Tone.DIM)).append(' ');
            }
            String text = c < cells.size() ? cells.get(c) : "";
            int width = c < widths.length ? widths[c] : 0;
            int gap = Math.max(0, width - DisplayWidth.of(shown(text, TerminalStyle.plain(), header)));
            Align align = c < aligns.size() ? aligns.get(c) : Align.LEFT;
            int before = align == Align.RIGHT ? gap : align == Align.CENTRE ? gap / 2 : 0;
            out.append(" ".repeat(before)).append(shown(text, style, header));
            if (c < columns - 1) {
                out.append(" ".repeat(gap - before)); // the last column leaves no trailing spaces
            }
        }
        return out.append('\n').toString();
    }

    private String rule() {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            out.append(c == 0 ? "" : "─┼─").append("─".repeat(widths[c]));
        }
        return indent + style.paint(out.toString(), Tone.DIM) + "\n";
    }

    /** A cell's text with its inline markup rendered in {@code look}; a header's is bold. */
    private static String shown(String text, TerminalStyle look, boolean header) {
        InlineMarkdown inline = header ? new InlineMarkdown(look, Tone.BOLD) : new InlineMarkdown(look);
        StringBuilder out = new StringBuilder();
        inline.begin(out);
        inline.accept(text, out);
        inline.end(out);
        return out.toString();
    }

    /**
     * The row's cells, trimmed: split at each {@code |} that is neither escaped nor in a code span,
     * without the empty cells outside the first and last pipe.
     */
    static List<String> cells(String row) {
        String s = row.strip();
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int codeRun = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '`') {
                int run = 1;
                while (i + run < s.length() && s.charAt(i + run) == '`') {
                    run++;
                }
                codeRun = codeRun == 0 ? run : codeRun == run ? 0 : codeRun;
                cell.append("`".repeat(run));
                i += run - 1;
            } else if (c == '|' && codeRun == 0) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        if (s.startsWith("|")) {
            cells.removeFirst();
        }
        if (s.endsWith("|") && !s.endsWith("\\|") && !cells.isEmpty() && cells.getLast().isEmpty()) {
            cells.removeLast();
        }
        return cells;
    }

    private static boolean isDelimiter(List<String> cells) {
        return !cells.isEmpty() && cells.stream().allMatch(c -> c.matches(":?-+:?"));
    }

    private static Align align(String delimiter) {
        boolean left = delimiter.startsWith(":");
        boolean right = delimiter.endsWith(":");
        return left && right ? Align.CENTRE : right ? Align.RIGHT : Align.LEFT;
    }
}
