package dev.rosetta.agent.eval;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.process.Watchdog;

/**
 * A process an eval starts (a conversation, a task's command), in a session of its own where
 * {@code setsid} exists, with its output in files. It ends within its time or is killed, and with
 * it its whole session: what it started too, so a run that hangs leaves nothing running.
 */
final class ChildProcess {

    /** How it ended: its exit code, or killed at the time limit (exit code null). */
    record Ended(Integer exitCode, boolean timedOut, Duration took) {}

    private ChildProcess() {}

    /** Waits a moment for a killed process to be gone, so a run returns with nothing of it left. */
    private static void awaitEnd(ProcessHandle process) {
        try {
            process.onExit().get(5, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // a process that will not go (a zombie no one reaps) is not running anything
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Ended run(List<String> command, Path directory, Map<String, String> env, Duration timeout, Path stdout,
            Path stderr) {
        Optional<Path> setsid = Executables.find("setsid", env.get("PATH"));
        List<String> line = new ArrayList<>(command);
        setsid.ifPresent(s -> line.addFirst(s.toString()));
        ProcessBuilder builder = new ProcessBuilder(line).directory(directory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new RosettaException("could not start " + command.getFirst() + ": " + e.getMessage(), e);
        }
        Watchdog session = setsid.isPresent() ? Watchdog.guard(process.pid()) : Watchdog.NONE;
        boolean finished;
        try {
            finished = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        List<ProcessHandle> descendants = process.descendants().toList();
        // Whatever it left in its session goes too; without setsid, what can still be found from it.
        session.endSession();
        descendants.forEach(ProcessHandle::destroyForcibly);
        if (!finished) {
            process.destroyForcibly();
        }
        descendants.forEach(ChildProcess::awaitEnd);
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        return finished ? new Ended(process.exitValue(), false, took) : new Ended(null, true, took);
    }
}
