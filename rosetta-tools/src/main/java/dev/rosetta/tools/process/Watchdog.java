package dev.rosetta.tools.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Ends a process session Rosetta started (the shell tool's bash, an interpreter, and everything
 * they started) when Rosetta ends without ending it first — by SIGTERM, by the SIGHUP of a closed
 * terminal, by {@code System.exit} or by kill -9, which no code in Rosetta survives.
 *
 * <p>The watchdog is a small {@code /bin/sh} whose stdin is a pipe only Rosetta holds the write
 * end of (a child never inherits it: Java closes every other descriptor when it starts a process).
 * The sh waits on that pipe; a line means its owner ended the session itself and it may go. End
 * of input means Rosetta is gone, however it went: it kills the session's process group and then
 * every other process still in the session (a job that made a group of its own; found in
 * {@code /proc}, so on Linux only). It ignores the signals that end Rosetta, which reach it too
 * when they are sent to Rosetta's process group (Ctrl-C, a hang-up), and {@link #guard} returns
 * once it has said that it ignores them.
 *
 * <p>Rosetta's own exit (SIGTERM, SIGHUP, {@code System.exit}) does the same before the JVM is
 * gone: a shutdown hook ends the input of every watchdog still on duty and waits for it.
 */
public final class Watchdog implements AutoCloseable {

    private static final Path SH = Path.of("/bin/sh");
    private static final byte[] ARMED = "armed\n".getBytes(StandardCharsets.US_ASCII);
    /** How long Rosetta's exit waits for a watchdog; it needs a few milliseconds, but the machine may be busy. */
    private static final long FINISH_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** $1 is the session id: the pid of the session's leader, also its process group's id. */
    private static final String SCRIPT = """
            trap '' INT HUP TERM QUIT
            echo armed
            IFS= read -r _ && exit 0
            s=$1
            kill -KILL -- "-$s" 2>/dev/null
            for f in /proc/[0-9]*/stat; do
              read -r l < "$f" 2>/dev/null || continue
              l=${l##*') '}
              set -- $l
              if [ "$4" = "$s" ]; then p=${f#/proc/}; kill -KILL "${p%/stat}" 2>/dev/null; fi
            done
            """;

    /** The watchdogs on duty; held strongly, since a collected pipe would close and fire its watchdog. */
    private static final Set<Watchdog> ON_DUTY = ConcurrentHashMap.newKeySet();
    /** Guards nothing: for a process that does not lead a session of its own, or when no sh can be started. */
    public static final Watchdog NONE = new Watchdog(null);
    private static boolean hookInstalled;

    /** The sh, or null for {@link #NONE}. */
    private final Process process;

    private Watchdog(Process process) {
        this.process = process;
    }

    /**
     * Starts a watchdog for the session led by {@code sessionLeader}. The caller must have made
     * it lead a session of its own ({@code setsid}): the watchdog kills that whole process group.
     *
     * @return the watchdog; one that does nothing when no sh can be started, or when the JVM is
     *         shutting down already
     */
    public static Watchdog guard(long sessionLeader) {
        if (!Files.isExecutable(SH) || !installHook()) {
            return NONE;
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(SH.toString(), "-c", SCRIPT, "rosetta-watchdog",
                Long.toString(sessionLeader))).directory(Path.of("/").toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear(); // it needs nothing of Rosetta's, least of all its keys
        try {
            Watchdog watchdog = new Watchdog(builder.start());
            ON_DUTY.add(watchdog);
            watchdog.awaitArmed();
            return watchdog;
        } catch (IOException e) {
            return NONE;
        }
    }

    /** Until its traps are set, a Ctrl-C meant for Rosetta would end the watchdog: wait for them. */
    private void awaitArmed() throws IOException {
        try (InputStream said = process.getInputStream()) {
            if (said.readNBytes(ARMED.length).length < ARMED.length) {
                fire(); // it died at once; nothing is watching
                throw new IOException("the watchdog did not start");
            }
        }
    }

    /** Whether the hook is in place; false once the JVM has begun to shut down. */
    private static synchronized boolean installHook() {
        if (!hookInstalled) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(Watchdog::endEverySession, "rosetta-watchdogs"));
            } catch (IllegalStateException shuttingDown) {
                return false;
            }
            hookInstalled = true;
        }
        return true;
    }

    /** At JVM shutdown: every session still guarded is ended before Rosetta goes. */
    private static void endEverySession() {
        List<Watchdog> left = List.copyOf(ON_DUTY);
        left.forEach(Watchdog::fire);
        left.forEach(Watchdog::awaitExit);
    }

    /** The sh's pid, for tests that signal it. */
    long pid() {
        return process.pid();
    }

    /** Ends the session now, as if Rosetta had died, and waits until that is done. */
    public void endSession() {
        fire();
        awaitExit();
    }

    private void fire() {
        if (ON_DUTY.remove(this)) {
            closeLifeline();
        }
    }

    /** Stands the watchdog down: its owner has ended the session itself. */
    @Override
    public void close() {
        if (ON_DUTY.remove(this)) {
            try {
                process.getOutputStream().write('\n');
                process.getOutputStream().flush();
            } catch (IOException e) {
                // it is gone already (someone killed it): there is nothing to stand down
            }
            closeLifeline();
        }
    }

    private void closeLifeline() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Waits a moment for the watchdog to have done its work and gone. */
    void awaitExit() {
        if (process == null) {
            return;
        }
        long deadline = System.nanoTime() + FINISH_NANOS;
        boolean interrupted = false;
        while (process.isAlive() && System.nanoTime() < deadline) {
            try {
                process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
