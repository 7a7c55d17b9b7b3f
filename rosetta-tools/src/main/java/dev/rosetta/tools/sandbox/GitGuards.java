package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What of a git repository stays read-only in the sandbox: the parts from which git, run later by
 * the user outside the sandbox, would run a command — its {@code config} (and a worktree's
 * {@code config.worktree}: fsmonitor, pager, editor, aliases, filter and diff drivers), its
 * {@code hooks}, the repositories of its submodules ({@code modules}) — and, at the top of a
 * writable folder, a {@code .git} that is not there, which the model would fill with its own. The
 * rest of the repository stays writable, so the model can commit, branch and switch; but the
 * repository's folder itself is pinned ({@link SandboxLayout.Access#PINNED}), so it cannot be
 * renamed away and replaced by one whose config is the model's. (What of the repository stays
 * writable can still point git elsewhere — a {@code commondir}, a submodule in the index — see
 * docs/SANDBOX.md: only a repository made read-only whole would stop that, and the model could
 * not commit.)
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

    /** The guards for the repository (if any) at the top of {@code root}. */
    static List<Guard> of(Path root) {
        Path dotGit = root.resolve(".git");
        List<Guard> guards = new ArrayList<>();
        if (!Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS)) {
            // The model may make a repository where there is none (an eval task, "git init this"): its
            // config and hooks are guarded from the next sandboxed start on (docs/SECURITY.md)
            return guards;
        } else if (Files.isRegularFile(dotGit, LinkOption.NOFOLLOW_LINKS)) {
            guards.add(new Guard(dotGit, Missing.ALLOWED)); // a worktree's pointer cannot be turned elsewhere
            pointedTo(dotGit, "gitdir:").ifPresent(gitDir -> addRepository(gitDir, guards));
        } else {
            addRepository(Real.path(dotGit), guards);
        }
        return guards;
    }

    /** A linked worktree's own folder holds its config.worktree; its common folder holds the rest. */
    private static void addRepository(Path gitDir, List<Guard> guards) {
        guards.add(Guard.pin(gitDir));
        guards.add(new Guard(gitDir.resolve("config.worktree"), Missing.ALLOWED));
        java.util.Optional<Path> common = pointedTo(gitDir.resolve("commondir"), "");
        if (common.isPresent()) {
            guards.add(new Guard(gitDir.resolve("commondir"), Missing.ALLOWED));
            addCommon(common.get(), guards);
        } else {
            addCommon(gitDir, guards);
        }
    }

    private static void addCommon(Path common, List<Guard> guards) {
        guards.add(Guard.pin(common));
        guards.add(new Guard(common.resolve("config"), Missing.FILE));
        guards.add(new Guard(common.resolve("hooks"), Missing.FOLDER));
        guards.add(new Guard(common.resolve("modules"), Missing.ALLOWED));
    }

    /** The path a git pointer file names ({@code gitdir: …}, a {@code commondir}), relative to its folder. */
    private static java.util.Optional<Path> pointedTo(Path file, String prefix) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return java.util.Optional.empty();
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (text.startsWith(prefix) && !text.isEmpty()) {
                return java.util.Optional.of(Real.path(file.getParent().resolve(text.substring(prefix.length()).strip())));
            }
        } catch (IOException | RuntimeException e) {
            // not a pointer git would follow either
        }
        return java.util.Optional.empty();
    }
}
