package dev.rosetta.tools.shell;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import dev.rosetta.tools.LiveOutput;
import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.process.Watchdog;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SecretVariables;

/**
 * One persistent bash process: commands run in it one at a time, so {@code cd}, variables and
 * functions carry over.
 *
 * <p><b>Framing.</b> Each command is sent as one {@code eval} line (see {@link BashScript}) with
 * stdout and stderr joined in one pipe, so they interleave as in a terminal; the next line prints
 * a marker, {@code \001<key>:<n>:<exit status>}, where the key is a random secret of the session
 * and {@code n} counts calls. The command never sees the key, so no output can end a call early.
 *
 * <p><b>Stopping</b> (timeout, interrupt). Where {@code setsid} exists bash runs as an interactive
 * shell in a session of its own, which gives it terminal Ctrl-C semantics without a terminal:
 * on SIGINT it abandons the rest of the command (a loop in the shell itself included) and reads
 * the next line, with its state intact. Stopping sends SIGINT to bash and to the processes the
 * command started, then terminates what is left of those (background jobs of this command,
 * programs that ignore SIGINT), and repeats a few times. Background jobs of earlier commands are
 * left alone. If the shell still does not come back, it is killed: the outcome then says the
 * state is lost, and the owner starts a new session.
 *
 * <p><b>Ending.</b> {@link #close} ends bash and everything it started. Should Rosetta end first
 * (a signal, kill -9), a {@link Watchdog} ends the session, which bash leads where setsid exists.
 *
 * <p><b>Cancelling.</b> Interrupting the thread in {@link #run} stops the command as above and
 * returns a {@link Ending#CANCELED} outcome with the thread's interrupt status set again.
 */
public final class ShellSession implements AutoCloseable {

    /** How a call ended. */
    public enum Ending {
        /** The command finished; the status is its exit status. */
        FINISHED,
        /** It ran past the timeout and was stopped. */
        TIMED_OUT,
        /** The calling thread was interrupted; the command was stopped. */
        CANCELED,
        /** Bash itself exited ({@code exit}, {@code set -e}); the status is bash's, or -1 when unknown. */
        SHELL_EXITED
    }

    /**
     * @param output     the command's output for the model (cut and saved when long)
     * @param background what background jobs printed between the previous call and this one
     * @param stateLost  the session had to be killed: the next call needs a new one
     */
    public record Outcome(Ending ending, int status, String output, String background, boolean stateLost) {}

    private static final long START_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long a failed start waits for the last of what was said on stderr (read once the process ends). */
    private static final Duration LAST_WORDS_WAIT = Duration.ofSeconds(2);
    private static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final long DRAIN_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long END_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final int STOP_ROUNDS = 2;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Process process;
    private final Path directory;
    private final boolean interactive;
    private final int spillBytes;
    private final Signals signals;
    private final String key;
    private final OutputChannel channel;
    private final StderrTail errors = new StderrTail(2048);
    private final ReentrantLock lock = new ReentrantLock();
    private final OutputStream stdin;
    private long pid;
    /** bash's pid as bash itself says it: in the sandbox, its pid there. */
    private long shownPid;
    /** Whether the process Java started ends with bash's exit status (bash itself, or a sandbox around it). */
    private boolean reportsStatus;
    private ProcessTable processes;
    private Watchdog watchdog = Watchdog.NONE;
    private long nextSequence = 1;
    /**
     * What an interactive bash without a terminal says each time a command dies of a signal
     * ({@code bash: [pid: 2 (255)] tcsetattr: Inappropriate ioctl for device}): about the
     * terminal it does not have, not about the command, so it is removed from the output.
     */
    private Pattern terminalNoise;
    private volatile boolean closed;

