package dev.rosetta.agent.undo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.FileCheckpoint;
import dev.rosetta.tools.FileWrites;
import dev.rosetta.tools.files.Workspace;
import dev.rosetta.tools.output.OwnerOnly;

/**
 * Keeps what a file held before a tool wrote it, beside the log ({@code checkpoints/<sha-256>},
 * each content once, in a folder only the owner can read), and records in the log which call
 * wrote which file: {@code /undo} puts it back. Set around each call ({@link #begin}, {@link
 * #end}); tools say what they are about to write through {@link FileWrites}. The record comes
 * before the write: a pending line (what the file held, and that a write is coming) is on disk
 * before the tool touches the file, and the line written when the call ends finishes it with what
 * the file held then. So a Rosetta killed in between leaves a pending line that {@code /undo}
 * still acts on. A file larger than {@link #MAX_FILE_BYTES}, or one that would take the folder
 * past {@link #MAX_TOTAL_BYTES}, is recorded but not kept. When an editor holds the files, what is
 * kept and compared is the editor's text of a file (its unsaved changes), as the tools read it, so
 * {@code /undo} puts back the buffer the call changed, not the disk under it.
 */
public final class FileCheckpoints implements FileWrites {

    /** A file above this is not kept: its write cannot be undone (and /undo says so). */
    public static final long MAX_FILE_BYTES = 16L << 20;
    /** The folder takes no more than this. */
    public static final long MAX_TOTAL_BYTES = 512L << 20;

    private final ConversationLog log;
    /** The workspace the tools read through when something else holds the files (an editor); null: the disk. */
    private final Workspace through;
    private final long maxFileBytes;
    private final long maxTotalBytes;
    /** The files the running call is writing, with the pending line each got. */
    private final Map<Path, FileCheckpoint> touched = new LinkedHashMap<>();
    private String callId;
    private int at = -1;
    private long used = -1;

    /** What a file held before the call's first write to it, and the folder a new file's write will create. */
    private record Before(String hash, boolean kept, Path createdFolder) {

        Before(String hash, boolean kept) {
            this(hash, kept, null);
        }
    }

    public FileCheckpoints(ConversationLog log) {
        this(log, null);
    }

    /** @param through the workspace whose files' holder (an editor) the tools read through; null: the disk */
    public FileCheckpoints(ConversationLog log, Workspace through) {
        this(log, through, MAX_FILE_BYTES, MAX_TOTAL_BYTES);
    }

    /** With other limits than the defaults: for tests, and for a disk with little room. */
    public static FileCheckpoints withLimits(ConversationLog log, long maxFileBytes, long maxTotalBytes) {
        return new FileCheckpoints(log, null, maxFileBytes, maxTotalBytes);
    }

    private FileCheckpoints(ConversationLog log, Workspace through, long maxFileBytes, long maxTotalBytes) {
        this.log = log;
        this.through = through;
        this.maxFileBytes = maxFileBytes;
        this.maxTotalBytes = maxTotalBytes;
    }

    /** A call is about to run: the files it writes belong to it (its result comes next in the log). */
    public synchronized void begin(String callId) {
        this.callId = callId;
        this.at = log.size();
        touched.clear();
    }

