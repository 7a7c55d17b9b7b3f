package dev.rosetta.tools.files;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.FileAccess;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;

/**
 * Where the file tools' paths lead: relative to the workspace, {@code ~} for the home folder,
 * absolute paths as they are. When confined, a path that leads outside the workspace — by
 * {@code ..} or through a symbolic link — is refused with {@code EACCES}. A file's content is read
 * and written on the disk, or through the {@link FileAccess} that holds the files (an editor).
 */
public final class Workspace {

    private final Path root;
    private final boolean confine;
    /** Who holds the files' content other than the disk, or null. */
    private final FileAccess files;
    /** Whether folders open relative to each other here, asked once; null until then. */
    private Boolean handles;

    public Workspace(Path root, boolean confine) {
        this(root, confine, null);
    }

    /** @param files who holds the files' content (an editor), or null: the disk */
    public Workspace(Path root, boolean confine, FileAccess files) {
        this.root = root.toAbsolutePath().normalize();
        this.confine = confine;
        this.files = files;
    }

    public static Workspace of(ToolContext context) {
        return new Workspace(context.workspace(), context.confine(), context.files());
    }

    public Path root() {
        return root;
    }

    /** The absolute, normalized path a tool's {@code path} argument names. */
    public Path resolve(String argument) throws ToolFailure {
        String text = argument == null ? "" : argument.strip();
        if (text.isEmpty()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "the path is empty; give the file's path, relative to the"
                    + " workspace " + root + " or absolute");
        }
        Path path;
        try {
            path = root.resolve(expandHome(text)).normalize();
        } catch (InvalidPathException e) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "'" + text + "' is not a valid path: " + e.getReason());
        }
        Optional<String> tooLong = PathLength.tooLong(path);
        if (tooLong.isPresent()) {
            throw new ToolFailure(ErrorCode.ENAMETOOLONG, "cannot use " + show(path) + ": " + tooLong.get());
        }
        if (confine) {
            requireInside(path, text);
        }
        return path;
    }

    /** The path as the model should see it: relative to the workspace when inside it. */
    public String show(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            return absolute.toString();
        }
        String relative = root.relativize(absolute).toString();
        return relative.isEmpty() ? "." : relative;
    }

    private void requireInside(Path path, String asGiven) throws ToolFailure {
        Path real = RealLocation.of(path, 0);
        Path realRoot = RealLocation.of(root, 0);
        if (!real.startsWith(realRoot)) {
            String via = real.equals(path) ? "" : " (it leads to " + real + ")";
            throw new ToolFailure(ErrorCode.EACCES, "'" + asGiven + "' is outside the workspace " + root + via
                    + "; file tools are confined to the workspace, so use a path inside it");
        }
    }

    /**
     * Where a path really leads (see {@link RealLocation#of}), or empty when that cannot be told (a
     * loop of links, a link that cannot be read).
     */
    public static Optional<Path> whereItLeads(Path path) {
        try {
            return Optional.of(RealLocation.of(path.toAbsolutePath().normalize(), 0));
        } catch (ToolFailure e) {
            return Optional.empty();
        }
    }

    /**
     * Replaces the file's content atomically ({@link AtomicFile#replace}: a link is followed).
     * When confined, the file is written in a folder reached inside the workspace without
     * following any link ({@link ConfinedFolder}): where the path leads is worked out and written
     * by the same steps, so a folder swapped for a link meanwhile fails the write instead of
     * sending it outside.
     */
    public void replace(Path path, byte[] content) throws IOException {
        if (files != null && files.writes()) {
            files.write(held(path), new String(content, StandardCharsets.UTF_8));
            return;
        }
        if (!confinedByHandles()) {
            AtomicFile.replace(path, content);
            return;
        }
        inFolder(path, true, (folder, name) -> {
            folder.replace(name, content);
            return null;
        });
    }

    /** Adds bytes at the end of the file, creating it ({@link AtomicFile#append}); confined as {@link #replace}. */
    void append(Path path, byte[] addition) throws IOException {
        if (files != null && files.writes()) {
            // the holder keeps whole texts: what it (or the disk) has now, and the addition after it
            String now;
            try {
                now = new String(read(path, Long.MAX_VALUE), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                now = "";
            }
            files.write(held(path), now + new String(addition, StandardCharsets.UTF_8));
            return;
        }
        if (!confinedByHandles()) {
            AtomicFile.append(path, addition);
            return;
        }
        inFolder(path, true, (folder, name) -> {
            folder.append(name, addition);
            return null;
        });
    }

    /** The file's bytes, at most {@code limit}; confined as {@link #replace}, so what is read is inside. */
    byte[] read(Path path, long limit) throws IOException {
        if (files != null && files.reads()) {
            byte[] bytes = files.read(held(path)).getBytes(StandardCharsets.UTF_8);
            if (bytes.length > limit) {
                throw new FileSystemException(path.toString(), null, "its text is " + bytes.length
                        + " bytes long, more than the " + limit + " that can be read");
            }
            return bytes;
        }
        if (!confinedByHandles()) {
            return Files.readAllBytes(path);
        }
        return inFolder(path, true, (folder, name) -> folder.read(name, limit));
    }

    /**
     * The file's text as the tools would read it (through the holder of the files, if any): empty
     * when it is not there, is not a regular file, is longer than {@code limit} bytes or is not UTF-8.
     */
    public Optional<String> text(Path path, long limit) {
        try {
            if ((files == null || !files.reads()) && (!Files.isRegularFile(path) || Files.size(path) > limit)) {
                return Optional.empty();
            }
            byte[] bytes = read(path, limit);
            return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The file's text as its holder (an editor) has it — unsaved changes included — as UTF-8 bytes,
     * when one holds and reads the files; empty when none does, or it could not give the text (then
     * the disk is what there is). What undo keeps and compares, so it puts back what the tools saw.
     */
    public Optional<byte[]> heldBytes(Path path) {
        if (files == null || !files.reads()) {
            return Optional.empty();
        }
        try {
            return Optional.of(files.read(held(path)).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Opens the file to read it from the start; confined as {@link #replace}. */
    InputStream openRead(Path path) throws IOException {
        if (files != null && files.reads()) {
            return new ByteArrayInputStream(files.read(held(path)).getBytes(StandardCharsets.UTF_8));
        }
        if (!confinedByHandles()) {
            return Files.newInputStream(path);
        }
        return inFolder(path, true, (folder, name) -> Channels.newInputStream(folder.openRead(name)));
    }

    /** Removes the file, or the link, at {@code path} (a link's target stays); nothing when there is none. */
    public void delete(Path path) throws IOException {
        if (!confinedByHandles()) {
            Files.deleteIfExists(path);
            return;
        }
        try {
            inFolder(path, false, (folder, name) -> {
                folder.delete(name);
                return null;
            });
        } catch (NoSuchFileException gone) {
            // its folder is gone, and so it is
        }
    }

    /**
     * Makes {@code folder} and the folders before it that are missing; returns the outermost one
     * it made, or null when the folder was there (perhaps through a link).
     */
    public Path makeFolders(Path folder) throws IOException {
        if (!confinedByHandles()) {
            Path firstMissing = null;
            for (Path step = folder; step != null && !Files.exists(step); step = step.getParent()) {
                firstMissing = step;
            }
            if (!Files.isDirectory(folder)) {
                // createDirectories would refuse a link to a folder as "exists and is not a folder"
                Files.createDirectories(folder);
            }
            return firstMissing;
        }
        Target target = target(folder, true);
        Path[] first = new Path[1];
        ConfinedFolder.FolderMade made = f -> {
            if (first[0] == null) {
                first[0] = f;
            }
        };
        try (ConfinedFolder opened = ConfinedFolder.open(target.root(), target.relative(), made)) {
            return first[0];
        }
    }

    /**
     * Removes {@code folder} and its parents up to {@code outermost} as long as each is empty;
     * stops at the first that is not (or cannot be removed).
     */
    public void removeEmptyFolders(Path folder, Path outermost) {
        for (Path f = folder; f != null && f.startsWith(outermost); f = f.getParent()) {
            try {
                if (confinedByHandles()) {
                    delete(f);
                } else {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                return; // not empty (or not ours to remove): it and its parents stay
            }
        }
    }

    /**
     * The path handed to the files' holder: its links followed here, not left to the holder (and,
     * when confined, checked to stay inside); a file in the workspace is named under the workspace
     * as given, so the holder finds the buffer it has open under that name.
     */
    private Path held(Path path) throws IOException {
        if (confine) {
            Target inside = target(path, true); // refuses a path that leads outside
            return root.resolve(inside.relative());
        }
        try {
            Path realRoot = RealLocation.of(root, 0);
            Path real = RealLocation.of(path.toAbsolutePath().normalize(), 0);
            return real.startsWith(realRoot) ? root.resolve(realRoot.relativize(real)) : real;
        } catch (ToolFailure f) {
            throw new Outside(path, f.getMessage());
        }
    }

    /** What is done to a file in the folder that holds it. */
    @FunctionalInterface
    private interface InFolder<T> {
        T apply(ConfinedFolder folder, Path name) throws IOException;
    }

    /** Opens the folder {@code path} is in, confined, and does {@code operation} to its file there. */
    private <T> T inFolder(Path path, boolean followLast, InFolder<T> operation) throws IOException {
        Target target = target(path, followLast);
        try (ConfinedFolder folder = ConfinedFolder.open(target.root(), target.folder(), null)) {
            return operation.apply(folder, target.name());
        }
    }

    private boolean confinedByHandles() {
        if (!confine) {
            return false;
        }
        if (handles == null) {
            handles = ConfinedFolder.supported(root);
        }
        return handles;
    }

    /**
     * Where a confined operation on {@code path} takes place: the workspace's real root, the
     * folder below it, and the name in that folder.
     *
     * @param relative the path from the root to the file itself
     */
    private record Target(Path root, Path relative) {

        Path folder() {
            Path parent = relative.getParent();
            return parent == null ? Path.of("") : parent;
        }

        Path name() {
            return relative.getFileName();
        }
    }

    /**
     * @param followLast whether a link at the end of the path is followed (to write what it points
     *                   to) or is itself the file (to remove the link)
     */
    private Target target(Path path, boolean followLast) throws IOException {
        try {
            Path realRoot = RealLocation.of(root, 0);
            Path absolute = path.toAbsolutePath().normalize();
            Path real = followLast || absolute.getParent() == null ? RealLocation.of(absolute, 0)
                    : RealLocation.of(absolute.getParent(), 0).resolve(absolute.getFileName());
            if (!real.startsWith(realRoot)) {
                throw new Outside(absolute, "is outside the workspace " + root + (real.equals(absolute) ? ""
                        : " (it leads to " + real + ")") + "; file tools are confined to the workspace");
            }
            return new Target(realRoot, realRoot.relativize(real));
        } catch (ToolFailure f) {
            throw new Outside(path, f.getMessage());
        }
    }

    /** A path a confined workspace does not reach: outside it, or through too many links to tell. */
    static final class Outside extends FileSystemException {
        Outside(Path path, String reason) {
            super(path.toString(), null, reason);
        }
    }

    private static String expandHome(String text) {
        if (text.equals("~") || text.startsWith("~/")) {
            return System.getProperty("user.home") + text.substring(1);
        }
        return text;
    }
}
