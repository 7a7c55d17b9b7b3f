package dev.rosetta.bench.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.shell.ShellSession;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * The round trip of a trivial command ({@code echo x}, output read back): in the persistent
 * {@link ShellSession} the shell tool uses, against spawning {@code bash -c} for every command.
 * Average time per command (µs/op); both read the output to the end, so both are complete calls.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
public class ShellRoundTripBenchmark {

    private static final String COMMAND = "echo x";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Path workspace;
    private ShellSession session;

    @Setup
    public void start() throws IOException {
        workspace = Files.createTempDirectory("rosetta-shell-bench");
        session = ShellSession.start(workspace, ShellSettings.fromEnvironment());
    }

    @TearDown
    public void stop() throws IOException {
        session.close();
        try (Stream<Path> all = Files.walk(workspace)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** One command in the bash that stays up: write it, wait for its marker, decode the output. */
    @Benchmark
    public String persistentSession() {
        ShellSession.Outcome outcome = session.run(COMMAND, TIMEOUT, OutputLimit.DEFAULT, workspace);
        if (outcome.ending() != ShellSession.Ending.FINISHED || !outcome.output().equals("x\n")) {
            throw new IllegalStateException("unexpected outcome: " + outcome);
        }
        return outcome.output();
    }

    /** A new bash for every command, as a tool without a session would run it. */
    @Benchmark
    public String spawnBashC() throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-c", COMMAND).directory(workspace.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (bash.waitFor() != 0 || !output.equals("x\n")) {
            throw new IllegalStateException("unexpected output: " + output);
        }
        return output;
    }
}
