package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * A folder of a confined workspace, opened from the workspace's real root one folder at a time,
 * each relative to the one before and never through a symbolic link ({@code openat} with
 * {@code O_NOFOLLOW}), and the file operations the tools need, done relative to that open folder.
 * Whatever is renamed or swapped for a link meanwhile, what is written lands in a folder that was
 * reached inside the workspace: a step that has become a link fails the walk ({@link
 * LinkInTheWay}) instead of being followed, and the last name is replaced by a rename, never
 * written through. Missing folders are made in the workspace root and renamed into place, so no
 * folder is made by a path that could lead elsewhere by then.
 */
final class ConfinedFolder implements AutoCloseable {

    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecureDirectoryStream<Path> folder;
    /** Where it is, for messages (it was there when it was opened). */
    private final Path location;

    private ConfinedFolder(SecureDirectoryStream<Path> folder, Path location) {
        this.folder = folder;
        this.location = location;
    }

    /** A step of the way was a symbolic link when it was opened: the path changed after it was checked. */
    static final class LinkInTheWay extends FileSystemException {
        LinkInTheWay(Path step) {
            super(step.toString(), null, "became a symbolic link while it was being used");
        }
    }

    /** Whether this platform opens folders relative to each other (Linux and macOS do). */
    static boolean supported(Path realRoot) {
        try (DirectoryStream<Path> root = Files.newDirectoryStream(realRoot)) {
            return root instanceof SecureDirectoryStream;
        } catch (IOException e) {
            return true; // the walk says what is wrong with the root
        }
    }

    /**
     * Opens {@code relative} (a path below {@code realRoot} without links or {@code ..}), making
     * the folders that are missing when {@code make} is given; each one made is passed to it.
     */
    static ConfinedFolder open(Path realRoot, Path relative, FolderMade make) throws IOException {
        SecureDirectoryStream<Path> root = (SecureDirectoryStream<Path>) Files.newDirectoryStream(realRoot);
        SecureDirectoryStream<Path> current = root;
        Path at = realRoot;
        boolean opened = false;
        try {
            for (Path name : relative) {
                if (name.toString().isEmpty()) {
                    continue; // the root itself
                }
                at = at.resolve(name);
                SecureDirectoryStream<Path> next;
                try {
                    next = step(current, name, at);
                } catch (NoSuchFileException missing) {
                    if (make == null) {
                        throw missing;
                    }
                    next = make(realRoot, root, current, name, at);
                    make.made(at);
                }
                if (current != root) {
                    current.close();
                }
                current = next;
            }
            opened = true;
            return new ConfinedFolder(current, at);
        } finally {
            if (!opened) {
                current.close();
            }
            if (current != root) {
                root.close();
            }
        }
    }

    /** Told of each folder a walk made, outermost first. */
    @FunctionalInterface
    interface FolderMade {
        void made(Path folder);
    }

    private static SecureDirectoryStream<Path> step(SecureDirectoryStream<Path> from, Path name, Path at)
            throws IOException {
        try {
            return from.newDirectoryStream(name, NOFOLLOW);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            BasicFileAttributes what = attributesOrNull(from, name);
            if (what != null && what.isSymbolicLink()) {
                throw new LinkInTheWay(at);
            }
            throw e;
        }
    }

    /**
     * Makes the folder {@code name} in {@code parent}: made in the workspace root under a name of
     * its own, then renamed into {@code parent} by its open handle. Where the two are on
     * different file systems (a mount inside the workspace) it is made by its path and then
     * opened without following links, so a swap meanwhile fails the walk.
     */
    private static SecureDirectoryStream<Path> make(Path realRoot, SecureDirectoryStream<Path> root,
            SecureDirectoryStream<Path> parent, Path name, Path at) throws IOException {
        Path staging = Path.of(".rosetta-new-folder-" + HexFormat.of().toHexDigits(RANDOM.nextLong()));
        Files.createDirectory(realRoot.resolve(staging));
        try {
            root.move(staging, parent, name);
        } catch (AtomicMoveNotSupportedException otherFileSystem) {
            root.deleteDirectory(staging);
            try {
                Files.createDirectory(at);
            } catch (FileAlreadyExistsException meanwhile) {
                // made by someone else: opened below like any folder
            }
        } catch (IOException e) {
            root.deleteDirectory(staging);
            // Made meanwhile (renaming onto a folder that holds something fails): open it as it is.
            if (attributesOrNull(parent, name) == null) {
                throw e;
            }
        }
        return step(parent, name, at);
    }

    private static BasicFileAttributes attributesOrNull(SecureDirectoryStream<Path> in, Path name) {
        try {
            return in.getFileAttributeView(name, BasicFileAttributeView.class, NOFOLLOW).readAttributes();
        } catch (IOException e) {
            return null;
        }
    }

    /** The file {@code name} here, as it is now (a link is not followed), or null when there is none. */
    BasicFileAttributes attributes(Path name) {
        return attributesOrNull(folder, name);
    }

    /** Opens the regular file {@code name} to read; the stream outlives this folder's handle. */
    SeekableByteChannel openRead(Path name) throws IOException {
        BasicFileAttributes now = regularOrMissing(name);
        if (now == null) {
            throw new NoSuchFileException(location.resolve(name).toString());
        }
        return folder.newByteChannel(name, Set.of(StandardOpenOption.READ, NOFOLLOW));
    }

