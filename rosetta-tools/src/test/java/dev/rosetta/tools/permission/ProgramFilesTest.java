package dev.rosetta.tools.permission;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deny rule names a program, not a file name (issue 25 §1, "another path to the same program"):
 * the outside probe deleted a denied folder with {@code ln -s /bin/rm ./zap; ./zap -rf victim},
 * {@code cp /bin/rm ./zap2; ./zap2 -rf victim} and a link in /tmp. A program named by a path is
 * known by the file it leads to; one the line may make or replace first cannot be told, so it may be
 * the denied one.
 */
class ProgramFilesTest {

    private static final PermissionRules DENY_RM_ALLOW_ALL = new PermissionRules(List.of(
            new PermissionRule("shell", "rm -rf *", Permission.DENY, "test"),
            new PermissionRule("shell", "**", Permission.ALLOW, "test")), List.of());

    @TempDir
    Path workspace;

    private Verdict verdict(String line) {
        return DENY_RM_ALLOW_ALL.decide("shell", new CallSubject(CallSubject.Kind.COMMAND, line, line, workspace));
    }

    private static Path rm() {
        return Path.of("/bin/rm");
    }

    @Test
    void aProgramTheLineLinksOrCopiesBeforeRunningItMayBeTheDeniedOne() {
        for (String line : List.of("ln -s /bin/rm ./zap; ./zap -rf victim", "cp /bin/rm ./zap2; ./zap2 -rf victim",
                "ln -s /bin/rm /tmp/zap3; /tmp/zap3 -rf victim", "cat /bin/rm > zap4; chmod +x zap4; ./zap4 -rf victim",
                "ln -sf /bin/rm \"$(printf zap5)\"; ./zap5 -rf victim")) {
            Verdict v = verdict(line);
            assertThat(v.doubtful() || v.denies()).as("%s → %s", line, v).isTrue();
        }
    }

    @Test
    void aProgramNamedByAPathThatIsNotThereYetMayBeTheDeniedOne() {
        Verdict v = verdict("./zap -rf victim");
        assertThat(v.doubtful()).as("%s", v).isTrue();
        assertThat(v.reason()).contains("./zap").contains("cannot be told");
    }

    @Test
    void aLinkMadeEarlierToTheDeniedProgramIsThatProgram() throws Exception {
        Files.createSymbolicLink(workspace.resolve("zap"), rm());
        assertThat(verdict("./zap -rf victim").denies()).isTrue();
        assertThat(verdict(workspace.resolve("zap") + " -fr victim").denies()).isTrue();
    }

    @Test
    void aCopyMadeEarlierOfTheDeniedProgramIsThatProgram() throws Exception {
        Files.copy(rm(), workspace.resolve("tool"));
        assertThat(verdict("./tool -rf victim").denies()).isTrue();
    }

    @Test
    void anotherProgramNamedByAPathIsNotTheDeniedOne() throws Exception {
        Path script = Files.writeString(workspace.resolve("build.sh"), "#!/bin/sh\necho built\n");
        script.toFile().setExecutable(true);
        assertThat(verdict("./build.sh -rf victim").permission()).isEqualTo(Permission.ALLOW);
        assertThat(verdict("./build.sh test").permission()).isEqualTo(Permission.ALLOW);
        assertThat(verdict("/bin/ls -rf victim").permission()).isEqualTo(Permission.ALLOW);
    }

    @Test
    void aProgramNotThereYetWhoseArgumentsAreNotTheRulesIsNotDoubted() {
        assertThat(verdict("./gradlew build").permission()).isEqualTo(Permission.ALLOW);
        Verdict v = verdict("cd \"$(pwd)\" && ./gradlew build");
        assertThat(v.doubtful() || v.denies()).as("%s", v).isFalse();
    }
}
