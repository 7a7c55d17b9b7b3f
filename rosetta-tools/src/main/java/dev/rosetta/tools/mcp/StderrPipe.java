package dev.rosetta.tools.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.rosetta.tools.process.Executables;

/**
 * One server process's standard error, through a named pipe that the process opens for writing
 * and a thread of Rosetta's reads to its end: every line the process wrote arrives, also the last
 * ones before a crash (the SDK's own reader of the process's stderr stops as soon as its stdout
 * ends). Nothing of it touches the disk before Rosetta has seen it. Lines are cut at
 * {@value #LONGEST_LINE} bytes, so a server that never writes a newline cannot fill the memory.
 */
final class StderrPipe {

    static final int LONGEST_LINE = 16 * 1024;
    private static final AtomicLong NUMBER = new AtomicLong();

    private final Path path;
    private final Consumer<String> lines;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean opened;

    private StderrPipe(Path path, Consumer<String> lines) {
        this.path = path;
        this.lines = lines;
    }

    /**
     * A new pipe in {@code folder} (a folder only the user can read) whose lines go to
     * {@code lines}, read from now on; null when no named pipe can be made here (no mkfifo).
     */
    static StderrPipe open(Path folder, Consumer<String> lines) {
        var mkfifo = Executables.find("mkfifo", System.getenv("PATH"));
        if (mkfifo.isEmpty()) {
            return null;
        }
        Path path = folder.resolve("stderr-" + NUMBER.incrementAndGet());
        try {
            Process made = new ProcessBuilder(mkfifo.get().toString(), "-m", "600", path.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (made.waitFor() != 0) {
                return null;
            }
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        StderrPipe pipe = new StderrPipe(path, lines);
        Thread reader = new Thread(pipe::read, "mcp-stderr");
        reader.setDaemon(true);
        reader.start();
        return pipe;
    }

    /** Where the process is to write its standard error. */
    Path path() {
        return path;
    }

    /**
     * Waits, at most {@code bound}, until every writer has closed the pipe (the process and what
     * it started have ended) and its last line is passed on; false when the bound passed first.
     */
    boolean awaitEnd(Duration bound) throws InterruptedException {
        return ended.await(bound.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Ends the reader when no process ever opened the pipe (it failed to start): it would wait for one forever. */
    void release() {
        if (!opened && Files.exists(path)) {
            try (OutputStream unblock = Files.newOutputStream(path)) {
                // opening it for writing lets the reader's open return, and closing it ends the reading
            } catch (IOException ignored) {
                // the reader is gone already
            }
        }
    }

    private void read() {
        // Opening a named pipe for reading waits for a writer: the process, once its shell redirects.
        try (InputStream in = Files.newInputStream(path)) {
            opened = true;
            Files.deleteIfExists(path); // the pipe lives on, open at both ends; its name is not needed
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            for (int n; (n = in.read(chunk)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == '\n' || line.size() >= LONGEST_LINE) {
                        pass(line);
                    }
                    if (chunk[i] != '\n') {
                        line.write(chunk[i]);
                    }
                }
            }
            if (line.size() > 0) {
                pass(line);
            }
        } catch (IOException e) {
            // the pipe broke: what was read has been passed on
        } finally {
            ended.countDown();
        }
    }

    private void pass(ByteArrayOutputStream line) {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        lines.accept(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
