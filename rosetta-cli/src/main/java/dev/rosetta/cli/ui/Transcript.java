package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

import dev.rosetta.cli.render.TerminalStyle;

/**
 * The transcript as a screenful: every block of the conversation, each folded or open, one of
 * them selected, scrolled to keep the selection (or a search's match) in view. Pure state and
 * layout; {@link TranscriptScreen} reads the keys and draws what {@link #screen} returns.
 */
final class Transcript {

    static final String HINT = " · Enter opens";
    private static final String FOLDED = "▸ ";
    private static final String OPEN = "▾ ";
    private static final String PLAIN = "  ";

    private final TerminalStyle style;
    private final int previewLines;
    private List<Block> blocks;
    private final Set<Integer> open = new HashSet<>();
    private int selected;
    private int top;
    private String query = "";
    private String message = "";
    /** Whether the view follows the selection; a page scrolled by hand stays where it was put. */
    private boolean follow = true;

    /** One screen line: the block it belongs to, whether it is that block's first line, its text. */
    record Line(int block, boolean first, AttributedString text) {}

    Transcript(List<Block> blocks, int previewLines, TerminalStyle style) {
        this.blocks = List.copyOf(blocks);
        this.previewLines = previewLines;
        this.style = style;
        this.selected = Math.max(0, blocks.size() - 1);
        this.top = Integer.MAX_VALUE; // the end, as the scrollback left it
    }

    /** New blocks came while the transcript was open; the selection stays where it was. */
    void update(List<Block> next) {
        blocks = List.copyOf(next);
        selected = Math.min(selected, Math.max(0, blocks.size() - 1));
    }

    int size() {
        return blocks.size();
    }

    int selected() {
        return selected;
    }

    boolean isOpen(int block) {
        return open.contains(block);
    }

    void up() {
        select(selected - 1);
    }

    void down() {
        select(selected + 1);
    }

    void home() {
        select(0);
    }

    void end() {
        select(blocks.size() - 1);
    }

    /** Enter or Space: opens the selected block, or folds it again. */
    void toggle() {
        follow = true;
        if (!blocks.isEmpty() && foldable(selected) && !open.remove(selected)) {
            open.add(selected);
        }
    }

    void expandAll() {
        for (int i = 0; i < blocks.size(); i++) {
            if (foldable(i)) {
                open.add(i);
            }
        }
    }

    void collapseAll() {
        open.clear();
    }

    /** Scrolls a page, the selection following to the first block that starts on it. */
    void page(int screenRows, int width, boolean down) {
        List<Line> lines = lines(width);
        int height = Math.max(1, screenRows - 1);
        top = Math.max(0, Math.min(clampedTop(lines, height) + (down ? height : -height),
                Math.max(0, lines.size() - height)));
        follow = false;
        for (int i = top; i < Math.min(lines.size(), top + height); i++) {
            if (lines.get(i).first()) {
                selected = lines.get(i).block();
                return;
            }
        }
    }

    /**
     * Finds {@code text} (case ignored) in the next block that holds it after the selection, going
     * round; selects it and opens it when the text is in what folding hides. False when no block
     * holds it.
     */
    boolean find(String text, boolean forward) {
        query = text;
        message = "";
        if (text.isEmpty() || blocks.isEmpty()) {
            return false;
        }
        String needle = text.toLowerCase(Locale.ROOT);
        for (int step = 1; step <= blocks.size(); step++) {
            int i = Math.floorMod(selected + (forward ? step : -step), blocks.size());
            if (blocks.get(i).plainText().toLowerCase(Locale.ROOT).contains(needle)) {
                selected = i;
                if (!shownFolded(i).toLowerCase(Locale.ROOT).contains(needle) && foldable(i)) {
                    open.add(i);
                }
                top = -1; // scroll to the selection
                follow = true;
                return true;
            }
        }
        message = "not found: " + text;
        return false;
    }

