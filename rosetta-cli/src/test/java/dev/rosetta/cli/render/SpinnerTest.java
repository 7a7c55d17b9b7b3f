package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/**
 * The spinner: only on a terminal, erased before anything else is written, never after. Its
 * frames are drawn by the test, one {@link Frames#tick} at a time, so what a frame would draw at
 * any moment is checked without waiting for one.
 */
class SpinnerTest {

    private static final TerminalStyle TERMINAL = new TerminalStyle(false, true);

    /** A frame timer the test drives: each tick draws the next frame of every running animation. */
    private static final class Frames implements FrameTimer {
        private record Animation(IntPredicate frame, int[] next) {}

        private final List<Animation> running = new ArrayList<>();
        private int started;

        @Override
        public void animate(IntPredicate frame) {
            running.add(new Animation(frame, new int[1]));
            started++;
        }

        void tick() {
            for (Iterator<Animation> it = running.iterator(); it.hasNext(); ) {
                Animation a = it.next();
                if (!a.frame().test(a.next()[0]++)) {
                    it.remove();
                }
            }
        }

        /** Animations whose last frame drew (a stopped one is seen as stopped at its next tick). */
        int running() {
            return running.size();
        }
    }

    private final StringBuilder out = new StringBuilder();
    private final Frames frames = new Frames();

    private TerminalRenderer renderer(TerminalStyle style) {
        return new TerminalRenderer(out, style, frames);
    }

    private static AgentEvent userMessage() {
        return new AgentEvent.MessageAdded(LoggedMessage.of(Message.user("hi"), ToolFormat.MARKDOWN));
    }

    @Test
    void spinsWhileWaitingAndIsErasedBeforeTheFirstToken() {
        TerminalRenderer renderer = renderer(TERMINAL);
        renderer.accept(userMessage());
        frames.tick();
        assertThat(out).endsWith("⠋ waiting for the model");
        renderer.accept(new AgentEvent.ProseDelta("Hello"));
        String erase = "\r" + " ".repeat("⠋ waiting for the model".length()) + "\r";
        assertThat(out.toString()).endsWith(erase + "Hello");
        String after = out.toString();
        frames.tick();
        assertThat(out.toString()).isEqualTo(after);
        assertThat(frames.running()).isZero();
        renderer.endTurn();
    }

    @Test
    void eachFrameDrawsTheNextGlyphOverTheLast() {
        TerminalRenderer renderer = renderer(TERMINAL);
        renderer.accept(userMessage());
        frames.tick();
        frames.tick();
        // In one write, so the terminal never shows a blank line between two frames.
        assertThat(out.toString()).isEqualTo("⠋ waiting for the model\r⠙ waiting for the model");
        renderer.endTurn();
    }

    @Test
    void neverSpinsWithoutATerminal() {
        TerminalRenderer renderer = renderer(TerminalStyle.plain());
        renderer.accept(userMessage());
        renderer.accept(new AgentEvent.CallStarted("save", "markdown"));
        frames.tick();
        assertThat(frames.started).isZero();
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void showsACallBeingWrittenAndErasesItByColumnsForWideNames() {
        TerminalRenderer renderer = renderer(TERMINAL);
        renderer.accept(new AgentEvent.CallStarted("保存", "tool"));
        frames.tick();
        assertThat(out.toString()).contains("writing a 保存 call");
        renderer.accept(new AgentEvent.Notice("done"));
        int columns = "⠋ writing a ".length() + 4 + " call".length();
        assertThat(out.toString()).endsWith("\r" + " ".repeat(columns) + "\rℹ done\n");
    }

    @Test
    void endTurnStopsTheSpinner() {
        TerminalRenderer renderer = renderer(TERMINAL);
        renderer.accept(userMessage());
        frames.tick();
        assertThat(out.toString()).contains("waiting");
        renderer.endTurn();
        String after = out.toString();
        assertThat(after).endsWith("\r");
        frames.tick();
        assertThat(out.toString()).isEqualTo(after);
        assertThat(frames.running()).isZero();
    }

    @Test
    void neverDrawsInsideALine() {
        TerminalRenderer renderer = renderer(TERMINAL);
        renderer.accept(new AgentEvent.ProseDelta("half a line"));
        renderer.accept(new AgentEvent.Notice("retrying"));
        renderer.accept(userMessage());
        frames.tick();
        assertThat(out.toString()).contains("waiting");
        for (String piece : List.of("a", "b", "c")) {
            renderer.accept(new AgentEvent.ProseDelta(piece));
            frames.tick();
        }
        renderer.endTurn();
        String shown = out.toString();
        assertThat(shown).startsWith("half a line\nℹ retrying\n");
        assertThat(shown.substring(shown.lastIndexOf('\r') + 1)).isEqualTo("\nabc\n");
    }
}
