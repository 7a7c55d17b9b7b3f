package dev.rosetta.bench.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxMode;
import dev.rosetta.tools.sandbox.SandboxPolicy;
import dev.rosetta.tools.sandbox.SandboxSettings;
import dev.rosetta.tools.sandbox.SecretVariables;
import dev.rosetta.tools.shell.ShellSession;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * What the sandbox costs the shell tool: a call ({@code true}) in the persistent session, which
 * the sandbox wraps once for the session's whole life, and a session's start (bash up and its
 * first marker read, then ended), where bubblewrap builds its namespaces and mounts each time.
 * {@code mode}: {@code off} is the unconfined shell (secrets still kept out), {@code auto} the
 * sandbox of this machine (bubblewrap on Linux).
 */
@State(Scope.Benchmark)
@Fork(1)
public class SandboxCostBenchmark {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Param({"off", "auto"})
    public String mode;

    private Path workspace;
    private Sandbox sandbox;
    private ShellSession session;

    @Setup(Level.Trial)
    public void open() throws IOException {
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        workspace = Files.createTempDirectory(target, "sandbox-bench-");
        SandboxSettings settings = SandboxSettings.DEFAULT.withMode(SandboxMode.parse(mode).orElseThrow());
        sandbox = Sandbox.of(settings, SandboxPolicy.of(workspace), SecretVariables.DEFAULT);
        if (settings.mode() != SandboxMode.OFF && !sandbox.confines()) {
            throw new IllegalStateException("this machine cannot sandbox: " + sandbox.notice().orElse("?"));
        }
        session = ShellSession.start(workspace, ShellSettings.fromEnvironment(), sandbox);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        session.close();
        sandbox.close();
        try (Stream<Path> all = Files.walk(workspace)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** One call of {@code true} in the running session: the cost every shell call pays. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 2)
    public int callTrue() {
        ShellSession.Outcome outcome = session.run("true", TIMEOUT, OutputLimit.DEFAULT, workspace);
        if (outcome.ending() != ShellSession.Ending.FINISHED || outcome.status() != 0) {
            throw new IllegalStateException("unexpected outcome: " + outcome);
        }
        return outcome.status();
    }

    /** A session started, its handshake read, and ended: what the first shell call of a conversation pays. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 5)
    @Measurement(iterations = 30)
    public long startSession() throws IOException {
        ShellSession fresh = ShellSession.start(workspace, ShellSettings.fromEnvironment(), sandbox);
        long pid = fresh.pid();
        fresh.close();
        return pid;
    }
}