    private ShellSession(Process process, Path directory, boolean interactive, ShellSettings settings) {
        this.process = process;
        this.directory = directory;
        this.interactive = interactive;
        this.spillBytes = settings.spillBytes();
        this.signals = new Signals(settings.kill());
        this.key = HexFormat.of().formatHex(randomBytes());
        this.channel = new OutputChannel(key);
        this.stdin = process.getOutputStream();
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /**
     * Starts bash in {@code directory}, unconfined; its environment still holds no secret.
     *
     * @throws IOException when bash is missing or does not come up
     */
    public static ShellSession start(Path directory, ShellSettings settings) throws IOException {
        return start(directory, settings, Sandbox.off(SecretVariables.DEFAULT));
    }

    /**
     * Starts bash in {@code directory}, in {@code sandbox} where it confines: the sandbox holds
     * bash and everything it starts for the session's whole life, so state and background jobs
     * carry over between calls as they do outside.
     *
     * @throws IOException when bash is missing or does not come up, or the sandbox refuses to start it
     */
    public static ShellSession start(Path directory, ShellSettings settings, Sandbox sandbox) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(directory, settings, sandbox);
            } catch (IOException e) {
                if (attempt >= Sandbox.START_ATTEMPTS || !sandbox.lostARace(String.valueOf(e.getMessage()))) {
                    throw e;
                }
            }
        }
    }

    private static ShellSession startOnce(Path directory, ShellSettings settings, Sandbox sandbox) throws IOException {
        BashProcess bash = BashProcess.start(directory, settings, sandbox);
        ShellSession session = new ShellSession(bash.process(), directory, bash.interactive(), settings);
        session.handshake(sandbox, bash.confined());
        return session;
    }

    private void handshake(Sandbox sandbox, boolean confined) throws IOException {
        Thread.ofVirtual().name("shell-output").start(() -> channel.pump(process.getInputStream()));
        Thread errorsRead = Thread.ofVirtual().name("shell-errors").start(() -> errors.drain(process.getErrorStream()));
        channel.begin(0, new CapturedOutput(OutputLimit.DEFAULT, OutputFolder.unbounded(directory), spillBytes,
                UnaryOperator.identity()));
        OptionalLong shellPid = OptionalLong.empty();
        try {
            send(BashScript.init(key));
            shellPid = channel.awaitUninterruptibly(System.nanoTime() + START_NANOS);
        } catch (IOException e) {
            // bash is gone already; reported below with what it said
        }
        if (shellPid.isEmpty()) {
            // Before it is ended: ending a process closes its pipes, and what it said would be lost.
            awaitLastWords(errorsRead);
            process.destroyForcibly();
            String said = errors.text().strip();
            throw new IOException("bash did not start" + (said.isEmpty() ? "" : ": " + said));
        }
        shownPid = shellPid.getAsLong();
        // In the sandbox bash knows itself by its pid there; signals and /proc need the pid here.
        Optional<Long> here = confined ? sandbox.commandPid(process.toHandle(), true) : Optional.of(shownPid);
        if (here.isEmpty()) {
            process.destroyForcibly();
            throw new IOException("bash started in the sandbox but could not be found from outside it");
        }
        pid = here.get();
        reportsStatus = confined || pid == process.pid();
        processes = new ProcessTable(pid);
        if (interactive) {
            watchdog = Watchdog.guard(pid); // the session ends with Rosetta, even with a kill -9
        }
        terminalNoise = Pattern.compile("(?m)^[^\n]*: \\[" + shownPid + ": \\d+ \\(\\d+\\)\\] tc[gs]etattr: [^\n]*\n?");
        // bash is normally the process Java started (setsid execs it in place); watch the real one
        (pid == process.pid() ? process.toHandle() : ProcessHandle.of(pid).orElse(process.toHandle()))
                .onExit().thenRun(channel::shellExited);
    }

    /**
     * Waits, briefly, until what bash (or the sandbox around it) said is read to its end: the
     * reason a start failed, which also tells whether trying again can help.
     */
    private static void awaitLastWords(Thread errorsRead) {
        try {
            errorsRead.join(LAST_WORDS_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The session's secret marker key, for tests that try to fake a marker. */
    String markerKey() {
        return key;
    }

    /** For tests: waits until background jobs have printed {@code bytes} bytes since the last call. */
    boolean awaitBackgroundOutput(long bytes, Duration timeout) throws InterruptedException {
        return channel.awaitBetweenCalls(bytes, System.nanoTime() + timeout.toNanos());
    }

    /** Where bash started. */
    public Path directory() {
        return directory;
    }

    public long pid() {
        return pid;
    }

    public boolean isAlive() {
        return !closed && !channel.gone() && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Runs one command to its outcome. Calls from several threads run one after another.
     *
     * @param command   the bash text, as it should reach bash (no NUL characters)
     * @param timeout   how long it may run before it is stopped
     * @param limit     how much output the model gets
     * @param outputDir where long output is saved whole
     */
    public Outcome run(String command, Duration timeout, OutputLimit limit, Path outputDir) {
        return run(command, timeout, limit, OutputFolder.unbounded(outputDir), LiveOutput.NONE);
    }

    /**
     * As {@link #run(String, Duration, OutputLimit, Path)}, long output saved within what {@code
     * outputs} may still take, and copied to {@code live} as it comes.
     */
    public Outcome run(String command, Duration timeout, OutputLimit limit, OutputFolder outputs, LiveOutput live) {
        if (command.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("bash cannot take a NUL character in a command");
        }
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(Ending.CANCELED, -1, "", "", false);
        }
        try {
            Outcome outcome = runLocked(command, timeout,
                    new CapturedOutput(limit, outputs, spillBytes, text -> terminalNoise.matcher(text).replaceAll(""),
                            live));
            if (outcome.ending() == Ending.CANCELED) {
                Thread.currentThread().interrupt();
            }
            return outcome;
        } finally {
            lock.unlock();
        }
    }

    private Outcome runLocked(String command, Duration timeout, CapturedOutput capture) {
        if (!isAlive()) {
            return exited(capture, "");
        }
        long sequence = nextSequence++;
        String background = channel.begin(sequence, capture);
        long started = System.nanoTime();
        ProcessTable.Mark mark = processes.mark();
        Ending ending = Ending.TIMED_OUT;
        try {
            send(BashScript.call(key, sequence, command));
            OptionalLong status = channel.await(started + nanos(timeout));
            if (status.isPresent()) {
                return new Outcome(Ending.FINISHED, (int) status.getAsLong(), capture.text(), background, false);
            }
        } catch (IOException e) {
            // bash's stdin is closed: it exited
        } catch (InterruptedException e) {
            ending = Ending.CANCELED; // the interrupt is set again when the command has stopped
        }
        if (channel.gone()) {
            return exited(capture, background);
        }
        return switch (stop(mark)) {
            case KEPT -> new Outcome(ending, -1, detached(capture), background, false);
            case EXITED -> exited(capture, background);
            case LOST -> {
                close();
                yield new Outcome(ending, -1, detached(capture), background, true);
            }
        };
    }

    private enum Stop { KEPT, EXITED, LOST }

    /** Stops the running command; see the class comment. */
    private Stop stop(ProcessTable.Mark started) {
        for (int round = 0; round < STOP_ROUNDS; round++) {
            interrupt(processes.startedSince(started));
            if (awaitMarker(GRACE_NANOS)) {
                Signals.terminate(processes.startedSince(started));
                return Stop.KEPT;
            }
            Signals.terminate(processes.startedSince(started));
            if (awaitMarker(GRACE_NANOS)) {
                return Stop.KEPT;
            }
            if (channel.gone()) {
                return Stop.EXITED;
            }
        }
        // An interrupt that came just as bash read the marker line loses that line: ask again.
        try {
            long sync = nextSequence++;
            channel.expectInstead(sync);
            send(BashScript.marker(key, sync, "130"));
        } catch (IOException e) {
            return Stop.EXITED;
        }
        return awaitMarker(GRACE_NANOS) ? Stop.KEPT : channel.gone() ? Stop.EXITED : Stop.LOST;
    }

    private boolean awaitMarker(long nanos) {
        return channel.awaitUninterruptibly(System.nanoTime() + nanos).isPresent();
    }

    /**
     * SIGINT, as Ctrl-C in a terminal sends it: to bash (only when interactive; a plain bash would
     * die of it) and to the command's processes.
     */
    private void interrupt(List<ProcessHandle> commandProcesses) {
        List<Long> pids = new ArrayList<>();
        if (interactive) {
            pids.add(pid);
        }
        commandProcesses.forEach(p -> pids.add(p.pid()));
        signals.interrupt(pids, commandProcesses);
    }

    private Outcome exited(CapturedOutput capture, String background) {
        channel.drain(System.nanoTime() + DRAIN_NANOS);
        String output = detached(capture);
        int status = exitStatus();
        close();
        return new Outcome(Ending.SHELL_EXITED, status, output, background, true);
    }

    /** bash's exit status; its output can close a moment before Java sees the process end. */
    private int exitStatus() {
        if (!reportsStatus) {
            return -1;
        }
        return Signals.waitFor(process, TimeUnit.SECONDS.toNanos(1)) ? process.exitValue() : -1;
    }

    private String detached(CapturedOutput capture) {
        channel.detach();
        return capture.text();
    }

    private void send(String text) throws IOException {
        stdin.write(text.getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /**
     * Ends bash and every process it started, background jobs included. The jobs go first, while
     * bash is there to reap them; then bash gets end-of-input, and KILL if it is busy.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (processes != null) {
            Signals.terminate(processes.all());
        }
        try {
            stdin.close();
        } catch (IOException e) {
            // bash is gone already
        }
        if (!Signals.waitFor(process, END_NANOS)) {
            process.destroyForcibly();
        }
        ProcessHandle.of(pid).filter(p -> p.pid() != process.pid()).ifPresent(ProcessHandle::destroyForcibly);
        watchdog.close();
    }

    private static long nanos(Duration duration) {
        try {
            return Math.min(duration.toNanos(), Long.MAX_VALUE / 4);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 4;
        }
    }
}
