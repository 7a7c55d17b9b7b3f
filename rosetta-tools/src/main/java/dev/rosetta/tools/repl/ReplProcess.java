package dev.rosetta.tools.repl;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.process.Watchdog;
import dev.rosetta.tools.sandbox.Sandbox;

/**
 * One running interpreter process that speaks {@link Frames} on its stdin and stdout. A virtual
 * thread reads its replies into a queue, so a call can wait with a deadline; a second one keeps
 * the tail of its stderr (the interpreter's own complaints, should it fail to start).
 */
public final class ReplProcess {

    /** Why a call did not simply run to its reply. */
    public enum Stop { NONE, TIMEOUT, CANCELED }

    /** A call's reply and whether it had to be interrupted. */
    public record Exchange(Reply reply, Stop stop) {}

    private static final int STDERR_TAIL = 4096;
    /** How long a process whose protocol stream closed gets to exit before it is killed. */
    private static final long EXIT_WAIT_MS = 2000;

    private final Process process;
    private final DataOutputStream requests;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final byte[] stderrTail = new byte[STDERR_TAIL];
    private int stderrLength;
    private volatile Map<String, String> ready;
    private volatile boolean killed;
    private final Thread stderrReader;
    private final Sandbox sandbox;
    private final boolean confined;
    /** The interpreter's pid once looked up; 0 before. */
    private volatile long commandPid;

    private ReplProcess(Process process, Sandbox sandbox, boolean confined) {
        this.process = process;
        this.sandbox = sandbox;
        this.confined = confined;
        this.requests = new DataOutputStream(new BufferedOutputStream(process.getOutputStream()));
        this.stderrReader = Thread.ofVirtual().name("repl-stderr-" + process.pid()).start(this::readStderr);
        Thread.ofVirtual().name("repl-replies-" + process.pid()).start(this::readReplies);
    }

    /**
     * Starts the interpreter in a session of its own where {@code setsid} is on the builder's
     * PATH, guarded by a {@link Watchdog}: should Rosetta end first, the interpreter and what its
     * code started end with it (a busy interpreter would not notice its input closing). In its
     * own session the terminal's Ctrl-C and hang-up no longer reach it; Rosetta interrupts it
     * itself. setsid runs the interpreter in its own place (a child Java starts never leads a
     * process group, so setsid need not fork), so its pid is the session's id. In {@code sandbox},
     * where it confines, the sandbox leads the session, and its end ends everything in it.
     *
     * @param extraWritable what the interpreter must write besides the workspace (its capture file)
     */
    public static ReplProcess start(ProcessBuilder builder, Sandbox sandbox, List<Path> extraWritable)
            throws IOException {
        Map<String, String> env = builder.environment();
        Path directory = builder.directory() == null ? Path.of("").toAbsolutePath() : builder.directory().toPath();
        Sandbox.Launch launch = sandbox.launch(builder.command(), directory, env, extraWritable);
        Optional<Path> setsid = launch.confined() ? Optional.empty() : Executables.find("setsid", env.get("PATH"));
        List<String> command = new ArrayList<>(launch.command());
        setsid.ifPresent(p -> command.addFirst(p.toString()));
        builder.command(command);
        env.clear();
        env.putAll(launch.environment());
        Process process = builder.start();
        if (setsid.isPresent() || launch.ownSession()) {
            Watchdog watchdog = Watchdog.guard(process.pid());
            process.onExit().thenRun(watchdog::close); // what outlives the interpreter is left, as before
        }
        return new ReplProcess(process, sandbox, launch.confined());
    }

    /** The interpreter's pid, as signals reach it (in a sandbox, its pid outside it). */
    public long pid() {
        long known = commandPid;
        if (known == 0) {
            known = sandbox.commandPid(process.toHandle(), confined).orElse(process.pid());
            commandPid = known;
        }
        return known;
    }

    /** The process Java started: the interpreter, or the sandbox around it; it ends when the interpreter does. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** The interpreter's {@code ready} frame (what it runs), once {@link #awaitReady} has seen it. */
    public Optional<Map<String, String>> ready() {
        return Optional.ofNullable(ready);
    }

    /** The last few kilobytes the process wrote to its stderr, decoded with replacement. */
    public synchronized String stderrTail() {
        return new String(stderrTail, 0, stderrLength, StandardCharsets.UTF_8);
    }

