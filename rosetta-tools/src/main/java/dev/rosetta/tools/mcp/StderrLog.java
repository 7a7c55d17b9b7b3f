package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A stdio server's standard error: a log file beside the conversation, never the terminal. The
 * server's process writes to the file itself (the SDK reads a pipe on a thread of its own and
 * stops reading the moment the server's stdout ends, losing the last lines that explain a
 * crash), so every line it wrote is there once it has exited. Rosetta's own lines are marked
 * {@code [rosetta]}. Without a conversation (the {@code rosetta mcp} commands) the file is
 * temporary. What is read back for the user has every secret taken out.
 */
final class StderrLog implements AutoCloseable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final String MARK = "[rosetta] ";
    private static final int TAIL = 8192;

    private final Path file;
    private final boolean temporary;
    private final UnaryOperator<String> redact;

    private StderrLog(Path file, boolean temporary, UnaryOperator<String> redact) {
        this.file = file;
        this.temporary = temporary;
        this.redact = redact;
    }

    /** A log in {@code file}, or in a temporary file when it is null or its folder cannot be made. */
    static StderrLog open(Path file, UnaryOperator<String> redact) {
        try {
            if (file != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
                return new StderrLog(file.toAbsolutePath(), false, redact);
            }
        } catch (IOException e) {
            // a temporary file instead: its last line still explains a failure
        }
        try {
            return new StderrLog(Files.createTempFile("rosetta-mcp-", ".log"), true, redact);
        } catch (IOException e) {
            return new StderrLog(null, false, redact);
        }
    }

    /** Where the server's standard error goes, or null when no file could be had. */
    Path file() {
        return file;
    }

    /** A line that reached Rosetta through the SDK's pipe (what the server wrote before its own went to the file). */
    void line(String text) {
        append(redact.apply(text));
    }

    /** A line of Rosetta's own: the server starting, its process ending, a call cancelled, a log message it sent. */
    void note(String text) {
        append(MARK + LocalTime.now().format(TIME) + " " + redact.apply(text));
    }

    private synchronized void append(String line) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // The log is a help for the user; a full disk must not stop the server.
        }
    }

    /** The last non-blank line the server itself wrote, secrets taken out; null when none. */
    String last() {
        if (file == null || !Files.exists(file)) {
            return null;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, in.length() - TAIL);
            byte[] bytes = new byte[(int) (in.length() - from)];
            in.seek(from);
            in.readFully(bytes);
            List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            for (int i = lines.size() - 1; i >= 0; i--) {
                String line = lines.get(i).strip();
                if (!line.isEmpty() && !line.startsWith(MARK)) {
                    return redact.apply(line);
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (temporary) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file; the system cleans its folder
            }
        }
    }
}
