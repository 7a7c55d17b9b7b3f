package dev.rosetta.tools.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Sends signals to the shell's processes. Java itself can send only TERM and KILL; SIGINT (what
 * Ctrl-C sends) goes through the {@code kill} program. Every wait here finishes even when the
 * thread is interrupted, and leaves the interrupt set for the caller: cleanup must not be cut short.
 */
final class Signals {

    private static final long TERMINATE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final Optional<Path> kill;

    private static final long KILL_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** @param kill the {@code kill} program; without it SIGINT is replaced by TERM */
    Signals(Optional<Path> kill) {
        this.kill = kill;
    }

    /** SIGINT to these pids; the processes listed in {@code fallback} get TERM if kill cannot run. */
    void interrupt(List<Long> pids, List<ProcessHandle> fallback) {
        if (pids.isEmpty()) {
            return;
        }
        if (kill.isEmpty()) {
            fallback.forEach(ProcessHandle::destroy);
            return;
        }
        List<String> command = new ArrayList<>(List.of(kill.get().toString(), "-s", "INT"));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        try {
            Process k = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            // kill ends at once on an idle machine; on a loaded one its start alone can take a second,
            // and cutting it short would leave bash without the SIGINT that abandons the command.
            waitFor(k, KILL_NANOS);
            if (k.isAlive()) {
                k.destroyForcibly();
            }
        } catch (IOException e) {
            fallback.forEach(ProcessHandle::destroy);
        }
    }

    /** TERM, a moment to clean up, then KILL for whatever is left. */
    static void terminate(List<ProcessHandle> targets) {
        targets.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TERMINATE_NANOS;
        boolean interrupted = false;
        while (targets.stream().anyMatch(ProcessTable::isRunning) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        targets.stream().filter(ProcessTable::isRunning).forEach(ProcessHandle::destroyForcibly);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits up to {@code nanos} for the process to end; whether it did. */
    static boolean waitFor(Process process, long nanos) {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
