package dev.rosetta.cli.e2e;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Waits for what another process writes to a file — a URL it prints, a line a server logs, a file a
 * command creates — woken by the file system's change notices (inotify on Linux), with a bounded
 * wait: the test reacts to the write itself, never to a sleep that hopes the write came before it.
 */
public final class FileWatch {

    private FileWatch() {}

    /**
     * The file's text once {@code holds} is true of it, or empty when {@code limit} passed first. A file
     * that does not exist yet is waited for; its folder must exist.
     */
    static Optional<String> await(Path file, Predicate<String> holds, Duration limit)
            throws IOException, InterruptedException {
        return await(file, holds, limit, null);
    }

    /**
     * As {@link #await(Path, Predicate, Duration)}, and no longer than {@code writer} runs: when it has
     * ended, what it wrote is looked at once more and the wait ends.
     */
    static Optional<String> await(Path file, Predicate<String> holds, Duration limit, Process writer)
            throws IOException, InterruptedException {
        try (WatchService watcher = file.getFileSystem().newWatchService()) {
            // Watched before the first look, so a write between the look and the wait still wakes it.
            file.toAbsolutePath().getParent().register(watcher, ENTRY_CREATE, ENTRY_MODIFY);
            if (writer != null) {
                writer.onExit().thenRun(() -> closeQuietly(watcher)); // wakes the wait below
            }
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                boolean ended = writer != null && !writer.isAlive();
                Optional<String> text = text(file).filter(holds);
                long left = deadline - System.nanoTime();
                if (text.isPresent() || left <= 0 || ended) {
                    return text;
                }
                try {
                    WatchKey key = watcher.poll(left, TimeUnit.NANOSECONDS);
                    if (key != null) {
                        key.pollEvents();
                        key.reset();
                    }
                } catch (ClosedWatchServiceException writerEnded) {
                    writer.waitFor(); // it has: the watcher is closed only then
                }
            }
        }
    }

    /** Waits until the file holds {@code expected}; fails saying what it holds when {@code limit} passed first. */
    static String awaitText(Path file, String expected, Duration limit) throws IOException, InterruptedException {
        return await(file, text -> text.contains(expected), limit).orElseThrow(() -> new AssertionError(
                "'" + expected + "' was not written to " + file + " in " + limit.toSeconds() + " s; it holds:\n"
                        + text(file).orElse("(no file)")));
    }

    /** Waits until the file exists; false when {@code limit} passed first or {@code writer} ended without making it. */
    public static boolean awaitExists(Path file, Duration limit, Process writer) throws IOException, InterruptedException {
        return await(file, text -> true, limit, writer).isPresent();
    }

    private static void closeQuietly(WatchService watcher) {
        try {
            watcher.close();
        } catch (IOException e) {
            // the wait ends at its limit instead
        }
    }

    /** The file's text as it is now, read as bytes: a character cut in half by a write still in progress is no error. */
    static Optional<String> text(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty(); // not there yet
        }
    }
}