    /** Reads the regular file {@code name}, at most {@code limit} bytes (more is an error). */
    byte[] read(Path name, long limit) throws IOException {
        try (SeekableByteChannel in = openRead(name)) {
            long size = in.size();
            if (size > limit) {
                throw new FileSystemException(location.resolve(name).toString(), null, "larger than " + limit + " bytes");
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) size);
            while (buffer.hasRemaining() && in.read(buffer) >= 0) {
                // read on
            }
            buffer.flip();
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return bytes;
        }
    }

    /**
     * Replaces {@code name} with a file holding {@code content}, as {@link AtomicFile#replace}
     * does: a temporary file beside it, flushed, given the old file's owner and permissions, and
     * renamed over it. The rename replaces whatever the name is by then, a link included, and
     * never writes through it.
     */
    void replace(Path name, byte[] content) throws IOException {
        BasicFileAttributes old = regularOrMissing(name);
        Path tmp = Path.of("." + name + "." + HexFormat.of().toHexDigits(RANDOM.nextInt()) + ".tmp");
        Set<OpenOption> create = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, NOFOLLOW);
        try {
            try (FileChannel out = (FileChannel) folder.newByteChannel(tmp, create,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                AtomicFile.writeAll(out, content);
                out.force(true);
            }
            AtomicFile.keepOwnerAndPermissions(
                    old == null ? null : AtomicFile.posixAttributes(posixView(name)), posixView(tmp));
            folder.move(tmp, folder, name);
            sync();
        } finally {
            try {
                folder.deleteFile(tmp);
            } catch (IOException gone) {
                // renamed into place, or never made
            }
        }
    }

    /**
     * Adds {@code addition} at the end of {@code name}, creating it, all or nothing as {@link
     * AtomicFile#append}. The file is opened without following a link, and one with other hard
     * links is refused: they may be outside the workspace, and appending changes every name of it.
     */
    void append(Path name, byte[] addition) throws IOException {
        BasicFileAttributes before = regularOrMissing(name);
        if (before == null) {
            Set<OpenOption> create = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, NOFOLLOW);
            try (FileChannel out = (FileChannel) folder.newByteChannel(name, create)) {
                AtomicFile.appendAll(out, addition);
            } catch (IOException e) {
                deleteQuietly(name);
                throw e;
            }
            return;
        }
        refuseOtherLinks(name, before);
        try (FileChannel out = openForAppend(name)) {
            BasicFileAttributes opened = regularOrMissing(name);
            if (opened == null || !before.fileKey().equals(opened.fileKey())) {
                throw new FileSystemException(location.resolve(name).toString(), null,
                        "was replaced by another file while it was being opened");
            }
            AtomicFile.appendAll(out, addition);
        }
    }

    private FileChannel openForAppend(Path name) throws IOException {
        Set<OpenOption> open = Set.of(StandardOpenOption.WRITE, StandardOpenOption.APPEND, NOFOLLOW);
        try {
            return (FileChannel) folder.newByteChannel(name, open);
        } catch (IOException e) {
            BasicFileAttributes now = attributes(name);
            throw now != null && now.isSymbolicLink() ? new LinkInTheWay(location.resolve(name)) : e;
        }
    }

    /**
     * A file with more than one name: its link count, read by path, counts only when that path
     * still names the file the folder holds (the same file key).
     */
    private void refuseOtherLinks(Path name, BasicFileAttributes file) throws IOException {
        Path path = location.resolve(name);
        var unix = Files.readAttributes(path, "unix:nlink,fileKey", NOFOLLOW);
        Object links = unix.get("nlink");
        if (!file.fileKey().equals(unix.get("fileKey"))) {
            throw new FileSystemException(path.toString(), null, "was replaced by another file while it was being opened");
        }
        if (links instanceof Integer n && n > 1) {
            throw new HardLinked(path, n);
        }
    }

    /** A file that has other names (hard links), which may be outside the workspace. */
    static final class HardLinked extends FileSystemException {
        final int links;

        HardLinked(Path file, int links) {
            super(file.toString(), null, "has " + links + " hard links");
            this.links = links;
        }
    }

    /** Removes {@code name}: a file or a link itself (never what it points to), or an empty folder. */
    void delete(Path name) throws IOException {
        BasicFileAttributes now = attributes(name);
        if (now == null) {
            return;
        }
        if (now.isDirectory()) {
            folder.deleteDirectory(name);
        } else {
            folder.deleteFile(name);
        }
    }

    /** The file {@code name} if it is a regular file, null if there is none; a link or anything else is an error. */
    private BasicFileAttributes regularOrMissing(Path name) throws IOException {
        BasicFileAttributes now = attributes(name);
        if (now == null || now.isRegularFile()) {
            return now;
        }
        if (now.isSymbolicLink()) {
            throw new LinkInTheWay(location.resolve(name));
        }
        throw new FileSystemException(location.resolve(name).toString(), null,
                now.isDirectory() ? "is a folder" : "is not a regular file");
    }

    private PosixFileAttributeView posixView(Path name) {
        return folder.getFileAttributeView(name, PosixFileAttributeView.class, NOFOLLOW);
    }

    /** Makes a rename in this folder durable; best effort, as in {@link AtomicFile}. */
    private void sync() {
        try (FileChannel self = (FileChannel) folder.newByteChannel(Path.of("."), Set.of(StandardOpenOption.READ))) {
            self.force(true);
        } catch (IOException e) {
            // the file is whole either way; only its survival of a power cut is at stake
        }
    }

    private void deleteQuietly(Path name) {
        try {
            folder.deleteFile(name);
        } catch (IOException e) {
            // the failure being reported says more
        }
    }

    @Override
    public void close() throws IOException {
        folder.close();
    }
}