    String query() {
        return query;
    }

    String message() {
        return message;
    }

    /** The screen: {@code rows - 1} lines of the transcript, then the line of keys (or {@code footer}). */
    List<AttributedString> screen(int width, int rows, String footer) {
        List<Line> lines = lines(width);
        int height = Math.max(1, rows - 1);
        top = clampedTop(lines, height);
        Pattern match = query.isEmpty() ? null : Pattern.compile(Pattern.quote(query), Pattern.CASE_INSENSITIVE);
        List<AttributedString> shown = new ArrayList<>();
        for (int i = top; i < Math.min(lines.size(), top + height); i++) {
            Line line = lines.get(i);
            AttributedString text = line.text();
            if (match != null) {
                text = text.styleMatches(match, AttributedStyle.INVERSE);
            }
            if (line.first() && line.block() == selected) {
                text = new AttributedStringBuilder().style(AttributedStyle.INVERSE).append(text.toString())
                        .toAttributedString();
            }
            shown.add(text);
        }
        while (shown.size() < height) {
            shown.add(AttributedString.EMPTY);
        }
        shown.add(Columns.fit(new AttributedStringBuilder().style(AttributedStyle.INVERSE)
                .append(footer != null ? footer : keys(lines, height)).toAttributedString(), width));
        return shown;
    }

    private String keys(List<Line> lines, int height) {
        String where = blocks.isEmpty() ? "empty" : (selected + 1) + "/" + blocks.size();
        String more = top + height < lines.size() ? " ↓" : "";
        return " transcript · " + where + more + (message.isEmpty() ? "" : " · " + message)
                + " · q back · ↑↓ move · Enter/Space open/close · e open all · c fold all · / search · n/N next/prev";
    }

    /** Every line of the transcript as wrapped at {@code width}, each with a gutter saying folded or open. */
    List<Line> lines(int width) {
        List<Line> lines = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            boolean tight = (block.kind() == Block.Kind.NOTE && blocks.get(Math.max(0, b - 1)).kind() == Block.Kind.NOTE)
                    || (block.kind() == Block.Kind.CONFIRMATION && block.body().isEmpty());
            if (b > 0 && !tight) {
                lines.add(new Line(b, false, AttributedString.EMPTY));
            }
            boolean first = true;
            String gutter = !foldable(b) ? PLAIN : open.contains(b) ? OPEN : FOLDED;
            for (String text : block.lines(open.contains(b), previewLines, style, HINT)) {
                String mark = first ? gutter : PLAIN;
                for (AttributedString row : Columns.rows(Columns.line(mark + text), Math.max(1, width))) {
                    lines.add(new Line(b, first, row));
                    first = false;
                }
            }
        }
        return lines;
    }

    private int clampedTop(List<Line> lines, int height) {
        int max = Math.max(0, lines.size() - height);
        if (!follow) {
            return Math.max(0, Math.min(top, max));
        }
        int first = -1;
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).block() == selected && !(lines.get(i).text().length() == 0 && !lines.get(i).first())) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        int t = top < 0 ? first : Math.min(top, max);
        if (first >= 0) {
            if (first < t) {
                t = first;
            } else if (last >= t + height) {
                // all of the selected block in view when it fits, else from its first line
                t = Math.min(first, Math.max(0, last - height + 1));
            }
        }
        return Math.max(0, Math.min(t, max));
    }

    private void select(int block) {
        follow = true;
        if (!blocks.isEmpty()) {
            selected = Math.max(0, Math.min(blocks.size() - 1, block));
        }
    }

    private boolean foldable(int block) {
        return blocks.get(block).foldable(previewLines);
    }

    private String shownFolded(int block) {
        StringBuilder text = new StringBuilder();
        for (String line : blocks.get(block).lines(false, previewLines, style, HINT)) {
            text.append(AttributedString.fromAnsi(line)).append('\n');
        }
        return text.toString();
    }
}
