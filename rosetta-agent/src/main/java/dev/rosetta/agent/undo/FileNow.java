package dev.rosetta.agent.undo;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.tools.files.Workspace;

/**
 * What a path holds now, found without holding more than a buffer of it in memory: nothing, a
 * regular file (its size and SHA-256, read in a stream that an interrupt stops), a folder, or
 * something else — a FIFO, a device, a socket — that is never opened, as reading it could block
 * forever or never end. A link is followed: what it leads to is what a write through it would
 * change.
 */
sealed interface FileNow {

    /** Read a buffer at a time. */
    int BUFFER = 1 << 16;

    /** No file there (or a link that leads nowhere). */
    record Missing() implements FileNow {}

    /** A regular file. */
    record Regular(long size, String hash) implements FileNow {}

    /** A folder. */
    record Folder() implements FileNow {}

    /** A FIFO, device or socket: {@code what} says which, for the user. */
    record Special(String what) implements FileNow {}

    /** It could not be read: {@code why}. */
    record Unreadable(String why) implements FileNow {}

    /**
     * The hash of what is there, as a checkpoint records it: null for no file; for anything but
     * a regular file, the hash of a few words saying what it is, which no file's content matches
     * by chance, so it counts as changed against every file.
     */
    default String hash() {
        return switch (this) {
            case Missing m -> null;
            case Regular r -> r.hash();
            case Folder f -> hash("[rosetta] a folder".getBytes(StandardCharsets.UTF_8));
            case Special s -> hash(("[rosetta] " + s.what()).getBytes(StandardCharsets.UTF_8));
            case Unreadable u -> hash(("[rosetta] unreadable: " + u.why()).getBytes(StandardCharsets.UTF_8));
        };
    }

    /**
     * Looks at {@code path} as the file tools see it: a regular file's content as the holder of the
     * files (an editor, through {@code through}) has it, when one does; what the path is (a file, a
     * folder, nothing) is the disk's, as for the tools.
     *
     * @param through the workspace the tools read through, or null: the disk
     * @throws InterruptedException when the thread is interrupted while a large file is hashed
     */
    static FileNow of(Path path, Workspace through) throws InterruptedException {
        Optional<byte[]> held = through != null && Files.isRegularFile(path) ? through.heldBytes(path)
                : Optional.empty();
        return held.isPresent() ? new Regular(held.get().length, hash(held.get())) : of(path);
    }

    /**
     * Looks at {@code path} on the disk.
     *
     * @throws InterruptedException when the thread is interrupted while a large file is hashed
     */
    static FileNow of(Path path) throws InterruptedException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return new Missing();
        } catch (IOException e) {
            return new Unreadable(reason(e));
        }
        if (attributes.isDirectory()) {
            return new Folder();
        }
        if (!attributes.isRegularFile()) {
            return new Special(kind(path));
        }
        try {
            return new Regular(attributes.size(), hash(path));
        } catch (InterruptedIOException | ClosedByInterruptException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedException("stopped while reading " + path);
        } catch (IOException e) {
            return new Unreadable(reason(e));
        }
    }

    /** The SHA-256 of a regular file's bytes, streamed; an interrupt stops it. */
    static String hash(Path path) throws IOException {
        MessageDigest digest = sha256();
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
        try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
            while (in.read(buffer) >= 0) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("interrupted");
                }
                buffer.flip();
                digest.update(buffer);
                buffer.clear();
            }
        }
        return HexFormat.of().formatHex(digest.digest());
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

    /** "a FIFO (named pipe)", "a character device"…, from the file's mode where the system gives it. */
    private static String kind(Path path) {
        try {
            Map<String, Object> unix = Files.readAttributes(path, "unix:mode");
            int type = ((Integer) unix.get("mode")) & 0170000;
            return switch (type) {
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "not a regular file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "not a regular file (a device, pipe or socket)";
        }
    }

    private static String reason(IOException e) {
        String why = e instanceof java.nio.file.FileSystemException f ? f.getReason() : e.getMessage();
        return why == null ? e.getClass().getSimpleName() : why;
    }
}
