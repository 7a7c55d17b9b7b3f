package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.InfoCmp.Capability;

import dev.rosetta.cli.render.TerminalOutput;

/**
 * The line editor of the terminal UI: JLine's, with the live region as the lines of its prompt and
 * the status line under the input. A frame is drawn by {@link #show} inside a widget, so under the
 * editor's own lock while the user types. Lines done go above the region, into the scrollback,
 * without the region being drawn again: the screen is scrolled up under it as far as they need
 * and blank lines are inserted over it for them (only where that cannot work — a terminal that
 * cannot insert lines, more lines than the screen holds — is the region erased, the lines
 * written, and the region drawn again). Then JLine's display rewrites what changed in the region.
 * The whole frame is one synchronized update (DEC mode 2026): a terminal that knows the mode
 * shows it at once, one that does not ignores the two sequences. The screen is never cleared.
 */
final class UiReader extends LineReaderImpl {

    static final String BEGIN_SYNC = "\u001b[?2026h";
    static final String END_SYNC = "\u001b[?2026l";

    /** Lone Esc interrupts; an Esc that starts a key's sequence arrives with the rest far sooner. */
    private static final long ESCAPE_WAIT_MILLIS = 120;

    /** Rosetta's text to the terminal, through the one guard every string passes ({@link TerminalOutput}). */
    private final PrintWriter text;
    private final BiFunction<Integer, Integer, AttributedString> livePrompt;
    private final IntFunction<AttributedString> liveStatus;
    private volatile Runnable onResize = () -> { };
    private AttributedString status = AttributedString.EMPTY;
    /** While JLine erases the prompt at the end of a line: no status line then. */
    private boolean finishing;

    /**
     * @param livePrompt the prompt's lines for a screen of (columns, rows), and
     * @param liveStatus the status line for a screen so many columns wide: what a line starts
     *                   with, before the first frame
     */
    UiReader(Terminal terminal, BiFunction<Integer, Integer, AttributedString> livePrompt,
            IntFunction<AttributedString> liveStatus) {
        super(terminal, "rosetta", variables());
        this.text = TerminalOutput.onTerminal(terminal.writer());
        this.livePrompt = livePrompt;
        this.liveStatus = liveStatus;
        option(Option.ERASE_LINE_ON_FINISH, true);
    }

    private static Map<String, Object> variables() {
        Map<String, Object> variables = new HashMap<>();
        variables.put(LineReader.AMBIGUOUS_BINDING, ESCAPE_WAIT_MILLIS);
        return variables;
    }

    /** Called after the terminal changed size, for a frame at the new width. */
    void onResize(Runnable action) {
        onResize = action;
    }

    /** Columns and rows of the screen as the editor knows it. */
    int columns() {
        return size.getColumns() > 0 ? size.getColumns() : 80;
    }

    int rows() {
        return size.getRows() > 0 ? size.getRows() : 24;
    }

    /**
     * Draws a frame; call only from a widget (the editor's lock held, a line being read). The
     * committed text ends with a line break, or is empty.
     */
    void show(String text, AttributedString promptLines, AttributedString statusLine) {
        String committed = Columns.expandTabs(text);
        terminal.beginSynchronizedUpdate();
        if (!committed.isEmpty() && !insertAbove(committed)) {
            display.update(List.of(), 0, false); // back to the region's start, its lines erased
            write(committed);
        }
        prompt = promptLines;
        status = statusLine;
        redisplay(false);
        terminal.endSynchronizedUpdate();
        terminal.flush();
    }

    /** Text as it stands where the cursor is, in one synchronized update: call only while no line is read. */
    void print(String committed) {
        terminal.beginSynchronizedUpdate();
        write(Columns.expandTabs(committed));
        terminal.endSynchronizedUpdate();
        terminal.flush();
    }

    private void write(String committed) {
        text.write(committed);
        text.flush();
    }

    /**
     * Puts {@code committed} (whole lines) above the live region, leaving the region as it is on
     * screen: from the region's last row, as many line feeds as the text has rows (the screen
     * scrolls up as far as it must, the top rows going into the scrollback), back up to the
     * region's first row, that many blank lines inserted there (the region moves down under
     * them), and the text written into them. False, having written nothing, where that cannot be
     * done.
     */
    private boolean insertAbove(String committed) {
        int columns = size.getColumns();
        int rows = size.getRows();
        if (columns <= 0 || rows <= 0 || terminal.getStringCapability(Capability.parm_insert_line) == null
                || terminal.getStringCapability(Capability.scroll_forward) == null
                || terminal.getStringCapability(Capability.parm_up_cursor) == null
                || terminal.getStringCapability(Capability.parm_down_cursor) == null) {
            return false;
        }
        List<AttributedString> region = getDisplayedBufferWithPrompts(new ArrayList<>())
                .columnSplitLength(terminal, columns, true, display.delayLineWrap());
        int shown = region.size();
        int added = 0;
        for (String line : committed.split("\n", -1)) {
            added += Columns.rows(Columns.line(line), columns).size();
        }
        added--; // the text ends with a line break: no row after it
        if (added <= 0 || shown + added > rows) {
            return false;
        }
        display.update(region, 0, false); // nothing changes; the cursor goes to the region's first row
        if (shown > 1) {
            terminal.puts(Capability.parm_down_cursor, shown - 1);
        }
        for (int i = 0; i < added; i++) {
            terminal.puts(Capability.scroll_forward);
        }
        terminal.puts(Capability.parm_up_cursor, shown - 1 + added);
        terminal.puts(Capability.carriage_return);
        terminal.puts(Capability.parm_insert_line, added);
        write(committed);
        return true;
    }

    /** Erases the live region (before another program takes the screen); the next frame draws it again. */
    void erase() {
        display.update(List.of(), 0, true);
    }

    /** The prompt is always the live region's; what readLine was given is ignored. */
    @Override
    public void setPrompt(String ignored) {
        Size now = terminal.getSize();
        int columns = now.getColumns() > 0 ? now.getColumns() : columns();
        prompt = livePrompt.apply(columns, now.getRows() > 0 ? now.getRows() : rows());
        status = liveStatus.apply(columns);
    }

    @Override
    public AttributedString getDisplayedBufferWithPrompts(List<AttributedString> secondaryPrompts) {
        AttributedString shown = super.getDisplayedBufferWithPrompts(secondaryPrompts);
        if (finishing || status.length() == 0) {
            return shown;
        }
        return new AttributedStringBuilder().append(shown).append("\n").append(status).toAttributedString();
    }

    @Override
    protected void cleanup() {
        finishing = true;
        try {
            super.cleanup();
        } finally {
            finishing = false;
        }
    }

    @Override
    protected void handleSignal(Signal signal) {
        super.handleSignal(signal);
        if (signal == Signal.WINCH) {
            onResize.run();
        }
    }
}