    /**
     * The call has finished: each file it was about to write gets the line that finishes its
     * pending one, with what it holds now. Done also when the call was interrupted (the
     * interrupt is kept for the caller), as the write may have happened all the same.
     */
    public synchronized void end() {
        boolean interrupted = Thread.interrupted();
        try {
            for (FileCheckpoint pending : touched.values()) {
                log.append(pending.finished(now(pending.path()).hash()));
            }
        } finally {
            touched.clear();
            at = -1;
            callId = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public synchronized void aboutToWrite(Path file) {
        Path path = file.toAbsolutePath().normalize();
        if (at < 0 || touched.containsKey(path)) {
            return; // outside a call nothing is undone; within one, the first state is the one to restore
        }
        Before before = keep(path);
        FileCheckpoint line = FileCheckpoint.beforeWrite(at, callId, path, before.hash(), before.kept(),
                before.createdFolder());
        try {
            log.append(line);
        } catch (RuntimeException e) {
            // The log refused it (a full disk): the write goes on, as FileWrites promises, and the
            // next message's write says what is wrong with the log.
        }
        touched.put(path, line);
    }

    /** What {@code path} holds now; an interrupt meanwhile is kept for the caller and makes it unreadable. */
    private FileNow now(Path path) {
        boolean interrupted = Thread.interrupted();
        try {
            return FileNow.of(path, through);
        } catch (InterruptedException e) {
            interrupted = true;
            return new FileNow.Unreadable("interrupted while reading it");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The outermost of {@code folder} and its parents that does not exist, or null when {@code folder} does. */
    private static Path outermostMissing(Path folder) {
        Path missing = null;
        for (Path f = folder; f != null && !Files.exists(f); f = f.getParent()) {
            missing = f;
        }
        return missing;
    }

    /** The bytes a checkpoint kept, by their hash. */
    public Optional<byte[]> bytes(String hash) {
        Path blob = log.checkpointFolder().resolve(hash);
        try {
            return Files.isRegularFile(blob) ? Optional.of(Files.readAllBytes(blob)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The size of the bytes a checkpoint kept, or -1 when they are not there. */
    long size(String hash) {
        try {
            return Files.size(log.checkpointFolder().resolve(hash));
        } catch (IOException e) {
            return -1;
        }
    }

    private Before keep(Path path) {
        Optional<byte[]> held = through != null && Files.isRegularFile(path) ? through.heldBytes(path)
                : Optional.empty();
        if (held.isPresent()) {
            return keep(held.get());
        }
        FileNow now = now(path);
        if (now instanceof FileNow.Missing) {
            return new Before(null, true, outermostMissing(path.getParent()));
        }
        if (!(now instanceof FileNow.Regular regular)) {
            return new Before(now.hash(), false);
        }
        try {
            if (regular.size() > maxFileBytes || used() + regular.size() > maxTotalBytes) {
                return new Before(regular.hash(), false);
            }
            byte[] bytes = readAtMost(path, maxFileBytes);
            if (bytes == null) {
                return new Before(regular.hash(), false); // it grew past the limit meanwhile
            }
            String hash = FileNow.hash(bytes);
            store(hash, bytes);
            return new Before(hash, true);
        } catch (IOException | UncheckedIOException e) {
            return new Before(regular.hash(), false);
        }
    }

    /** Keeps a file's text as its holder has it (it is in memory already). */
    private Before keep(byte[] bytes) {
        String hash = FileNow.hash(bytes);
        try {
            if (bytes.length > maxFileBytes || used() + bytes.length > maxTotalBytes) {
                return new Before(hash, false);
            }
            store(hash, bytes);
            return new Before(hash, true);
        } catch (IOException | UncheckedIOException e) {
            return new Before(hash, false);
        }
    }

    /** The file's bytes, or null when it holds more than {@code limit}; never more than that in memory. */
    private static byte[] readAtMost(Path path, long limit) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            return bytes.length > limit ? null : bytes;
        }
    }

    private void store(String hash, byte[] bytes) throws IOException {
        Path folder = log.checkpointFolder();
        Path blob = folder.resolve(hash);
        if (Files.exists(blob)) {
            return;
        }
        OwnerOnly.folders(folder);
        Path tmp = Files.createTempFile(folder, ".blob-", ".tmp"); // owner-only, as the folder
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true); // on disk before the pending line that points to it
            }
            try {
                Files.move(tmp, blob, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, blob, StandardCopyOption.REPLACE_EXISTING);
            }
            used += bytes.length;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private long used() throws IOException {
        if (used < 0) {
            Path folder = log.checkpointFolder();
            used = 0;
            if (Files.isDirectory(folder)) {
                try (Stream<Path> blobs = Files.list(folder)) {
                    for (Path b : (Iterable<Path>) blobs::iterator) {
                        used += Files.size(b);
                    }
                }
            }
        }
        return used;
    }

    /** The checkpoints in force. */
    public List<FileCheckpoint> all() {
        return log.checkpoints();
    }
}
