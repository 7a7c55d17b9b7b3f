package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.function.UnaryOperator;

/**
 * A stdio server's standard error: appended to a log file beside the conversation (never to the
 * terminal), with its last non-blank line kept to explain a crash. Secrets are taken out of each
 * line before it is written or kept. Rosetta's own lines are marked {@code [rosetta]}.
 */
final class StderrLog implements AutoCloseable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    /** How long standard error must be quiet after the process ended before its last line counts as last. */
    private static final long QUIET_NANOS = 100_000_000L;
    private static final long SETTLE_LIMIT_NANOS = 1_000_000_000L;

    private final Writer out;
    private final UnaryOperator<String> redact;
    private volatile String last;
    private volatile long lastAt = System.nanoTime();

    private StderrLog(Writer out, UnaryOperator<String> redact) {
        this.out = out;
        this.redact = redact;
    }

    /** A log appending to {@code file}, or keeping only the last line when it is null or cannot be opened. */
    static StderrLog open(Path file, UnaryOperator<String> redact) {
        if (file == null) {
            return new StderrLog(null, redact);
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return new StderrLog(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND), redact);
        } catch (IOException e) {
            return new StderrLog(null, redact);
        }
    }

    /** One line the server wrote. */
    void line(String text) {
        String safe = redact.apply(text);
        if (!safe.isBlank()) {
            last = safe.strip();
        }
        lastAt = System.nanoTime();
        write(safe);
    }

    /** A line of Rosetta's own: the server starting, its process ending, a log message it sent. */
    void note(String text) {
        write("[rosetta] " + redact.apply(text));
    }

    /**
     * After the process ended, its last lines may still be on their way from the pipe (the SDK
     * reads them on a thread of its own): waits until standard error has been quiet for a tenth of a
     * second since the end, at most a second, so that {@link #last()} is the server's real last line.
     */
    void settle() throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - Math.max(lastAt, start) < QUIET_NANOS
                && System.nanoTime() - start < SETTLE_LIMIT_NANOS) {
            Thread.sleep(20);
        }
    }

    /** The last non-blank line the server wrote, or null. */
    String last() {
        return last;
    }

    private synchronized void write(String safe) {
        if (out == null) {
            return;
        }
        try {
            out.write(LocalTime.now().format(TIME) + " " + safe + "\n");
            out.flush();
        } catch (IOException e) {
            // The log is a help for the user; a full disk must not stop the server.
        }
    }

    @Override
    public synchronized void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException ignored) {
                // nothing more to write
            }
        }
    }
}
