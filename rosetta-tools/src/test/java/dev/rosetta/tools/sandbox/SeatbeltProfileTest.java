package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.tools.sandbox.SandboxLayout.Access;
import dev.rosetta.tools.sandbox.SandboxLayout.Mount;

/** The macOS profile cannot run here; its rules are pinned as text. */
class SeatbeltProfileTest {

    private static final Path WORKSPACE = Path.of("/Users/me/project");
    private static final Path TEMP = Path.of("/private/var/folders/xy/rosetta-sandbox-1/tmp");

    private static SandboxLayout layout(NetworkAccess network) {
        return new SandboxLayout(List.of(new Mount(WORKSPACE, Access.WRITABLE, true, true),
                new Mount(WORKSPACE.resolve(".git"), Access.READ_ONLY, true, true),
                new Mount(WORKSPACE.resolve("rosetta.toml"), Access.READ_ONLY, false, true),
                new Mount(Path.of("/Users/me/.config/rosetta"), Access.HIDDEN, true, true)), TEMP,
                Path.of("/private/var/folders/xy/rosetta-sandbox-1/empty"), network);
    }

    @Test
    void everythingIsDeniedButWhatIsAllowed() {
        String text = Seatbelt.profile(layout(NetworkAccess.OFF)).text();

        assertThat(text).startsWith("(version 1)\n(deny default)\n");
    }

    @Test
    void theWorkspaceAndTheTempFolderAreWritableExceptTheirReadOnlyParts() {
        Seatbelt.Profile profile = Seatbelt.profile(layout(NetworkAccess.OFF));

        assertThat(profile.parameters()).containsEntry("WRITABLE_0", WORKSPACE.toString())
                .containsEntry("WRITABLE_1", TEMP.toString())
                .containsEntry("READ_ONLY_0", WORKSPACE.resolve(".git").toString())
                .containsEntry("READ_ONLY_1", WORKSPACE.resolve("rosetta.toml").toString());
        assertThat(profile.text()).contains("(allow file-write* (require-all (subpath (param \"WRITABLE_0\"))"
                + " (require-not (subpath (param \"READ_ONLY_0\"))) (require-not (literal (param \"READ_ONLY_1\")))"
                + " (require-not (subpath (param \"HIDDEN_0\")))))");
        assertThat(profile.text()).doesNotContain("(allow file-write* (subpath");
    }

    @Test
    void aPinnedRepositoryIsWritableInsideButCannotItselfBeMovedOrReplaced() {
        Path git = WORKSPACE.resolve("lib/.git");
        SandboxLayout layout = new SandboxLayout(List.of(new Mount(WORKSPACE, Access.WRITABLE, true, true),
                new Mount(git, Access.PINNED, true, true), new Mount(git.resolve("config"), Access.READ_ONLY, false, true)),
                TEMP, Path.of("/private/var/folders/xy/rosetta-sandbox-1/empty"), NetworkAccess.OFF);

        Seatbelt.Profile profile = Seatbelt.profile(layout);

        assertThat(profile.parameters()).containsEntry("PINNED_0", git.toString());
        assertThat(profile.text()).contains("(require-not (literal (param \"PINNED_0\")))")
                .doesNotContain("(subpath (param \"PINNED_0\"))");
    }

    @Test
    void aRepositoryInTheWorkspaceIsReadOnlyWholeItselfIncluded(@TempDir Path dir) throws java.io.IOException {
        Path workspace = java.nio.file.Files.createDirectories(dir.toRealPath().resolve("project"));
        java.nio.file.Files.createDirectories(workspace.resolve(".git/objects"));
        SandboxLayout layout = SandboxPolicy.of(workspace).layout(TEMP, TEMP.resolveSibling("empty"), List.of());

        Seatbelt.Profile profile = Seatbelt.profile(layout);

        assertThat(profile.parameters()).containsEntry("READ_ONLY_0", workspace.resolve(".git").toString());
        assertThat(profile.text()).as("subpath: the folder itself (a rename) and all it holds")
                .contains("(require-not (subpath (param \"READ_ONLY_0\")))").doesNotContain("PINNED");
    }

    @Test
    void hiddenPathsCannotBeRead() {
        String text = Seatbelt.profile(layout(NetworkAccess.OFF)).text();

        assertThat(text).contains("(allow file-read* (require-all (subpath \"/\") (require-not (subpath (param \"HIDDEN_0\")))))");
    }

    @Test
    void theNetworkIsAllowedOnlyWhenOn() {
        assertThat(Seatbelt.profile(layout(NetworkAccess.OFF)).text()).doesNotContain("network");
        assertThat(Seatbelt.profile(layout(NetworkAccess.ON)).text()).contains("(allow network-outbound (remote ip))");
    }

    @Test
    void otherProcessesCannotBeInspectedOrSignalled() {
        String text = Seatbelt.profile(layout(NetworkAccess.OFF)).text();

        assertThat(text).contains("(allow process-info* (target same-sandbox))", "(allow signal (target same-sandbox))")
                .doesNotContain("(allow process-info*)\n").doesNotContain("(allow mach-lookup)\n");
    }

    @Test
    void pathsNeverEnterTheProfilesText() {
        Path odd = Path.of("/Users/me/we\"ird) (allow default");
        SandboxLayout layout = new SandboxLayout(List.of(new Mount(odd, Access.WRITABLE, true, true)), TEMP,
                TEMP.resolveSibling("empty"), NetworkAccess.OFF);

        Seatbelt.Profile profile = Seatbelt.profile(layout);

        assertThat(profile.text()).doesNotContain("we\"ird").doesNotContain("(allow default");
        assertThat(profile.parameters()).containsValue(odd.toString());
        assertThat(new Seatbelt(Path.of("/usr/bin/sandbox-exec")).wrap(layout, WORKSPACE, List.of("ls", "-l")))
                .startsWith("/usr/bin/sandbox-exec", "-p").endsWith("-D", "WRITABLE_1=" + TEMP, "ls", "-l");
    }
}
