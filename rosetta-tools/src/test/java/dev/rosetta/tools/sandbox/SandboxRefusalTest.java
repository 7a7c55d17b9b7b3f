package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/** Reading a failed call's output for what the sandbox refused, as real programs print it. */
class SandboxRefusalTest {

    @TempDir
    Path root;

    private Path workspace;
    private Sandbox sandbox;

    @BeforeEach
    void setUp() throws IOException {
        workspace = Files.createDirectories(root.toRealPath().resolve("ws"));
        SandboxSupport available = new SandboxSupport.Available(new Bubblewrap(Path.of("/usr/bin/bwrap"), Optional.empty()),
                List.of());
        sandbox = Sandbox.of(SandboxSettings.DEFAULT, SandboxPolicy.of(workspace), SecretVariables.DEFAULT, available);
    }

    @AfterEach
    void tearDown() {
        sandbox.close();
    }

    private ToolResult classify(String output) {
        return SandboxRefusal.classify(ToolResult.error(ErrorCode.exitCode(1), ErrorCode.exitCode(1).tag() + "\n"
                + output + "\n[exit code 1]"), sandbox, workspace);
    }

    @Test
    void aWriteOutsideTheWorkspaceIsTheSandboxsWithItsPath() {
        for (String output : List.of("touch: cannot touch '/etc/planted': Read-only file system",
                "bash: /etc/planted: Read-only file system",
                "OSError: [Errno 30] Read-only file system: '/etc/planted'",
                "java.nio.file.FileSystemException: /etc/planted: Read-only file system")) {
            ToolResult result = classify(output);

            assertThat(result.code()).as(output).isEqualTo(ErrorCode.SANDBOX);
            assertThat(result.output()).as(output).startsWith("[ERROR:Sandbox]\n" + output)
                    .contains("[exit code 1]").contains("the sandbox refused a write to /etc/planted")
                    .contains(workspace.toString());
        }
    }

    @Test
    void gitInTheWorkspaceIsRefusedToo() throws java.io.IOException {
        Files.createDirectories(workspace.resolve(".git"));
        Files.writeString(workspace.resolve(".git/config"), "[core]\n");

        ToolResult result = classify("error: could not lock config file .git/config: Read-only file system");

        assertThat(result.code()).isEqualTo(ErrorCode.SANDBOX);
    }

    @Test
    void aCommitInTheReadOnlyRepositorySaysWhyAndHowTheUserAllowsIt() throws IOException {
        Files.createDirectories(workspace.resolve(".git/objects"));

        ToolResult result = classify("fatal: Unable to create '" + workspace.resolve(".git/index.lock")
                + "': Read-only file system");

        assertThat(result.code()).isEqualTo(ErrorCode.SANDBOX);
        assertThat(result.output()).contains("the repository (" + workspace.resolve(".git") + ") is read-only in the sandbox")
                .contains("leave the changes in the working tree").contains("[sandbox] writable = [\".git\"]")
                .contains("--sandbox off");
    }

    @Test
    void movingTheRepositoryAwayIsRefusedByTheSandboxToo() throws IOException {
        Files.createDirectories(workspace.resolve(".git/objects"));

        for (String output : List.of("mv: cannot move '.git' to 'old': Device or resource busy",
                "OSError: [Errno 16] Device or resource busy: '.git' -> 'old'",
                "rm: cannot remove '.git': Device or resource busy")) {
            ToolResult result = classify(output);

            assertThat(result.code()).as(output).isEqualTo(ErrorCode.SANDBOX);
            assertThat(result.output()).as(output).contains("the sandbox keeps " + workspace.resolve(".git") + " in place")
                    .contains("[sandbox] writable = [\".git\"]");
        }
        assertThat(classify("umount: /mnt: target is busy").code()).isEqualTo(ErrorCode.exitCode(1));
        assertThat(classify("rm: cannot remove 'build/mnt': Device or resource busy").code())
                .as("a busy folder the sandbox did not mount").isEqualTo(ErrorCode.exitCode(1));
    }

    @Test
    void aReadOnlyPathInsideTheWorkspaceIsNotTheSandboxs() {
        ToolResult result = classify("cp: cannot create regular file 'notes.txt': Read-only file system");

        assertThat(result.code()).as("the workspace is writable in the sandbox: something else refused")
                .isEqualTo(ErrorCode.exitCode(1));
    }

    @Test
    void networkFailuresNameTheHost() {
        ToolResult curl = classify("curl: (6) Could not resolve host: example.com");
        ToolResult npm = classify("npm error request to https://registry.npmjs.org/x failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org");
        ToolResult tcp = classify("bash: connect: Network is unreachable\nbash: /dev/tcp/1.1.1.1/80: Network is unreachable");

        assertThat(curl.code()).isEqualTo(ErrorCode.SANDBOX);
        assertThat(curl.output()).contains("network connection to example.com");
        assertThat(npm.output()).contains("network connection to registry.npmjs.org");
        assertThat(tcp.code()).isEqualTo(ErrorCode.SANDBOX);
    }

    @Test
    void aLoopbackServerOfTheMachineIsSaidToBeOutOfReach() {
        ToolResult result = classify("curl: (7) Failed to connect to localhost port 3000 after 0 ms: Connection refused");

        assertThat(result.code()).isEqualTo(ErrorCode.SANDBOX);
        assertThat(result.output()).contains("loopback of its own");
    }

    @Test
    void successesAndOrdinaryFailuresAreLeftAlone() {
        ToolResult ok = ToolResult.ok("Read-only file system");

        assertThat(SandboxRefusal.classify(ok, sandbox, workspace)).isSameAs(ok);
        assertThat(classify("ModuleNotFoundError: No module named 'numpy'").code()).isEqualTo(ErrorCode.exitCode(1));
    }

    @Test
    void withoutTheSandboxNothingIsTheSandboxs() {
        ToolResult failed = ToolResult.error(ErrorCode.exitCode(1), "touch: cannot touch '/etc/x': Read-only file system");

        assertThat(SandboxRefusal.classify(failed, Sandbox.off(SecretVariables.DEFAULT), workspace)).isSameAs(failed);
    }
}
