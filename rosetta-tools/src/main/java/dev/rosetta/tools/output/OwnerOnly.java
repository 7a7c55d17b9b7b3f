package dev.rosetta.tools.output;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Files and folders only their owner may read: 0600 and 0700. Conversation logs and saved tool
 * outputs hold file contents and command output, as private as the history and the config.
 * Files are created so from the start (no moment of being readable); what an older Rosetta
 * left readable is tightened when it is opened again. A file system without POSIX permissions
 * gets none; a path Rosetta may not change (another user's) is left as it is.
 */
public final class OwnerOnly {

    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");

    private OwnerOnly() {}

    /** The folder and its missing parents, each created owner-only; the folder itself tightened if it was there. */
    public static Path folders(Path folder) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path step = folder.toAbsolutePath(); step != null && !Files.exists(step); step = step.getParent()) {
            missing.push(step);
        }
        for (Path step : missing) {
            try {
                Files.createDirectory(step, attributes(step, FOLDER));
            } catch (FileAlreadyExistsException e) {
                // Made at the same moment by another process: checked below like any existing folder.
            }
        }
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder); // throws what stands in the way
        }
        tighten(folder);
        return folder;
    }

    /** Creates a folder that must not exist yet, owner-only. */
    public static Path newFolder(Path folder) throws IOException {
        return Files.createDirectory(folder, attributes(folder, FOLDER));
    }

    /** Creates a file that must not exist yet ({@link FileAlreadyExistsException} otherwise), owner-only. */
    public static Path newFile(Path file) throws IOException {
        return Files.createFile(file, attributes(file, FILE));
    }

    /** Creates the file owner-only if it is not there; an existing one is tightened. */
    public static Path file(Path file) throws IOException {
        try {
            return newFile(file);
        } catch (FileAlreadyExistsException e) {
            tighten(file);
            return file;
        }
    }

    /**
     * Makes a file 0600 and a folder 0700; a link is not followed, and what cannot be changed is
     * left. By path (chmod), never through a descriptor: closing any descriptor of a file drops
     * the POSIX locks this process holds on it, the conversation's lock among them.
     */
    public static void tighten(Path path) {
        if (Files.isSymbolicLink(path) || Files.getFileAttributeView(path, PosixFileAttributeView.class) == null) {
            return;
        }
        try {
            Files.setPosixFilePermissions(path, Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? FOLDER : FILE);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            // Not ours to change (or gone): the rest is still tightened.
        }
    }

    /** The folder and everything in it, tightened; links are neither followed nor changed. */
    public static void tightenTree(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            all.forEach(OwnerOnly::tighten);
        } catch (IOException | RuntimeException e) {
            // A folder that cannot be listed: what was reached is tightened, and opening reports the rest.
        }
    }

    private static FileAttribute<?>[] attributes(Path path, Set<PosixFilePermission> permissions) {
        Path parent = path.toAbsolutePath().getParent();
        boolean posix = parent != null && parent.getFileSystem().supportedFileAttributeViews().contains("posix");
        return posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)}
                : new FileAttribute<?>[0];
    }
}
