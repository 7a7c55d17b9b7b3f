package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.UnaryOperator;

import dev.rosetta.core.size.ByteSize;
import dev.rosetta.tools.output.OwnerOnly;

/**
 * A stdio server's standard error: a log file beside the conversation, never the terminal. Each
 * process of the server writes its stderr into a {@link StderrPipe} Rosetta reads to its end (the
 * SDK reads the process's stderr too, but stops the moment its stdout ends, losing the last lines
 * that explain a crash), and every line is written to the file with every secret taken out. Where
 * no named pipe can be made, the process writes to the file itself, as it is. Rosetta's own lines
 * are marked {@code [rosetta]}. Without a conversation (the {@code rosetta mcp} commands) the file
 * is temporary. Either way it is the owner's alone (0600), created so. A log that would pass its
 * size limit is rotated: the file becomes {@code NAME.log.1} (replacing an older one) and a new one
 * starts, so a server that writes without end holds at most twice the limit on disk (it wrote
 * 149 MB in 10 s, before).
 */
final class StderrLog implements AutoCloseable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final String MARK = "[rosetta] ";
    private static final int TAIL = 8192;

    /** How long the end of a process waits for its last stderr lines to be written. */
    static final Duration DRAIN_WAIT = Duration.ofSeconds(2);

    private final Path file;
    private final long limit;
    private final boolean temporary;
    private final UnaryOperator<String> redact;
    private Path pipes;
    private volatile StderrPipe current;
    private volatile boolean closed;
    /** The file's size as this log wrote it; -1 until first asked. */
    private long size = -1;

    private StderrLog(Path file, long limit, boolean temporary, UnaryOperator<String> redact) {
        this.file = file;
        this.limit = limit;
        this.temporary = temporary;
        this.redact = redact;
    }

    /**
     * A log in {@code file}, or in a temporary file when it is null or its folder cannot be made,
     * rotated when it would pass {@code limit} bytes.
     */
    static StderrLog open(Path file, long limit, UnaryOperator<String> redact) {
        try {
            if (file != null) {
                // Owner-only from the start, as everything beside the log: the server's process
                // appends to it as it is, and a server's stderr can hold what its tools read.
                OwnerOnly.folders(file.toAbsolutePath().getParent());
                return new StderrLog(OwnerOnly.file(file.toAbsolutePath()), limit, false, redact);
            }
        } catch (IOException e) {
            // a temporary file instead: its last line still explains a failure
        }
        try {
            return new StderrLog(Files.createTempFile("rosetta-mcp-", ".log"), limit, true, redact);
        } catch (IOException e) {
            return new StderrLog(null, limit, false, redact);
        }
    }

    /**
     * Where a new process of the server is to write its standard error: a pipe read into the log
     * from now on, else the log file itself; null when there is no file.
     */
    synchronized Path sink() {
        if (file == null) {
            return null;
        }
        try {
            if (pipes == null) {
                pipes = Files.createTempDirectory("rosetta-mcp-"); // only the user can open it
            }
        } catch (IOException e) {
            return file;
        }
        StderrPipe pipe = StderrPipe.open(pipes, this::line);
        current = pipe;
        return pipe == null ? file : pipe.path();
    }

    /**
     * Waits, at most {@code bound}, until the latest process's stderr has all reached the log (the
     * process and what it started have closed it).
     */
    void awaitDrained(Duration bound) throws InterruptedException {
        StderrPipe pipe = current;
        if (pipe != null) {
            pipe.awaitEnd(bound);
        }
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
        if (file == null || closed) {
            return;
        }
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (size < 0) {
                size = Files.exists(file) ? Files.size(file) : 0;
            }
            if (size > 0 && size + bytes.length > limit) {
                rotate();
            }
            Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            size += bytes.length;
        } catch (IOException e) {
            // The log is a help for the user; a full disk must not stop the server.
        }
    }

    /** The file becomes the older one, and a new file, owner-only, says where the earlier lines are. */
    private void rotate() throws IOException {
        Path older = older();
        Files.move(file, older, StandardCopyOption.REPLACE_EXISTING);
        OwnerOnly.file(file);
        byte[] note = (MARK + LocalTime.now().format(TIME) + " the log reached " + ByteSize.of(limit)
                + " ([limits] mcp_log); the lines before are in " + older.getFileName() + "\n")
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, note, StandardOpenOption.APPEND);
        size = note.length;
    }

    /** Where the log's earlier lines go when it is rotated. */
    Path older() {
        return file.resolveSibling(file.getFileName() + ".1");
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

    /** Lets the last lines in, then stops writing, removes the pipes' folder and a temporary log. */
    @Override
    public void close() {
        StderrPipe pipe = current;
        if (pipe != null) {
            pipe.release();
            try {
                pipe.awaitEnd(DRAIN_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closed = true;
        deleteQuietly(pipes);
        if (temporary) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file; the system cleans its folder
            }
        }
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (var left = Files.list(folder)) {
            for (Path p : left.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(folder);
        } catch (IOException ignored) {
            // a temporary folder; the system cleans its parent
        }
    }
}
