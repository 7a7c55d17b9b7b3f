package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.python.PythonTool;
import dev.rosetta.tools.repl.ReplTimeouts;
import dev.rosetta.tools.shell.ShellSession;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * bubblewrap binds each entry of the host's {@code /tmp} into the sandbox, and another program's
 * entry deleted between its check and its mount fails the start ("Can't bind mount
 * /oldroot/tmp/NAME"). The start-up trial already tried again; a tool's own start failed. Here the
 * real bubblewrap is started through a program that first fails as bubblewrap does in that race,
 * for an entry that is gone: the tool starts anyway, and a failure of another kind is not retried.
 */
class LostTemporaryEntryTest {

    private Path folder;
    private Path attempts;
    private Bubblewrap real;

    @BeforeEach
    void setUp() throws IOException {
        Confined.requireBubblewrap();
        real = (Bubblewrap) ((SandboxSupport.Available) SandboxSupport.detect()).mechanism();
        folder = Confined.folderOutsideTmp();
        attempts = folder.resolve("attempts");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (folder != null) {
            try (var all = Files.walk(folder)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A sandbox whose bubblewrap fails its first {@code failures} starts saying {@code said}, then runs the real one. */
    private Sandbox failingFirst(int failures, String said, Path workspace) throws IOException {
        Path program = folder.resolve("bwrap");
        Path message = Files.writeString(folder.resolve("said"), said + "\n");
        Files.writeString(program, """
                #!/bin/sh
                echo x >> '%s'
                if [ "$(wc -l < '%s')" -le %d ]; then
                  cat '%s' >&2
                  exit 1
                fi
                exec '%s' "$@"
                """.formatted(attempts, attempts, failures, message, real.program()));
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        return Sandbox.of(SandboxSettings.DEFAULT, SandboxPolicy.of(workspace), SecretVariables.DEFAULT,
                new SandboxSupport.Available(new Bubblewrap(program, real.seccompFilter()), List.of()));
    }

    private static String lostEntry() {
        String gone = "rosetta-test-gone-" + System.nanoTime();
        MachineRequirement.require(!Files.exists(Path.of("/tmp", gone)), "a /tmp entry named " + gone + " exists");
        return "bwrap: Can't bind mount /oldroot/tmp/" + gone + " on /newroot/tmp/" + gone + ": No such file or directory";
    }

    private int attemptsMade() throws IOException {
        return (int) Files.lines(attempts).count();
    }

    @Test
    void theShellStartsWhenAnotherProgramsTmpEntryVanishedWhileTheSandboxSetUp() throws Exception {
        Path workspace = Files.createDirectory(folder.resolve("ws"));
        try (Sandbox sandbox = failingFirst(1, lostEntry(), workspace);
                ShellSession shell = ShellSession.start(workspace, ShellSettings.fromEnvironment(), sandbox)) {
            ShellSession.Outcome ran = shell.run("echo $ROSETTA_SANDBOX", Duration.ofSeconds(30), OutputLimit.DEFAULT,
                    folder.resolve("out"));

            assertThat(ran.output()).contains("bubblewrap");
            assertThat(attemptsMade()).isEqualTo(2);
        }
    }

    @Test
    void pythonStartsWhenAnotherProgramsTmpEntryVanishedWhileTheSandboxSetUp() throws Exception {
        MachineRequirement.require(new PythonTool().unavailable().isEmpty(), "python3 is not installed (apt-get install python3)");
        Path workspace = Files.createDirectory(folder.resolve("ws"));
        try (Sandbox sandbox = failingFirst(2, lostEntry(), workspace);
                PythonTool python = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN,
                        new ReplTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(2)))) {
            ToolContext context = new ToolContext(workspace, false, OutputLimit.DEFAULT, folder.resolve("out"))
                    .withSandbox(sandbox);

            ToolResult ran = python.run(new Arguments(Map.of("code", "print(6 * 7)")), context);

            assertThat(ran.output()).as(ran.toString()).contains("42");
            assertThat(attemptsMade()).isEqualTo(3);
        }
    }

    @Test
    void aFailureOfAnotherKindIsNotTriedAgain() throws Exception {
        Path workspace = Files.createDirectory(folder.resolve("ws"));
        try (Sandbox sandbox = failingFirst(1, "bwrap: No permissions to creating new namespace", workspace)) {
            assertThatThrownBy(() -> ShellSession.start(workspace, ShellSettings.fromEnvironment(), sandbox))
                    .hasMessageContaining("No permissions");
            assertThat(attemptsMade()).isEqualTo(1);
        }
    }

    @Test
    void thereAreNoMoreTriesThanTheTrialMakes() throws Exception {
        Path workspace = Files.createDirectory(folder.resolve("ws"));
        try (Sandbox sandbox = failingFirst(10, lostEntry(), workspace)) {
            assertThatThrownBy(() -> ShellSession.start(workspace, ShellSettings.fromEnvironment(), sandbox))
                    .hasMessageContaining("Can't bind mount");
            assertThat(attemptsMade()).isEqualTo(Sandbox.START_ATTEMPTS);
        }
    }
}
