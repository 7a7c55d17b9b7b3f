package dev.rosetta.cli.repl;

import java.io.IOException;

import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.terminal.Terminal.SignalHandler;

import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.cli.chat.ChatRun;

/**
 * Ctrl-C while a turn runs: stops the model's reply or the running tool, and the prompt comes
 * back. JLine owns SIGINT while it reads a line (it turns it into UserInterruptException) and
 * restores the handler it found afterwards, so the turn's handler is set through the same
 * terminal for exactly the length of the turn.
 *
 * <p>A second Ctrl-C within two seconds while the same turn still has not ended leaves at once
 * (exit code 130): the escape from a tool that ignores being stopped. The log is synced per
 * message, so nothing written is lost.
 */
public final class TurnInterrupts {

    private final Terminal terminal;

    TurnInterrupts(Terminal terminal) {
        this.terminal = terminal;
    }

    /** Routes Ctrl-C to {@code loop} until the returned handle is closed. */
    Active during(AgentLoop loop) {
        DoublePress presses = new DoublePress(System::nanoTime);
        SignalHandler previous = terminal.handle(Signal.INT, signal -> {
            if (presses.press()) {
                leave(terminal);
            }
            loop.interrupt();
        });
        return () -> terminal.handle(Signal.INT, previous);
    }

    /** Restores the terminal's modes (a confirmation may have it raw) and exits without waiting. */
    public static void leave(Terminal terminal) {
        try {
            terminal.close();
        } catch (IOException | RuntimeException ignored) {
            // Exiting anyway; a terminal left in an odd mode is fixed by `reset`.
        }
        Runtime.getRuntime().halt(ChatRun.INTERRUPTED);
    }

    /** The turn's handler, in place until closed. */
    interface Active extends AutoCloseable {
        @Override
        void close();
    }
}
