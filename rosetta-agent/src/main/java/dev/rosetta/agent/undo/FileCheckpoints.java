package dev.rosetta.agent.undo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.FileCheckpoint;
import dev.rosetta.tools.FileWrites;

/**
 * Keeps what a file held before a tool wrote it, beside the log ({@code checkpoints/<sha-256>},
 * each content once), and records in the log which call wrote which file: {@code /undo} puts it
 * back. Set around each call ({@link #begin}, {@link #end}); tools say what they are about to
 * write through {@link FileWrites}. A file larger than {@link #MAX_FILE_BYTES}, or one that would
 * take the folder past {@link #MAX_TOTAL_BYTES}, is recorded but not kept.
 */
public final class FileCheckpoints implements FileWrites {

    /** A file above this is not kept: its write cannot be undone (and /undo says so). */
    public static final long MAX_FILE_BYTES = 16L << 20;
    /** The folder takes no more than this. */
    public static final long MAX_TOTAL_BYTES = 512L << 20;

    private final ConversationLog log;
    private final long maxFileBytes;
    private final long maxTotalBytes;
    private final Map<Path, Before> touched = new LinkedHashMap<>();
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
        this(log, MAX_FILE_BYTES, MAX_TOTAL_BYTES);
    }

    /** With other limits than the defaults: for tests, and for a disk with little room. */
    public static FileCheckpoints withLimits(ConversationLog log, long maxFileBytes, long maxTotalBytes) {
        return new FileCheckpoints(log, maxFileBytes, maxTotalBytes);
    }

    private FileCheckpoints(ConversationLog log, long maxFileBytes, long maxTotalBytes) {
        this.log = log;
        this.maxFileBytes = maxFileBytes;
        this.maxTotalBytes = maxTotalBytes;
    }

    /** A call is about to run: the files it writes belong to it (its result comes next in the log). */
    public synchronized void begin(String callId) {
        this.callId = callId;
        this.at = log.size();
        touched.clear();
    }

    /** The call has finished: each file it changed gets its checkpoint in the log. */
    public synchronized void end() {
        try {
            for (var e : touched.entrySet()) {
                String after = hashOrNull(e.getKey());
                if (!Objects.equals(after, e.getValue().hash())) {
                    log.append(new FileCheckpoint(at, callId, e.getKey(), e.getValue().hash(), after,
                            e.getValue().kept(), e.getValue().createdFolder()));
                }
            }
        } finally {
            touched.clear();
            at = -1;
            callId = null;
        }
    }

    @Override
    public synchronized void aboutToWrite(Path file) {
        Path path = file.toAbsolutePath().normalize();
        if (at < 0 || touched.containsKey(path)) {
            return; // outside a call nothing is undone; within one, the first state is the one to restore
        }
        touched.put(path, keep(path));
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

    private Before keep(Path path) {
        if (!Files.exists(path)) {
            return new Before(null, true, outermostMissing(path.getParent()));
        }
        try {
            if (!Files.isRegularFile(path)) {
                return new Before(hash(path), false);
            }
            long size = Files.size(path);
            if (size > maxFileBytes || used() + size > maxTotalBytes) {
                return new Before(hash(path), false);
            }
            byte[] bytes = Files.readAllBytes(path);
            String hash = hash(bytes);
            store(hash, bytes);
            return new Before(hash, true);
        } catch (IOException | UncheckedIOException e) {
            return new Before(hashOrNull(path), false);
        }
    }

    private void store(String hash, byte[] bytes) throws IOException {
        Path folder = log.checkpointFolder();
        Path blob = folder.resolve(hash);
        if (Files.exists(blob)) {
            return;
        }
        Files.createDirectories(folder);
        Path tmp = Files.createTempFile(folder, ".blob-", ".tmp");
        try {
            Files.write(tmp, bytes);
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

    /** The SHA-256 of what {@code path} holds now, or null when there is no such file. */
    public static String hash(Path path) throws IOException {
        if (!Files.exists(path)) {
            return null;
        }
        if (!Files.isRegularFile(path)) {
            return hash(("not a regular file: " + path).getBytes(StandardCharsets.UTF_8));
        }
        MessageDigest digest = sha256();
        try (InputStream in = Files.newInputStream(path)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** As {@link #hash(Path)}; null also when it cannot be read (the restore then says it changed). */
    private static String hashOrNull(Path path) {
        try {
            return hash(path);
        } catch (IOException e) {
            return null;
        }
    }

    static String hash(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The checkpoints in force. */
    public List<FileCheckpoint> all() {
        return log.checkpoints();
    }
}
