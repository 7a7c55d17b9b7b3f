package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What of a git repository stays read-only in the sandbox. By default all of it: the {@code .git}
 * at the top of a writable folder, the repository a {@code .git} file points to (a linked
 * worktree's own folder) and its common folder ({@code commondir}) — each bound read-only on
 * itself, so it can be neither written nor renamed away and replaced. Nothing the model does then
 * changes what git, run later by the user outside the sandbox, reads: its config (fsmonitor,
 * pager, aliases, filter drivers), its hooks, a {@code commondir} or an index that points
 * elsewhere. The model cannot commit; it leaves its changes in the working tree.
 *
 * <p>A repository the user made writable ({@code [sandbox] writable = [".git"]}) is writable but
 * for the parts from which git would run a command — {@code config}, {@code config.worktree},
 * {@code hooks} (kept from being created), the submodules' repositories ({@code modules}) — and
 * its folder stays pinned ({@link SandboxLayout.Access#PINNED}): not renamed away and replaced by
 * one whose config is the model's. Where there is no {@code .git}, the model may make a repository
 * (a task may ask for {@code git init}): it is read-only from the next sandboxed start on.
 */
final class GitGuards {

    /** What to do where a guarded path does not exist. */
    enum Missing {
        /** Nothing: creating it changes nothing git runs. */
        ALLOWED,
        /** Keep a folder from being created there. */
        FOLDER,
        /** Keep a file from being created there. */
        FILE
    }

    /**
     * A path to guard: read-only (and, where it is missing, as {@code missing} says), or pinned.
     */
    record Guard(Path path, Missing missing, boolean pinned) {
        Guard(Path path, Missing missing) {
            this(path, missing, false);
        }

        static Guard pin(Path folder) {
            return new Guard(folder, Missing.ALLOWED, true);
        }
    }

    private GitGuards() {}

    /**
     * The guards for the repository (if any) at the top of {@code root}.
     *
     * @param madeWritable the real paths the user made writable: a repository among them may be written
     */
    static List<Guard> of(Path root, List<Path> madeWritable) {
        Path dotGit = root.resolve(".git");
        List<Guard> guards = new ArrayList<>();
        List<Path> folders;
        if (Files.isRegularFile(dotGit, LinkOption.NOFOLLOW_LINKS)) {
            guards.add(new Guard(dotGit, Missing.ALLOWED)); // a worktree's pointer cannot be turned elsewhere
            folders = pointedTo(dotGit, "gitdir:").map(GitGuards::withCommon).orElse(List.of());
        } else if (Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS)) {
            folders = withCommon(Real.path(dotGit));
        } else {
            return guards;
        }
        boolean writable = folders.stream().anyMatch(madeWritable::contains) || madeWritable.contains(Real.path(dotGit));
        for (Path folder : folders) {
            if (writable) {
                guardWhatRunsCommands(folder, guards);
            } else {
                guards.add(new Guard(folder, Missing.ALLOWED));
            }
        }
        return guards;
    }

    /** A repository's folder and, for a linked worktree's, the common folder its {@code commondir} names. */
    private static List<Path> withCommon(Path gitDir) {
        return pointedTo(gitDir.resolve("commondir"), "").map(common -> List.of(gitDir, common)).orElse(List.of(gitDir));
    }

    private static void guardWhatRunsCommands(Path gitDir, List<Guard> guards) {
        guards.add(Guard.pin(gitDir));
        guards.add(new Guard(gitDir.resolve("config"), Missing.FILE));
        guards.add(new Guard(gitDir.resolve("config.worktree"), Missing.ALLOWED));
        guards.add(new Guard(gitDir.resolve("commondir"), Missing.ALLOWED));
        guards.add(new Guard(gitDir.resolve("hooks"), Missing.FOLDER));
        guards.add(new Guard(gitDir.resolve("modules"), Missing.ALLOWED));
    }

    /** The path a git pointer file names ({@code gitdir: …}, a {@code commondir}), relative to its folder. */
    private static Optional<Path> pointedTo(Path file, String prefix) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (text.startsWith(prefix) && !text.isEmpty()) {
                return Optional.of(Real.path(file.getParent().resolve(text.substring(prefix.length()).strip())));
            }
        } catch (IOException | RuntimeException e) {
            // not a pointer git would follow either
        }
        return Optional.empty();
    }
}
