package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jline.reader.LineReader;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.jline.utils.ScreenTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * Frames as the terminal gets them, on a terminal over pipes with a line being read: every frame
 * one synchronized update, the screen never cleared, and what went ahead on the screen once, the
 * live region redrawn under it (read back through JLine's screen emulator).
 */
class InlineFramesTest {

    private static final String FRAME = "test-frame";

    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private PipedOutputStream keyboard;
    private Terminal terminal;
    private UiState state;
    private EventView view;
    private UiReader reader;
    private Thread reading;
    private int frames;

    @BeforeEach
    void reading() throws Exception {
        keyboard = new PipedOutputStream();
        OutputStream screen = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (written) {
                    written.write(b);
                }
            }
        };
        terminal = new ExternalTerminal("test", "xterm-256color", new PipedInputStream(keyboard), screen,
                StandardCharsets.UTF_8);
        terminal.setSize(new Size(80, 24));
        state = new UiState(new TerminalStyle(true, false), () -> 5_000_000_000L);
        view = new EventView(state);
        reader = new UiReader(terminal, state::promptLines, state::status);
        CountDownLatch started = new CountDownLatch(1);
        reader.getWidgets().put(LineReader.CALLBACK_INIT, () -> {
            started.countDown();
            return true;
        });
        reader.getWidgets().put(FRAME, () -> {
            UiState.Frame f = state.frame(reader.columns(), reader.rows());
            reader.show(f.committed(), f.prompt(), f.status());
            return true;
        });
        reading = new Thread(() -> {
            try {
                reader.readLine();
            } catch (RuntimeException e) {
                // interrupted at the end of the test
            }
        });
        reading.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @AfterEach
    void stop() throws Exception {
        reading.interrupt();
        reading.join(10_000);
        keyboard.close();
        terminal.close();
    }

    private void event(AgentEvent event) {
        view.accept(event);
        reader.callWidget(FRAME);
        frames++;
    }

    private String output() {
        synchronized (written) {
            return written.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void aStreamedReplyWithACallIsDrawnInSynchronizedFramesWithoutEverClearingTheScreen() {
        String reply = IntStream.rangeClosed(1, 60).mapToObj(i -> "Line " + i + " of the **reply**, in pieces.\n")
                .collect(Collectors.joining());
        for (int i = 0; i < reply.length(); i += 7) {
            event(new AgentEvent.ProseDelta(reply.substring(i, Math.min(reply.length(), i + 7))));
        }
        ToolUse save = new ToolUse("save", List.of("notes.md"), "a\nb\nc\n", Map.of(), null);
        event(new AgentEvent.CallRead(save, "markdown", ""));
        event(new AgentEvent.ToolStarted(save));
        event(new AgentEvent.ToolFinished(save, ToolResult.ok("Saved notes.md")));
        view.endTurn();
        reader.callWidget(FRAME);
        frames++;

        String out = output();
        assertThat(out).doesNotContain("\u001b[2J", "\u001b[3J", "\u001bc", "\u001b[H\u001b[J", "\u001b[?1049h");
        assertThat(count(out, UiReader.BEGIN_SYNC)).isEqualTo(frames);
        assertThat(count(out, UiReader.END_SYNC)).isEqualTo(frames);

        List<String> shown = emulated(out);
        assertThat(shown).filteredOn(l -> l.startsWith("Line 17 of the reply")).hasSize(1);
        assertThat(shown).containsSubsequence("Line 1 of the reply, in pieces.", "Line 60 of the reply, in pieces.",
                "▶ save notes.md · 3 lines", "✓ save · Saved notes.md");
        List<String> end = shown.stream().filter(l -> !l.isBlank()).toList();
        assertThat(end.get(end.size() - 1)).as("the status line, last").contains("(0%)");
        assertThat(end.get(end.size() - 2)).as("the prompt above it").isEqualTo(">");
    }

    /**
     * Issue 25: a line with tabs went into the scrollback with them, and the terminal — whose tab
     * stops are per screen row, and which never wraps at a tab — gave it fewer rows than the live
     * region had made room for, so the region and what came after landed in the wrong rows.
     */
    @Test
    void aLineWithTabsTakesTheRowsItWasMeasuredToTakeAndTheRegionStaysUnderIt() {
        terminal.setSize(new Size(45, 24));
        terminal.raise(Terminal.Signal.WINCH); // the line editor learns the new width
        String reply = "Before.\n\n" + "x\t".repeat(30) + "end\n\nAfter the line.\n";
        for (int i = 0; i < reply.length(); i += 5) {
            event(new AgentEvent.ProseDelta(reply.substring(i, Math.min(reply.length(), i + 5))));
        }
        view.endTurn();
        reader.callWidget(FRAME);

        List<String> shown = emulated(output(), 45);
        int before = shown.indexOf("Before.");
        int after = shown.indexOf("After the line.");
        assertThat(before).isNotNegative();
        assertThat(after - before).as(String.join("\n", shown)).isEqualTo(2 + 6 + 1);
        assertThat(String.join("", shown.subList(before + 2, before + 8)).replace(" ", "")).isEqualTo("x".repeat(30) + "end");
        List<String> end = shown.stream().filter(l -> !l.isBlank()).toList();
        assertThat(end.get(end.size() - 1)).as("the status line, last").contains("(0%)");
        assertThat(end.get(end.size() - 2)).as("the prompt above it").isEqualTo(">");
        assertThat(end.get(end.size() - 3)).as("the reply's last line right above").isEqualTo("After the line.");
    }

    /** What a terminal shows after these bytes: its scrollback, then its screen, lines without trailing spaces. */
    private static List<String> emulated(String bytes) {
        return emulated(bytes, 80);
    }

    private static List<String> emulated(String bytes, int columns) {
        ScreenTerminal screen = new ScreenTerminal(columns, 24);
        screen.write(bytes.replace("\r\n", "\n").replace("\n", "\r\n"));
        List<String> lines = new ArrayList<>();
        for (long[] row : screen.getHistory()) {
            lines.add(text(row));
        }
        long[] cells = new long[screen.getRows() * screen.getColumns()];
        screen.dump(cells, new int[2]);
        for (int row = 0; row < screen.getRows(); row++) {
            lines.add(text(java.util.Arrays.copyOfRange(cells, row * screen.getColumns(),
                    (row + 1) * screen.getColumns())));
        }
        return lines;
    }

    private static String text(long[] row) {
        StringBuilder line = new StringBuilder();
        for (long cell : row) {
            int cp = ScreenTerminal.cellCodePoint(cell);
            line.appendCodePoint(cp == 0 ? ' ' : cp);
        }
        return line.toString().stripTrailing();
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
