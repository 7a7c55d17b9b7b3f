package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.rosetta.tools.sandbox.SandboxLayout.Access;
import dev.rosetta.tools.sandbox.SandboxLayout.Mount;

/**
 * What a conversation's sandbox allows: read everything but what is hidden; write the workspace,
 * the private temporary folder and the folders the user added; inside those, never what would
 * let a write act outside the sandbox later — a git repository ({@link GitGuards}: all of it,
 * or, where the user made it writable, what would make git run a command), {@code .rosetta} and
 * {@code rosetta.toml}, Rosetta's own folders, and the hidden files of the home folder (shell
 * start-up files, keys) when the home folder itself is writable.
 *
 * @param workspace   the conversation's workspace
 * @param writable    more folders the user made writable ({@code [sandbox] writable}); a relative
 *                    path is the workspace's ({@code ".git"}: its repository)
 * @param ownFolders  Rosetta's config, data, log and cache folders: read-only wherever they are
 * @param hidden      what a sandboxed process cannot read at all (Rosetta's config folder, which
 *                    may hold keys, and what the user added with {@code [sandbox] hidden})
 * @param home        the user's home folder, or null
 * @param network     what the network allows
 */
public record SandboxPolicy(Path workspace, List<Path> writable, List<Path> ownFolders, List<Path> hidden,
        Path home, NetworkAccess network) {

    /** Rosetta's names that stay read-only at the top of every writable folder (git's are {@link GitGuards}'). */
    static final List<String> PROTECTED_NAMES = List.of(".rosetta", "rosetta.toml");

    public SandboxPolicy {
        Objects.requireNonNull(workspace, "workspace");
        writable = List.copyOf(writable);
        ownFolders = List.copyOf(ownFolders);
        hidden = List.copyOf(hidden);
        Objects.requireNonNull(network, "network");
    }

    public SandboxPolicy withNetwork(NetworkAccess newNetwork) {
        return new SandboxPolicy(workspace, writable, ownFolders, hidden, home, newNetwork);
    }

    /** The workspace alone: nothing added, nothing of Rosetta's known, the network off. */
    public static SandboxPolicy of(Path workspace) {
        String home = System.getProperty("user.home");
        return new SandboxPolicy(workspace, List.of(), List.of(), List.of(), home == null ? null : Path.of(home),
                NetworkAccess.OFF);
    }

    /**
     * The layout for one process, as the file system is now.
     *
     * @param temp          the private temporary folder
     * @param empty         an empty folder for what is hidden or kept from being created
     * @param extraWritable more paths this process must write: folders, or files (an interpreter's
     *                      capture file), which are writable but stay in place
     */
    public SandboxLayout layout(Path temp, Path empty, List<Path> extraWritable) {
        List<Path> roots = writableRoots(extraWritable);
        List<Path> madeWritable = writable.stream().map(p -> Real.path(workspace.resolve(p))).toList();
        Map<Path, Mount> mounts = new LinkedHashMap<>();
        roots.forEach(root -> mounts.put(root, new Mount(root, Access.WRITABLE, true, true)));
        writableFiles(extraWritable, roots).forEach(file -> mounts.put(file, new Mount(file, Access.WRITABLE, false, true)));
        List<Path> candidates = new ArrayList<>(roots);
        candidates.add(Real.path(workspace)); // its .git is kept even where a wider folder holds it
        for (Path root : candidates) {
            for (String name : PROTECTED_NAMES) {
                protect(mounts, root.resolve(name), GitGuards.Missing.ALLOWED, roots);
            }
            for (GitGuards.Guard guard : GitGuards.of(root, madeWritable)) {
                if (guard.pinned()) {
                    pin(mounts, guard.path(), roots);
                } else {
                    protect(mounts, guard.path(), guard.missing(), roots);
                }
            }
        }
        ownFolders.forEach(folder -> protect(mounts, Real.path(folder), GitGuards.Missing.FOLDER, roots));
        homeDotFiles(roots).forEach(path -> protect(mounts, path, GitGuards.Missing.ALLOWED, roots));
        for (Path path : hidden) {
            Path real = Real.path(path);
            if (Files.exists(real)) {
                mounts.put(real, new Mount(real, Access.HIDDEN, Files.isDirectory(real), true));
            }
        }
        List<Mount> ordered = new ArrayList<>(mounts.values());
        ordered.sort(Comparator.comparingInt((Mount m) -> m.path().getNameCount()));
        return new SandboxLayout(ordered, Real.path(temp), Real.path(empty), network);
    }

    /** The workspace and the folders added, real, that exist, and none inside another (it is writable already). */
    private List<Path> writableRoots(List<Path> extraWritable) {
        List<Path> all = new ArrayList<>();
        all.add(workspace);
        writable.forEach(p -> all.add(workspace.resolve(p)));
        all.addAll(extraWritable);
        List<Path> real = all.stream().map(Real::path).filter(Files::isDirectory).distinct()
                .sorted(Comparator.comparingInt(Path::getNameCount)).toList();
        List<Path> roots = new ArrayList<>();
        for (Path p : real) {
            if (roots.stream().noneMatch(p::startsWith)) {
                roots.add(p);
            }
        }
        return roots;
    }

    /**
     * Files this process must write, each mounted on itself alone (an interpreter's capture file):
     * the folder around it stays the sandbox's, so the file can be written but not removed, renamed
     * or replaced — by a link, say, that Rosetta would then follow when it reads and empties the
     * file outside the sandbox.
     */
    private static List<Path> writableFiles(List<Path> extraWritable, List<Path> roots) {
        return extraWritable.stream().filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).map(Real::path)
                .filter(p -> roots.stream().noneMatch(p::startsWith)).distinct().toList();
    }

    /** Read-only where it lies in a writable folder (elsewhere it is read-only anyway). */
    private static void protect(Map<Path, Mount> mounts, Path path, GitGuards.Missing missing, List<Path> roots) {
        if (roots.stream().noneMatch(path::startsWith) || roots.contains(path)) {
            return;
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            Path real = Real.path(path);
            if (Files.exists(real)) {
                mounts.putIfAbsent(real, new Mount(real, Access.READ_ONLY, Files.isDirectory(real), true));
            }
        } else if (missing != GitGuards.Missing.ALLOWED) {
            mounts.putIfAbsent(path, new Mount(path, Access.READ_ONLY, missing == GitGuards.Missing.FOLDER, false));
        }
    }

    /** A folder in a writable one that stays writable but cannot itself be moved, removed or replaced. */
    private static void pin(Map<Path, Mount> mounts, Path folder, List<Path> roots) {
        Path real = Real.path(folder);
        if (Files.isDirectory(real) && !roots.contains(real) && roots.stream().anyMatch(real::startsWith)) {
            mounts.putIfAbsent(real, new Mount(real, Access.PINNED, true, true));
        }
    }

    /** The hidden files and folders of the home folder, when a writable folder holds it. */
    private List<Path> homeDotFiles(List<Path> roots) {
        if (home == null) {
            return List.of();
        }
        Path realHome = Real.path(home);
        if (roots.stream().noneMatch(realHome::startsWith)) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(realHome, p -> p.getFileName().toString().startsWith("."))) {
            entries.forEach(out::add);
        } catch (IOException e) {
            // an unreadable home has nothing to protect that we could name
        }
        return out;
    }
}
