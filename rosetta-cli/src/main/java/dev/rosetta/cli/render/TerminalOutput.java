package dev.rosetta.cli.render;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * The one way Rosetta writes to stdout and stderr. Both are guarded ({@link OutputGuard}): no
 * control sequence from a provider's error, a config file, a path or a tool reaches the
 * terminal, whichever code wrote it, in text and in JSON output alike. Nothing else in Rosetta
 * opens the standard streams; {@code OneOutputPathTest} keeps it so.
 *
 * <p>Errors and warnings are one line each on stderr: {@code rosetta: …}.
 */
public final class TerminalOutput {

    private static final String CLEAR_SCREEN = "\u001b[H\u001b[2J";

    private volatile TerminalChannel out;
    private final TerminalChannel err;
    private final OutputStream rawOut;

    private TerminalOutput(OutputStream stdout, OutputStream stderr, BooleanSupplier stdoutIsTerminal) {
        this.rawOut = stdout;
        this.out = new TerminalChannel(guarded(stdout, stdoutIsTerminal));
        // Nothing Rosetta writes to stderr is styled, so nothing there passes, terminal or not.
        this.err = new TerminalChannel(guarded(stderr, OutputGuard.NEVER));
    }

    /**
     * This process's stdout and stderr, guarded; {@code System.out} and {@code System.err} are
     * replaced by the guarded streams too, so that whatever still writes there (a library, the
     * JVM's report of an uncaught exception) passes the same guard.
     *
     * @param stdoutIsTerminal asked once, when the first ESC or CR is written to stdout
     */
    public static TerminalOutput system(BooleanSupplier stdoutIsTerminal) {
        TerminalOutput output = new TerminalOutput(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)),
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.err)), stdoutIsTerminal);
        System.setOut(output.out.stream());
        System.setErr(output.err.stream());
        return output;
    }

    /**
     * Whatever {@code System.out} and {@code System.err} are now (a test, or the training run, may
     * have replaced them), guarded as output that is not a terminal.
     */
    public static TerminalOutput current() {
        return of(System.out, System.err);
    }

    /** Output to these streams, neither of them a terminal: nothing passes the guard. */
    public static TerminalOutput of(OutputStream stdout, OutputStream stderr) {
        return new TerminalOutput(stdout, stderr, OutputGuard.NEVER);
    }

    /** Output that goes nowhere (the training run's). */
    public static TerminalOutput discarding() {
        return of(OutputStream.nullOutputStream(), OutputStream.nullOutputStream());
    }

    /** The line editor's writer, guarded as a terminal: what Rosetta writes through it passes the same rules. */
    public static PrintWriter onTerminal(Writer terminalWriter) {
        return new PrintWriter(new GuardedWriter(terminalWriter, new OutputGuard(OutputGuard.ALWAYS)), true);
    }

    public TerminalChannel out() {
        return out;
    }

    public TerminalChannel err() {
        return err;
    }

    /** {@code rosetta: message} on stderr, on one line whatever the message holds. */
    public void error(String message) {
        problem("rosetta: " + message);
    }

    /** {@code rosetta: warning: message} on stderr, on one line. */
    public void warning(String message) {
        problem("rosetta: warning: " + message);
    }

    /** A line on stderr as given (it names its command itself), flattened to one line. */
    public void problem(String line) {
        err.line(oneLine(line));
    }

    /** stdout as picocli writes help and version to it. */
    public PrintWriter outWriter() {
        return new PrintWriter(out.stream(), true, StandardCharsets.UTF_8);
    }

    /** stderr as picocli and stack traces write to it. */
    public PrintWriter errWriter() {
        return new PrintWriter(err.stream(), true, StandardCharsets.UTF_8);
    }

    /**
     * Gives stdout to a protocol ({@code rosetta acp}'s JSON-RPC for an editor): the raw stream, for
     * messages whose own encoding escapes every control character (JSON). From then on what would go
     * to stdout ({@link #out()}, {@code System.out}) goes to stderr, guarded, so that stdout carries the
     * protocol and nothing else.
     */
    public OutputStream handOverStdout() {
        out.flush();
        out = err;
        if (System.out != System.err) {
            System.setOut(err.stream());
        }
        return rawOut;
    }

    /** The user's /clear: the one escape sequence written past the guard, on purpose. */
    public void clearScreen() {
        out.flush();
        try {
            rawOut.write(CLEAR_SCREEN.getBytes(StandardCharsets.US_ASCII));
            rawOut.flush();
        } catch (java.io.IOException e) {
            // The terminal is gone; nothing to clear.
        }
    }

    private static PrintStream guarded(OutputStream target, BooleanSupplier terminal) {
        return new PrintStream(new GuardedStream(target, new OutputGuard(terminal)), true, StandardCharsets.UTF_8);
    }

    /** The text cleaned, its lines joined by spaces: one line, whatever it held. */
    static String oneLine(String text) {
        return TerminalText.oneLine(text);
    }
}
