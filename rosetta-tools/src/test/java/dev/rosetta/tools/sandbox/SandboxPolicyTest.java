package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.tools.sandbox.SandboxLayout.Access;
import dev.rosetta.tools.sandbox.SandboxLayout.Mount;

/** How a policy resolves against the file system as it is: which paths, real, in which order. */
class SandboxPolicyTest {

    @TempDir
    Path root;

    private Path workspace;
    private Path temp;
    private Path empty;

    @BeforeEach
    void setUp() throws IOException {
        root = root.toRealPath();
        workspace = Files.createDirectories(root.resolve("ws"));
        temp = Files.createDirectories(root.resolve("sandbox/tmp"));
        empty = Files.createDirectories(root.resolve("sandbox/empty"));
    }

    private SandboxLayout layout(SandboxPolicy policy) {
        return policy.layout(temp, empty, List.of());
    }

    private SandboxPolicy policy(List<Path> writable, List<Path> own, List<Path> hidden, Path home) {
        return new SandboxPolicy(workspace, writable, own, hidden, home, NetworkAccess.OFF);
    }

    @Test
    void theWorkspaceIsWritableAndARepositoryCanBeMadeWhereThereIsNone() {
        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(), null));

        assertThat(layout.mounts()).containsExactly(new Mount(workspace, Access.WRITABLE, true, true));
        assertThat(layout.accessOf(workspace.resolve("src/Main.java"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(workspace.resolve(".git/HEAD"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(root.resolve("elsewhere"))).isEqualTo(Access.READ_ONLY);
    }

    @Test
    void rosettasProjectFilesThatExistAreReadOnly() throws IOException {
        Files.createDirectories(workspace.resolve(".rosetta"));
        Files.writeString(workspace.resolve("rosetta.toml"), "");

        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(), null));

        assertThat(layout.accessOf(workspace.resolve(".rosetta/x"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(workspace.resolve("rosetta.toml"))).isEqualTo(Access.READ_ONLY);
    }

    @Test
    void aRepositoryIsReadOnlyWholeAndCannotBeMovedAway() throws IOException {
        Files.createDirectories(workspace.resolve(".git/objects"));
        Files.writeString(workspace.resolve(".git/config"), "[core]\n");

        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(), null));

        assertThat(layout.mounts()).contains(new Mount(workspace.resolve(".git"), Access.READ_ONLY, true, true));
        for (String inside : List.of(".git", ".git/objects/ab/cdef", ".git/refs/heads/feature", ".git/index.lock",
                ".git/config", ".git/hooks/pre-commit", ".git/commondir", ".git/modules/lib/config")) {
            assertThat(layout.accessOf(workspace.resolve(inside))).as(inside).isEqualTo(Access.READ_ONLY);
        }
        assertThat(layout.accessOf(workspace.resolve("src/Main.java"))).isEqualTo(Access.WRITABLE);
    }

    @Test
    void aRepositoryTheUserMadeWritableIsPinnedAndWhatMakesGitRunACommandStaysReadOnly() throws IOException {
        Path git = Files.createDirectories(workspace.resolve(".git/objects"));
        Files.writeString(git.resolveSibling("config"), "[core]\n");
        Files.createDirectories(workspace.resolve(".git/modules/lib"));

        SandboxLayout layout = layout(policy(List.of(Path.of(".git")), List.of(), List.of(), null));

        assertThat(layout.mounts()).contains(new Mount(workspace.resolve(".git"), Access.PINNED, true, true));
        assertThat(layout.accessOf(workspace.resolve(".git"))).isEqualTo(Access.PINNED);
        assertThat(layout.accessOf(workspace.resolve(".git/index"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(workspace.resolve(".git/objects/ab/cdef"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(workspace.resolve(".git/refs/heads/feature"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(workspace.resolve(".git/config"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(workspace.resolve(".git/hooks/pre-commit"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(workspace.resolve(".git/modules/lib/config"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.mounts()).as("a missing hooks folder cannot be made")
                .contains(new Mount(workspace.resolve(".git/hooks"), Access.READ_ONLY, true, false));
    }

    /** A linked worktree: the .git file, the worktree's own folder and the common repository it names. */
    private Path worktreeOf(Path main) throws IOException {
        Path own = Files.createDirectories(main.resolve("worktrees/ws"));
        Files.writeString(own.resolve("commondir"), "../..\n");
        Files.writeString(main.resolve("config"), "[core]\n");
        Files.writeString(workspace.resolve(".git"), "gitdir: " + own + "\n");
        return own;
    }

    @Test
    void aWorktreesPointerItsFolderAndItsCommonRepositoryAreReadOnlyWhereverAWritableFolderHoldsThem() throws IOException {
        Path main = Files.createDirectories(root.resolve("cache/main.git"));
        Path own = worktreeOf(main);

        SandboxLayout layout = layout(policy(List.of(root.resolve("cache")), List.of(), List.of(), null));

        assertThat(layout.accessOf(workspace.resolve(".git"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(own)).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(own.resolve("HEAD"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(main)).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(main.resolve("refs/heads/x"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(root.resolve("cache/other"))).isEqualTo(Access.WRITABLE);
    }

    @Test
    void aWorktreeTheUserMadeWritableKeepsItsPointerAndWhatMakesGitRunACommandReadOnly() throws IOException {
        Path main = Files.createDirectories(root.resolve("cache/main.git"));
        Path own = worktreeOf(main);

        SandboxLayout layout = layout(policy(List.of(root.resolve("cache"), own), List.of(), List.of(), null));

        assertThat(layout.accessOf(workspace.resolve(".git"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(main.resolve("config"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(main.resolve("hooks/post-checkout"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(own.resolve("commondir"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(own.resolve("HEAD"))).isEqualTo(Access.WRITABLE);
        assertThat(layout.accessOf(main.resolve("refs/heads/x"))).isEqualTo(Access.WRITABLE);
    }

    @Test
    void aFolderInsideAnotherWritableOneIsNotMountedTwice() throws IOException {
        Path build = Files.createDirectories(workspace.resolve("build"));

        SandboxLayout layout = layout(policy(List.of(build), List.of(), List.of(), null));

        assertThat(layout.writable()).containsExactly(workspace);
    }

    @Test
    void writableFoldersAreMountedByTheirRealPath() throws IOException {
        Path real = Files.createDirectories(root.resolve("real-cache"));
        Path link = Files.createSymbolicLink(root.resolve("cache-link"), real);

        SandboxLayout layout = layout(policy(List.of(link), List.of(), List.of(), null));

        assertThat(layout.writable()).containsExactly(workspace, real);
    }

    @Test
    void rosettasOwnFoldersInsideTheWorkspaceAreReadOnlyEvenBeforeTheyExist() throws IOException {
        Path logs = Files.createDirectories(workspace.resolve(".local/share/rosetta/logs"));
        Path config = workspace.resolve(".config/rosetta");

        SandboxLayout layout = layout(policy(List.of(), List.of(logs, config), List.of(), null));

        assertThat(layout.accessOf(logs.resolve("x/conversation.jsonl"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(config.resolve("config.toml"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.mounts()).contains(new Mount(config, Access.READ_ONLY, true, false));
    }

    @Test
    void theHomeFoldersHiddenFilesStayReadOnlyWhenTheHomeFolderIsTheWorkspace() throws IOException {
        Files.writeString(workspace.resolve(".bashrc"), "");
        Files.createDirectories(workspace.resolve(".ssh"));
        Files.writeString(workspace.resolve("notes.txt"), "");

        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(), workspace));

        assertThat(layout.accessOf(workspace.resolve(".bashrc"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(workspace.resolve(".ssh/authorized_keys"))).isEqualTo(Access.READ_ONLY);
        assertThat(layout.accessOf(workspace.resolve("notes.txt"))).isEqualTo(Access.WRITABLE);
    }

    @Test
    void hiddenPathsThatExistReadAsEmpty() throws IOException {
        Path config = Files.createDirectories(root.resolve("config/rosetta"));
        Path netrc = Files.writeString(root.resolve(".netrc"), "machine x password y");

        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(config, netrc, root.resolve("absent")), null));

        assertThat(layout.mounts()).contains(new Mount(config, Access.HIDDEN, true, true),
                new Mount(netrc, Access.HIDDEN, false, true));
        assertThat(layout.mounts()).extracting(Mount::path).doesNotContain(root.resolve("absent"));
    }

    @Test
    void parentsAreMountedBeforeWhatTheyHold() throws IOException {
        Files.createDirectories(workspace.resolve(".git/hooks"));
        Path hiddenInside = Files.createDirectories(workspace.resolve("secrets"));

        SandboxLayout layout = layout(policy(List.of(), List.of(), List.of(hiddenInside), null));

        List<Integer> depths = layout.mounts().stream().map(m -> m.path().getNameCount()).toList();
        assertThat(depths).isSorted();
        assertThat(layout.accessOf(hiddenInside.resolve("key"))).isEqualTo(Access.HIDDEN);
    }
}
