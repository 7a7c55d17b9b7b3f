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
public final class AtomicFile {

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
    public static void replace(Path path, byte[] content) throws IOException {
        Path target = followLink(path);
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                writeAll(out, content);
                out.force(true);
            }
            PosixFileAttributes old = Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                    ? posixAttributes(Files.getFileAttributeView(target, PosixFileAttributeView.class,
                            LinkOption.NOFOLLOW_LINKS))
                    : null;
            keepOwnerAndPermissions(old, Files.getFileAttributeView(tmp, PosixFileAttributeView.class));
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
            appendAll(out, addition);
        } catch (IOException e) {
            if (!existed) {
                deleteQuietly(path);
            }
            throw e;
        }
    }

    /** Adds the bytes at the end of an open file, flushed; a failure part way cuts the file back to its old length. */
    static void appendAll(FileChannel out, byte[] addition) throws IOException {
        long length = out.size();
        try {
            writeAll(out, addition);
            out.force(false);
        } catch (IOException e) {
            undoAppend(out, length, e);
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

    static void writeAll(FileChannel out, byte[] content) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    /** The file's owner, group and permissions, or null where the file system has none (not POSIX). */
    static PosixFileAttributes posixAttributes(PosixFileAttributeView view) throws IOException {
        return view == null ? null : view.readAttributes();
    }

    /**
     * Gives the new file ({@code view}) the old one's owner, group and permissions, or those of a
     * new file when there was none ({@code old} null). The owner goes first, as a change of owner
     * clears the set-id bits. Owner and group are set only where this process may (root);
     * elsewhere the file is ours, as any file we create.
     */
    static void keepOwnerAndPermissions(PosixFileAttributes old, PosixFileAttributeView view) throws IOException {
        if (view == null) {
            return; // not a POSIX file system: the system's defaults
        }
        if (old != null) {
            try {
                PosixFileAttributes now = view.readAttributes();
                if (!old.group().equals(now.group())) {
                    view.setGroup(old.group());
                }
                if (!old.owner().equals(now.owner())) {
                    view.setOwner(old.owner());
                }
            } catch (IOException e) {
                // Not permitted (not root): the file is saved, owned by this user.
            }
        }
        view.setPermissions(old == null ? NEW_FILE : old.permissions());
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // The write itself succeeded or already failed with a better reason.
        }
    }
}
