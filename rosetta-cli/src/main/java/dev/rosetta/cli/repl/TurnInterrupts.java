package dev.rosetta.cli.repl;

import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.terminal.Terminal.SignalHandler;

import dev.rosetta.cli.terminal.DoublePress;
import dev.rosetta.cli.terminal.ReplTerminal;

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
final class TurnInterrupts {

    private final Terminal terminal;

    TurnInterrupts(Terminal terminal) {
        this.terminal = terminal;
    }

    /** Routes Ctrl-C to {@code interrupt} until the returned handle is closed. */
    Active during(Runnable interrupt) {
        DoublePress presses = new DoublePress(System::nanoTime);
        SignalHandler previous = terminal.handle(Signal.INT, signal -> {
            if (presses.press()) {
                ReplTerminal.leave(terminal);
            }
            interrupt.run();
        });
        return () -> terminal.handle(Signal.INT, previous);
    }

    /** The turn's handler, in place until closed. */
    interface Active extends AutoCloseable {
        @Override
        void close();
    }
}
