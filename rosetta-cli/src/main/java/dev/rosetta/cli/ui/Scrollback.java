package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;

import org.jline.utils.AttributedString;

import dev.rosetta.cli.render.Screen;
import dev.rosetta.cli.render.TerminalStyle;

/**
 * What goes into the terminal's own scrollback, and the blocks the transcript shows. Prose
 * streams through a {@link Screen} (so blank lines set blocks apart as in line mode), each line
 * going on as it completes; calls, results and the rest are added whole, folded unless the user
 * asked for {@code collapse = "never"}. Lines wait in {@link #takePending} until the next frame
 * prints them above the live region. Not thread-safe: {@link UiState}'s lock guards it.
 */
final class Scrollback {

    /** Said after how many lines a folded block leaves out. */
    static final String HINT = " · Ctrl-O shows all";

    private final TerminalStyle style;
    private final LineSink sink = new LineSink(this::completed);
    private final Screen screen = new Screen(sink);
    private final StringBuilder pending = new StringBuilder();
    private final List<Block> blocks = new ArrayList<>();
    private Folding folding = Folding.DEFAULT;
    /** The lines of the prose run being written; null between runs. */
    private List<String> prose;
    /** How much of the line being written is in the scrollback already (a line too long for the live region). */
    private int partialShown;

    Scrollback(TerminalStyle style) {
        this.style = style;
    }

    /** Where the renderer writes prose. */
    Screen screen() {
        return screen;
    }

    void folding(Folding next) {
        this.folding = next;
    }

    Folding folding() {
        return folding;
    }

    /** A run of prose begins: the lines written from here on are one block of the transcript. */
    void openProse() {
        if (prose == null) {
            prose = new ArrayList<>();
        }
    }

    /** The run of prose, if one is open, ends as a block (its blank lines at either end dropped). */
    void closeProse() {
        if (prose == null) {
            return;
        }
        int from = 0;
        int to = prose.size();
        while (from < to && Columns.isBlank(prose.get(from))) {
            from++;
        }
        while (to > from && Columns.isBlank(prose.get(to - 1))) {
            to--;
        }
        if (from < to) {
            blocks.add(Block.text(Block.Kind.PROSE, prose.subList(from, to)));
        }
        prose = null;
    }

    /** Adds a block below a blank line, folded or whole as the settings say; its first line cut to {@code width}. */
    void add(Block block, int width) {
        add(block, width, true);
    }

    /** As {@link #add(Block, int)}; {@code apart} false puts it right under the line before (a command's output). */
    void add(Block block, int width, boolean apart) {
        closeProse();
        if (apart) {
            screen.separate();
        } else {
            screen.endLine();
        }
        blocks.add(block);
        List<String> lines = block.lines(!folding.collapse(), folding.previewLines(), style, HINT);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = i == 0 && block.header() != null ? Columns.fit(lines.get(i), width) : lines.get(i);
            text.append(line).append('\n');
        }
        screen.write(text.toString());
    }

    /** What the live region shows of the line being written, styled: all of it but what went ahead. */
    String partial() {
        if (partialShown == 0) {
            return sink.partial();
        }
        AttributedString line = Columns.line(sink.partial());
        return line.subSequence(Math.min(partialShown, line.length()), line.length()).toAnsi();
    }

    /**
     * A line being written that would take more than {@code keepRows} rows of the live region
     * sends its first rows ahead into the scrollback, cut where the screen wraps them, so the
     * region never outgrows the screen. A line that fits stays whole, and goes into the scrollback
     * as one line when it ends (so the terminal wraps it, and rewraps it on a resize).
     */
    void spill(int width, int keepRows) {
        AttributedString rest = Columns.line(partial());
        List<AttributedString> rows = Columns.rows(rest, width);
        if (rows.size() <= keepRows) {
            return;
        }
        for (AttributedString row : rows.subList(0, rows.size() - keepRows)) {
            pending.append(row.toAnsi()).append('\n');
            partialShown += row.length();
        }
    }

    /** The lines completed since the last call, each ending with a line break. */
    String takePending() {
        String text = pending.toString();
        pending.setLength(0);
        return text;
    }

    /** Every block so far, the prose being written included. */
    List<Block> blocks() {
        List<Block> all = new ArrayList<>(blocks);
        if (prose != null && !prose.isEmpty()) {
            all.add(Block.text(Block.Kind.PROSE, prose));
        }
        return all;
    }

    private void completed(String line) {
        if (partialShown > 0) {
            AttributedString whole = Columns.line(line);
            pending.append(whole.subSequence(Math.min(partialShown, whole.length()), whole.length()).toAnsi());
            partialShown = 0;
        } else {
            pending.append(line);
        }
        pending.append('\n');
        if (prose != null) {
            prose.add(line);
        }
    }

    /**
     * How blocks go into the scrollback.
     *
     * @param collapse     whether foldable blocks are folded
     * @param previewLines how many lines of a folded block's body show
     */
    record Folding(boolean collapse, int previewLines) {
        static final Folding DEFAULT = new Folding(true, 8);
    }
}
