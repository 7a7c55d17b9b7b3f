package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.process.MarkedProcesses;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxPolicy;
import dev.rosetta.tools.sandbox.SandboxSettings;
import dev.rosetta.tools.sandbox.SandboxSupport;
import dev.rosetta.tools.sandbox.SecretVariables;

/**
 * The persistent shell inside the real bubblewrap: one sandbox for the session's whole life, so
 * state and background jobs carry over, and stopping still stops. Processes are found from
 * outside by a mark in their environment: inside, their pids are the sandbox's own.
 */
class SandboxedShellTest {

    private Path workspace;
    private Sandbox sandbox;
    private ShellTool tool;
    private ToolContext context;
    private final MarkedProcesses marked = new MarkedProcesses();

    @BeforeEach
    void setUp() throws IOException {
        MachineRequirement.require(SandboxSupport.detect() instanceof SandboxSupport.Available,
                "bubblewrap cannot sandbox here (" + SandboxSupport.detect() + "); apt-get install bubblewrap");
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        workspace = Files.createTempDirectory(target, "sandboxed-shell-");
        sandbox = Sandbox.of(SandboxSettings.DEFAULT, SandboxPolicy.of(workspace), SecretVariables.DEFAULT);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put(marked.name(), marked.value());
        env.put("OPENAI_API_KEY", "sk-sandboxed-shell-test");
        env.put("MYPROV_TOKEN", "tok-sandboxed-shell-test");
        tool = new ShellTool(ShellSettings.fromEnvironment(env).withTimeout(Duration.ofSeconds(30)));
        context = new ToolContext(workspace, false, OutputLimit.DEFAULT, workspace.resolve(".outputs")).withSandbox(sandbox);
    }

    @AfterEach
    void tearDown() throws IOException {
        if (tool != null) {
            tool.close();
            sandbox.close();
            try (var all = Files.walk(workspace)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private ToolResult run(String command) throws Exception {
        return tool.run(new Arguments(Map.of("command", command)), context);
    }

    @Test
    void theShellRunsInTheSandboxAndKeepsItsStateBetweenCalls() throws Exception {
        run("mkdir -p sub && cd sub && export KEPT=yes; sleep 300 &");

        ToolResult next = run("pwd; echo $KEPT $ROSETTA_SANDBOX; jobs | wc -l; touch /etc/planted 2>&1 | grep -c Read-only");

        assertThat(next.output()).isEqualTo(workspace.resolve("sub") + "\nyes bubblewrap\n1\n1");
    }

    @Test
    @Timeout(120) // a hang guard, not a measurement
    void aBackgroundServerSurvivesBetweenTwoCalls() throws Exception {
        MachineRequirement.require(run("command -v python3 curl | wc -l").output().equals("2"), "python3 and curl");
        run("python3 -u -m http.server 8765 --bind 127.0.0.1 > /tmp/server.log 2>&1 &");

        ToolResult fetched = run("until grep -qs Serving /tmp/server.log; do sleep 0.05; done;"
                + " curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8765/");

        assertThat(fetched.output()).isEqualTo("200");
        assertThat(marked.running()).as("the server, seen from outside").isNotEmpty();
    }

    @Test
    @Timeout(120) // a hang guard, not a measurement
    void anInterruptStopsTheCommandAndLeavesNoProcessBehind() throws Exception {
        run("mkfifo started gate");
        AtomicReference<ToolResult> result = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                result.set(run("sleep 600 & echo started > started; read -r _ < gate"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        Files.readString(workspace.resolve("started")); // returns once the command is running
        assertThat(marked.running()).as("bash, its sleep and the read").hasSizeGreaterThanOrEqualTo(2);

        caller.interrupt();
        caller.join();

        assertThat(result.get().code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(run("echo still here").output()).isEqualTo("still here");
        tool.close();
        awaitNoneMarked();
    }

    @Test
    void neitherTheEnvironmentNorRosettasProcessHoldsAKey() throws Exception {
        ToolResult result = run("env; cat /proc/self/environ; cat /proc/$PPID/environ; cat /proc/1/environ;"
                + " cat /proc/" + ProcessHandle.current().pid() + "/environ; ls /proc | grep -c '^[0-9]'");

        assertThat(result.output()).contains(marked.value()).doesNotContain("sk-sandboxed-shell-test")
                .doesNotContain("tok-sandboxed-shell-test");
    }

    private void awaitNoneMarked() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!marked.running().isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(marked.running()).as("processes left behind").isEmpty();
    }
}
