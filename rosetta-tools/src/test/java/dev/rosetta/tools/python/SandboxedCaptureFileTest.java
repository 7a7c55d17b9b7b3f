package dev.rosetta.tools.python;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
import dev.rosetta.tools.repl.ReplTimeouts;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxPolicy;
import dev.rosetta.tools.sandbox.SandboxSettings;
import dev.rosetta.tools.sandbox.SandboxSupport;
import dev.rosetta.tools.sandbox.SecretVariables;

/**
 * The interpreter's output goes to a capture file that Rosetta reads and empties outside the
 * sandbox. The outside probe had sandboxed Python replace that file with a link to a file outside:
 * Rosetta then read the outside file back to the model and truncated it to nothing. The capture
 * file is now mounted on itself: writable, but it cannot be removed, renamed or replaced.
 */
class SandboxedCaptureFileTest {

    private Path workspace;
    private Path outside;
    private Sandbox sandbox;
    private PythonTool tool;
    private ToolContext context;

    @BeforeEach
    void setUp() throws Exception {
        MachineRequirement.require(SandboxSupport.detect() instanceof SandboxSupport.Available,
                "bubblewrap cannot sandbox here (" + SandboxSupport.detect() + "); apt-get install bubblewrap");
        MachineRequirement.require(new PythonTool().unavailable().isEmpty(), "python3 is not installed (apt-get install python3)");
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        workspace = Files.createTempDirectory(target, "sandboxed-capture-");
        outside = Files.createTempDirectory(target, "sandboxed-capture-outside-");
        sandbox = Sandbox.of(SandboxSettings.DEFAULT, SandboxPolicy.of(workspace), SecretVariables.DEFAULT);
        tool = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN,
                new ReplTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(2)));
        context = new ToolContext(workspace, false, OutputLimit.DEFAULT, workspace.resolve(".outputs")).withSandbox(sandbox);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (tool != null) {
            tool.close();
            sandbox.close();
            for (Path dir : List.of(workspace, outside)) {
                try (var all = Files.walk(dir)) {
                    all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    private ToolResult run(String code) throws Exception {
        return tool.run(new Arguments(Map.of("code", code)), context);
    }

    @Test
    void codeInTheSandboxCannotSwapItsOutputFileForALinkThatRosettaWouldReadAndEmpty() throws Exception {
        Path precious = Files.writeString(outside.resolve("precious.txt"), "kept outside\n");

        ToolResult swap = run("""
                import os, sys
                p = os.readlink("/proc/self/fd/1")
                sys.stdout.flush()
                try:
                    os.remove(p)
                    os.symlink(%s, p)
                    print("swapped")
                except OSError as e:
                    print("refused:", e.strerror)
                """.formatted("'" + precious + "'"));
        ToolResult next = run("print('still here')");

        assertThat(swap.output()).contains("refused").doesNotContain("kept outside");
        assertThat(next.output()).contains("still here").doesNotContain("kept outside");
        assertThat(precious).hasContent("kept outside");
    }

    @Test
    void theOutputFileStaysWritableAndItsFolderTakesNothingOut() throws Exception {
        ToolResult wrote = run("""
                import os
                d = os.path.dirname(os.readlink("/proc/self/fd/1"))
                open(os.path.join(d, "beside"), "w").write("x")
                print(sorted(os.listdir(d)))
                """);

        assertThat(wrote.isError()).as(wrote.output()).isFalse();
        assertThat(wrote.output()).contains("output");
        assertThat(run("print(6 * 7)").output()).contains("42");
    }
}
