package dev.rosetta.tools.repl;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.rosetta.tools.sandbox.Sandbox;

/**
 * A conversation's interpreter: started on first use, asked one call at a time, and replaced by
 * a fresh one as soon as it dies or has to be killed, so the next call never meets a corpse.
 */
public final class ReplSession implements AutoCloseable {

    /** How to start the interpreter: run in {@code workspace}, printing into {@code output}. */
    @FunctionalInterface
    public interface Launcher {
        ProcessBuilder command(Path workspace, Path output);
    }

    /**
     * What one call produced.
     *
     * @param reply   the interpreter's reply frame, or how its process ended
     * @param stop    whether the call was cut short by the timeout or a cancel
     * @param output  what the code printed (stdout and stderr as they interleaved)
     * @param started whether the interpreter had finished starting (said {@code ready})
     * @param stderr  the tail of the interpreter's own stderr, for when it failed to start
     * @param diedIdle how the previous interpreter ended, if it died between calls and this
     *                call ran in a fresh one
     */
    public record Turn(Reply reply, ReplProcess.Stop stop, String output, boolean started, String stderr,
            Optional<Reply.Ended> diedIdle) {}

    /** Longer than any healthy start (a JVM on a loaded machine), short enough to notice a hang. */
    static final Duration STARTUP_LIMIT = Duration.ofSeconds(60);

    private final String name;
    private final Launcher launcher;
    private final ReentrantLock lock = new ReentrantLock();
    private CaptureFile capture;
    private volatile ReplProcess process;
    private volatile boolean closed;

    public ReplSession(String name, Launcher launcher) {
        this.name = name;
        this.launcher = launcher;
    }

    /**
     * Starts the interpreter now if nobody is using the session, so its start-up overlaps with
     * whatever comes before the first call (the user reading a confirmation prompt).
     */
    public void prestart(Path workspace, Sandbox sandbox) {
        if (lock.tryLock()) {
            try {
                ensureStarted(workspace, sandbox);
            } catch (IOException e) {
                // the call itself will report it
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Runs one request; see {@link ReplProcess#exchange}. Waits for a starting interpreter
     * first (outside the call's time limit). Throws only when the interpreter cannot be
     * launched at all, or when interrupted while waiting for another call or for start-up.
     */
    public Turn call(Map<String, String> request, Path workspace, Sandbox sandbox, ReplTimeouts timeouts,
            Consumer<ReplProcess> interrupt) throws IOException, InterruptedException {
        lock.lockInterruptibly();
        try {
            ReplProcess current = ensureStarted(workspace, sandbox);
            Optional<Reply.Ended> diedIdle = current.ready().isPresent() ? current.endedWhileIdle() : Optional.empty();
            String earlier = diedIdle.isPresent() ? capture.drain() : ""; // its last words, printed after the last call
            if (diedIdle.isPresent()) {
                process = null;
                current = ensureStarted(workspace, sandbox);
            }
            Optional<Reply.Ended> failed = current.awaitReady(STARTUP_LIMIT);
            for (int attempt = 1; failed.isPresent() && attempt < Sandbox.START_ATTEMPTS
                    && sandbox.lostARace(current.stderrTail()); attempt++) {
                process = null; // the sandbox lost a race with another program's /tmp entry: start afresh
                current = ensureStarted(workspace, sandbox);
                failed = current.awaitReady(STARTUP_LIMIT);
            }
            if (failed.isPresent()) {
                process = null; // no eager restart: it would most likely fail the same way
                return new Turn(failed.get(), ReplProcess.Stop.NONE, earlier + capture.drain(), false,
                        current.stderrTail(), diedIdle);
            }
            ReplProcess.Exchange exchange = current.exchange(request, timeouts, interrupt);
            String output = earlier + capture.drain();
            if (exchange.reply() instanceof Reply.Ended) {
                process = null;
                restart(workspace, sandbox);
            }
            return new Turn(exchange.reply(), exchange.stop(), output, true, current.stderrTail(), diedIdle);
        } finally {
            lock.unlock();
        }
    }

    private ReplProcess ensureStarted(Path workspace, Sandbox sandbox) throws IOException {
        if (closed) {
            throw new IOException("the session is closed");
        }
        if (process == null) {
            if (capture == null) {
                capture = CaptureFile.create(name);
            }
            capture.drain();
            // The capture file alone, not its folder: code in the sandbox must not swap it for a link.
            process = ReplProcess.start(launcher.command(workspace, capture.path()), sandbox, List.of(capture.path()));
        }
        return process;
    }

    /** A dead interpreter is replaced at once: its start-up then overlaps with the model's next turn. */
    private void restart(Path workspace, Sandbox sandbox) {
        try {
            ensureStarted(workspace, sandbox);
        } catch (IOException | RuntimeException e) {
            process = null;
        }
    }

    /** The process started for the interpreter (in a sandbox, the sandbox around it), while there is one. */
    public Optional<ProcessHandle> process() {
        ReplProcess current = process;
        return current == null ? Optional.empty() : Optional.of(current.handle());
    }

    /** Ends the interpreter, also in the middle of a call (which then reports it gone). */
    @Override
    public void close() {
        closed = true;
        ReplProcess running = process;
        if (running != null) {
            running.close();
        }
        lock.lock();
        try {
            if (process != null) {
                process.close();
                process = null;
            }
            if (capture != null) {
                capture.close();
                capture = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