    public void send(Map<String, String> frame) throws IOException {
        synchronized (requests) {
            Frames.write(requests, frame);
        }
    }

    /**
     * Waits until the interpreter says it is ready (its first frame), which is not part of any
     * call's time limit: a JVM or IPython starting on a busy machine must not eat a short
     * timeout. Returns how the process ended if it died or did not start in time (then it is
     * killed).
     */
    public Optional<Reply.Ended> awaitReady(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (ready == null) {
            Reply reply = replies.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            switch (reply) {
                case null -> {
                    kill();
                    return Optional.of(awaitEnd());
                }
                case Reply.Ended ended -> {
                    return Optional.of(ended);
                }
                case Reply.Frame frame when "ready".equals(frame.get("op")) -> ready = frame.fields();
                case Reply.Frame other -> {
                    // nothing else is expected before ready; ignore it
                }
            }
        }
        return Optional.empty();
    }

    /** How the process ended, if it died since its last call (a thread of the code called exit, an outside kill). */
    public Optional<Reply.Ended> endedWhileIdle() {
        return process.isAlive() ? Optional.empty() : Optional.of(awaitEnd());
    }

    /**
     * Sends a request and waits for its reply. When the call outlives its time or the calling
     * thread is interrupted, {@code interrupt} asks the interpreter to stop the code (keeping
     * its state); if no reply comes within the grace period the process is killed. A canceled
     * call returns with the thread's interrupt flag set again.
     */
    public Exchange exchange(Map<String, String> request, ReplTimeouts timeouts, Consumer<ReplProcess> interrupt) {
        try {
            send(request);
        } catch (IOException e) {
            // the process is gone; its reader reports how it ended
        }
        Stop stop;
        try {
            Reply reply = replies.poll(timeouts.run().toNanos(), TimeUnit.NANOSECONDS);
            if (reply != null) {
                return new Exchange(reply, Stop.NONE);
            }
            stop = Stop.TIMEOUT;
        } catch (InterruptedException e) {
            stop = Stop.CANCELED;
        }
        interrupt.accept(this);
        Reply reply = awaitGrace(timeouts);
        if (reply == null) {
            kill();
            reply = awaitEnd();
        }
        if (stop == Stop.CANCELED) {
            Thread.currentThread().interrupt();
        }
        return new Exchange(reply, stop);
    }

    /** The reply to an interrupted call, or null when it did not come in time (or we were interrupted again). */
    private Reply awaitGrace(ReplTimeouts timeouts) {
        try {
            return replies.poll(timeouts.grace().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            return null;
        }
    }

    /** After a kill: the end report, skipping any reply that slipped in before it. */
    private Reply.Ended awaitEnd() {
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (true) {
                try {
                    Reply reply = replies.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    if (reply == null) {
                        return new Reply.Ended(-1, true);
                    }
                    if (reply instanceof Reply.Ended ended) {
                        return ended;
                    }
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

    /** Kills the process and whatever it started (a shell command, a server the code launched). */
    public void kill() {
        killed = true;
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
    }

    /** Asks the interpreter to exit by closing its input, then kills it if it lingers. */
    public void close() {
        try {
            requests.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }

    private void readReplies() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(process.getInputStream()))) {
            Optional<Map<String, String>> frame;
            while ((frame = Frames.read(in)).isPresent()) {
                replies.add(new Reply.Frame(frame.get()));
            }
        } catch (IOException e) {
            // a broken or garbled stream ends the conversation just like a closed one
        }
        int status = exitStatus();
        try {
            // What the process wrote to stderr before it ended belongs to the report of its end.
            stderrReader.join(EXIT_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        replies.add(new Reply.Ended(status, killed));
    }

    private int exitStatus() {
        try {
            if (!process.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                kill();
                process.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? -1 : process.exitValue();
    }

    private void readStderr() {
        byte[] buffer = new byte[1024];
        try (InputStream err = process.getErrorStream()) {
            int n;
            while ((n = err.read(buffer)) > 0) {
                keepTail(buffer, n);
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    private synchronized void keepTail(byte[] buffer, int n) {
        int keep = Math.min(n, STDERR_TAIL);
        int shift = Math.max(0, stderrLength + keep - STDERR_TAIL);
        System.arraycopy(stderrTail, shift, stderrTail, 0, stderrLength - shift);
        stderrLength -= shift;
        System.arraycopy(buffer, n - keep, stderrTail, stderrLength, keep);
        stderrLength += keep;
    }
}
