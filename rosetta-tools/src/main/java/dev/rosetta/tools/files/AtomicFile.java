package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Writes files so that a crash leaves the old content or the new, never half of either. */
final class AtomicFile {

    /** What a new file gets (the temporary file it starts as is private to its owner). */
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

    private AtomicFile() {}

    /**
     * Replaces the file's content: the bytes go to a temporary file in the same folder, are
     * flushed to the disk, and the temporary file is renamed over the old one. Readers see the
     * old file or the new one. A link is followed (the link stays a link); the file keeps its
     * permissions (a script stays executable) and, where this process may set them (root), its
     * owner and group.
     */
    static void replace(Path path, byte[] content) throws IOException {
        Path target = followLink(path);
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                writeAll(out, content);
                out.force(true);
            }
            copyOwner(target, tmp); // first: a change of owner clears the set-id bits
            copyPermissions(target, tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncFolder(target.getParent());
        } finally {
            deleteQuietly(tmp);
        }
    }

    /**
     * Adds bytes at the end of the file, creating it; flushed to the disk. All or nothing: when a
     * write fails part way (a full disk), the file is cut back to its old length (a file this
     * call created is removed), so a retry does not add the same text twice. The file stays the
     * same file, with its owner, permissions and links.
     */
    static void append(Path path, byte[] addition) throws IOException {
        boolean existed = Files.exists(path);
        try (FileChannel out = FileChannel.open(path,
                StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            long length = out.size();
            try {
                writeAll(out, addition);
                out.force(false);
            } catch (IOException e) {
                undoAppend(out, length, e);
                throw e;
            }
        } catch (IOException e) {
            if (!existed) {
                deleteQuietly(path);
            }
            throw e;
        }
    }

    private static void undoAppend(FileChannel out, long length, IOException failure) {
        try {
            out.truncate(length);
            out.force(false);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** The file a path names once links are followed; a dangling link names its future target. */
    static Path followLink(Path path) throws IOException {
        Path current = path;
        for (int hops = 0; Files.isSymbolicLink(current) && hops < 40; hops++) {
            current = current.resolveSibling(Files.readSymbolicLink(current));
        }
        return current;
    }

    /** Makes the rename itself durable; where a folder cannot be opened (not Linux), the rename still happened. */
    private static void syncFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Best effort: the file is whole either way; only its survival of a power cut is at stake.
        }
    }

    private static void writeAll(FileChannel out, byte[] content) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    private static void copyPermissions(Path from, Path to) throws IOException {
        try {
            Set<PosixFilePermission> permissions = Files.exists(from, LinkOption.NOFOLLOW_LINKS)
                    ? Files.getPosixFilePermissions(from)
                    : NEW_FILE;
            Files.setPosixFilePermissions(to, permissions);
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the temporary file's permissions are the system's default.
        }
    }

    /**
     * The new file belongs to whoever owned the old one, where this process may say so (root);
     * elsewhere it is ours, as any file we create.
     */
    private static void copyOwner(Path from, Path to) {
        try {
            if (!Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            PosixFileAttributes old = Files.readAttributes(from, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
            if (!old.group().equals(Files.readAttributes(to, PosixFileAttributes.class).group())) {
                view.setGroup(old.group());
            }
            if (!old.owner().equals(Files.getOwner(to))) {
                view.setOwner(old.owner());
            }
        } catch (UnsupportedOperationException | IOException e) {
            // Not permitted (not root) or not POSIX: the file is saved, owned by this user.
        }
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // The write itself succeeded or already failed with a better reason.
        }
    }
}
