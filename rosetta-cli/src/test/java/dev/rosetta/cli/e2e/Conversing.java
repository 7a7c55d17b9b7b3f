package dev.rosetta.cli.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A {@code rosetta} process a test talks to as a program would: it reads the events Rosetta writes on
 * stdout as they come and writes JSON lines to its stdin ({@code --input-format jsonl}).
 */
final class Conversing implements AutoCloseable {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String END = "\u0000end";

    private final List<String> args;
    private final Process process;
    private final Path stderr;
    private final Sandbox sandbox;
    private final OutputStream stdin;
    private final BlockingQueue<String> arriving = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final long startNanos = System.nanoTime();

    Conversing(List<String> args, Process process, Path stderr, Sandbox sandbox) {
        this.args = args;
        this.process = process;
        this.stderr = stderr;
        this.sandbox = sandbox;
        this.stdin = process.getOutputStream();
        Thread.ofVirtual().name("rosetta-stdout").start(this::read);
    }

    private void read() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                arriving.add(line);
            }
        } catch (IOException e) {
            // the process went away
        } finally {
            arriving.add(END);
        }
    }

    /** Writes one line to Rosetta's stdin. */
    void send(String line) {
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next event that {@code wanted} takes, the ones before it kept; fails when none comes. */
    JsonNode next(Predicate<JsonNode> wanted) {
        try {
            while (true) {
                String line = arriving.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS);
                if (line == null || line.equals(END)) {
                    throw new AssertionError("the event awaited never came; Rosetta wrote:\n" + String.join("\n", seen)
                            + "\nstderr:\n" + Files.readString(stderr));
                }
                seen.add(line);
                JsonNode event = Json.MAPPER.readTree(line);
                if (wanted.test(event)) {
                    return event;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next event of {@code type}. */
    JsonNode next(String type) {
        return next(e -> e.path("type").asString("").equals(type));
    }

    /**
     * Waits until Rosetta's stderr holds {@code text} (it writes there on its own, as a user would see
     * it); fails with what it wrote when that does not come within the patience.
     */
    String stderrWith(String text) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        try {
            while (System.nanoTime() < deadline && process.isAlive()) {
                String err = Files.readString(stderr);
                if (err.contains(text)) {
                    return err;
                }
                process.waitFor(50, TimeUnit.MILLISECONDS); // a poll of a file that grows; no interleaving hoped for
            }
            String err = Files.readString(stderr);
            if (err.contains(text)) {
                return err;
            }
            throw new AssertionError("stderr never said \"" + text + "\"; it holds:\n" + err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits for Rosetta to end on its own, with its stdin still open; its whole output. */
    Run awaitEnd() {
        return end(false);
    }

    /** Closes stdin and waits for Rosetta to end; its whole output, checked as every run's is. */
    Run finish() {
        return end(true);
    }

    private Run end(boolean closeStdin) {
        try {
            if (closeStdin) {
                stdin.close();
            }
            if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError("rosetta did not end" + (closeStdin ? " after its stdin closed" : "") + ":\n"
                        + String.join("\n", seen));
            }
            for (String line = arriving.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS); line != null && !line.equals(END);
                    line = arriving.poll(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                seen.add(line);
            }
            Run run = new Run(args, process.exitValue(), String.join("\n", seen) + (seen.isEmpty() ? "" : "\n"),
                    Files.readString(stderr), Duration.ofNanos(System.nanoTime() - startNanos));
            return sandbox.checked(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
