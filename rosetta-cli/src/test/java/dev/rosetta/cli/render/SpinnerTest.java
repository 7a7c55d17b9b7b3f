package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** The spinner: only on a terminal, erased before anything else is written, never after. */
class SpinnerTest {

    private static final TerminalStyle TERMINAL = new TerminalStyle(false, true);

    /** A thread-safe output: the spinner writes from its own thread. */
    private static final class Output implements Appendable {
        private final StringBuffer text = new StringBuffer();

        @Override
        public Appendable append(CharSequence s) {
            text.append(s);
            return this;
        }

        @Override
        public Appendable append(CharSequence s, int start, int end) {
            text.append(s, start, end);
            return this;
        }

        @Override
        public Appendable append(char c) {
            text.append(c);
            return this;
        }

        @Override
        public String toString() {
            return text.toString();
        }

        void awaitContains(String part) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (!toString().contains(part)) {
                assertThat(System.nanoTime()).as("waiting for %s", part).isLessThan(deadline);
                Thread.sleep(10);
            }
        }
    }

    private static AgentEvent userMessage() {
        return new AgentEvent.MessageAdded(LoggedMessage.of(Message.user("hi"), ToolFormat.MARKDOWN));
    }

    @Test
    void spinsWhileWaitingAndIsErasedBeforeTheFirstToken() throws InterruptedException {
        Output out = new Output();
        TerminalRenderer renderer = new TerminalRenderer(out, TERMINAL);
        renderer.accept(userMessage());
        out.awaitContains("waiting for the model");
        renderer.accept(new AgentEvent.ProseDelta("Hello"));
        String erase = "\r" + " ".repeat("⠋ waiting for the model".length()) + "\r";
        assertThat(out.toString()).endsWith(erase + "Hello");
        String after = out.toString();
        Thread.sleep(300);
        assertThat(out.toString()).isEqualTo(after);
        renderer.endTurn();
    }

    @Test
    void neverSpinsWithoutATerminal() throws InterruptedException {
        Output out = new Output();
        TerminalRenderer renderer = new TerminalRenderer(out, TerminalStyle.plain());
        renderer.accept(userMessage());
        renderer.accept(new AgentEvent.CallStarted("save", "markdown"));
        Thread.sleep(300);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void showsACallBeingWrittenAndErasesItByColumnsForWideNames() throws InterruptedException {
        Output out = new Output();
        TerminalRenderer renderer = new TerminalRenderer(out, TERMINAL);
        renderer.accept(new AgentEvent.CallStarted("保存", "tool"));
        out.awaitContains("writing a 保存 call");
        renderer.accept(new AgentEvent.Notice("done"));
        int columns = "⠋ writing a ".length() + 4 + " call".length();
        assertThat(out.toString()).endsWith("\r" + " ".repeat(columns) + "\rℹ done\n");
    }

    @Test
    void endTurnStopsTheSpinner() throws InterruptedException {
        Output out = new Output();
        TerminalRenderer renderer = new TerminalRenderer(out, TERMINAL);
        renderer.accept(userMessage());
        out.awaitContains("waiting");
        renderer.endTurn();
        String after = out.toString();
        assertThat(after).endsWith("\r");
        Thread.sleep(300);
        assertThat(out.toString()).isEqualTo(after);
    }

    @Test
    void neverDrawsInsideALine() throws InterruptedException {
        Output out = new Output();
        TerminalRenderer renderer = new TerminalRenderer(out, TERMINAL);
        renderer.accept(new AgentEvent.ProseDelta("half a line"));
        renderer.accept(new AgentEvent.Notice("retrying"));
        renderer.accept(userMessage());
        out.awaitContains("waiting");
        for (String piece : List.of("a", "b", "c")) {
            renderer.accept(new AgentEvent.ProseDelta(piece));
            Thread.sleep(120);
        }
        renderer.endTurn();
        String shown = out.toString();
        assertThat(shown).startsWith("half a line\nℹ retrying\n");
        assertThat(shown.substring(shown.lastIndexOf('\r') + 1)).isEqualTo("\nabc\n");
    }
}
