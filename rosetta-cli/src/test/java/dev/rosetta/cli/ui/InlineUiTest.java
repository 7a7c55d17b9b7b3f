package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;

/** Where the UI cannot run (the line prompt serves then): a screen too small, a terminal that cannot move the cursor. */
class InlineUiTest {

    private static Terminal terminal(String type, int columns, int rows) throws Exception {
        Terminal t = new ExternalTerminal("test", type, new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream(), StandardCharsets.UTF_8);
        t.setSize(new Size(columns, rows));
        return t;
    }

    @Test
    void anXtermOfOrdinarySizeTakesTheUi() throws Exception {
        try (Terminal t = terminal("xterm-256color", 80, 24)) {
            assertThat(InlineUi.unsuitable(t)).isEmpty();
        }
    }

    @Test
    void aScreenTooSmallForTheLiveRegionGetsTheLinePrompt() throws Exception {
        try (Terminal narrow = terminal("xterm-256color", 15, 24); Terminal low = terminal("xterm-256color", 80, 4);
                Terminal sizeless = terminal("xterm-256color", 0, 0)) {
            assertThat(InlineUi.unsuitable(narrow)).get().asString().contains("smaller than 20×6");
            assertThat(InlineUi.unsuitable(low)).isPresent();
            assertThat(InlineUi.unsuitable(sizeless)).isPresent();
        }
    }

    @Test
    void aTerminalThatCannotMoveTheCursorUpGetsTheLinePrompt() throws Exception {
        try (Terminal dumb = terminal("dumb", 80, 24)) {
            assertThat(InlineUi.unsuitable(dumb)).get().asString().contains("cursor up");
        }
    }
}
