package dev.rosetta.agent.hooks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.process.Watchdog;

/**
 * Runs one hook's command: its input written to its stdin, its stdout and stderr read (each up to
 * {@link #OUTPUT_LIMIT}; the rest is read and dropped so the hook never blocks on a full pipe), its
 * time bounded. It runs in a session of its own ({@code setsid}), so a hook that hangs — or leaves a
 * child holding its output open — is ended at its timeout with everything it started, and a
 * {@link Watchdog} ends it should Rosetta die first. The turn being stopped stops it the same way.
 */
final class HookProcess {

    /** More than any answer a hook means to give; Claude Code cuts what it passes on at 10,000 characters. */
    static final int OUTPUT_LIMIT = 1 << 20;

    private static final Path SH = Path.of("/bin/sh");

    private HookProcess() {}

    /**
     * @param env       the whole environment the command gets
     * @param directory where it runs (the workspace)
     */
    static HookRun run(HookEntry entry, String input, Map<String, String> env, Path directory) {
        List<String> command;
        try {
            command = command(entry, env);
        } catch (IOException e) {
            return HookRun.failed(e.getMessage(), "", "");
        }
        Optional<Path> setsid = Executables.find("setsid", env.get("PATH"));
        setsid.ifPresent(p -> command.addFirst(p.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return HookRun.failed("could not start " + command.get(setsid.isPresent() ? 1 : 0) + ": " + e.getMessage(),
                    "", "");
        }
        Watchdog watchdog = setsid.isPresent() ? Watchdog.guard(process.pid()) : Watchdog.NONE;
        Capture out = Capture.of(process.getInputStream());
        Capture err = Capture.of(process.getErrorStream());
        Thread.ofVirtual().name("hook-stdin").start(() -> feed(process.getOutputStream(), input));
        String stopped = await(process, out, err, entry.timeout());
        if (stopped != null) {
            end(process, watchdog);
            out.join();
            err.join();
            return HookRun.failed(stopped, out.text(), err.text());
        }
        watchdog.close(); // what the hook left running on purpose is its own business
        return new HookRun(process.exitValue(), out.text(), err.text(), null);
    }

    /** Waits for the command to end and its output to close; why it had to be stopped, or null. */
    private static String await(Process process, Capture out, Capture err, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)
                    || !out.await(deadline) || !err.await(deadline)) {
                return "it ran past its timeout of " + seconds(timeout) + " and was stopped";
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the turn was stopped: so is the hook, and the caller sees why
            return "the turn was stopped while it ran";
        }
    }

    /** The hook and everything it started: its session's group, or, without setsid, its descendants. */
    private static void end(Process process, Watchdog watchdog) {
        if (watchdog != Watchdog.NONE) {
            watchdog.endSession();
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static List<String> command(HookEntry entry, Map<String, String> env) throws IOException {
        List<String> command = new ArrayList<>();
        if (entry.args() == null) {
            Optional<Path> bash = Executables.find("bash", env.get("PATH"));
            command.add(bash.map(Path::toString).orElse(SH.toString()));
            command.add("-c");
            command.add(entry.command());
            return command;
        }
        String program = HookPlaceholders.expand(entry.command(), env);
        if (!program.contains("/")) {
            program = Executables.find(program, env.get("PATH")).map(Path::toString)
                    .orElseThrow(() -> new IOException("could not start " + entry.command()
                            + ": there is no such program on the PATH"));
        }
        command.add(program);
        entry.args().forEach(a -> command.add(HookPlaceholders.expand(a, env)));
        return command;
    }

    private static void feed(OutputStream stdin, String input) {
        try (stdin) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // a hook that does not read its input may close it, or end, before all of it is written
        }
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    /** One of the hook's output streams, read on a virtual thread up to the limit. */
    private static final class Capture {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Thread reader;

        private Capture(InputStream in) {
            this.reader = Thread.ofVirtual().name("hook-output").start(() -> read(in));
        }

        static Capture of(InputStream in) {
            return new Capture(in);
        }

        private void read(InputStream in) {
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (kept) {
                        kept.write(buffer, 0, Math.max(0, Math.min(n, OUTPUT_LIMIT - kept.size())));
                    }
                }
            } catch (IOException e) {
                // the stream closed under us: the hook was stopped
            }
        }

        /** Whether the stream closed by {@code deadline} (System.nanoTime). */
        boolean await(long deadline) throws InterruptedException {
            long left = deadline - System.nanoTime();
            return left > 0 && reader.join(Duration.ofNanos(left)) || !reader.isAlive();
        }

        void join() {
            try {
                reader.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        String text() {
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
