package dev.rosetta.tools.jshell;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import dev.rosetta.tools.repl.Frames;
import jdk.jshell.JShell;
import jdk.jshell.Snippet.Status;
import jdk.jshell.SnippetEvent;
import jdk.jshell.UnresolvedReferenceException;

/**
 * The JVM a conversation's JShell lives in, separate from Rosetta's so that {@code System.exit},
 * an {@code OutOfMemoryError} or a runaway thread in a snippet cannot take Rosetta down.
 * {@link JShellTool} starts it as {@code java … dev.rosetta.tools.jshell.JShellHost OUTPUT_FILE}.
 *
 * <p>Protocol ({@link Frames} on stdin and stdout; the snippets' own System.in reads nothing and
 * their System.out and System.err append to OUTPUT_FILE, along with jshell's feedback lines, so
 * output and values interleave as in jshell and survive a {@code System.exit}):
 * <pre>
 *   Rosetta → host   {op: eval, code}   |   {op: stop}   (stops a running eval, keeps the state)
 *   host → Rosetta   {op: ready, engine}                 once, when the session is ready
 *                    {op: done, outcome, error}          outcome: ok | invalid | unresolved | exception | stopped | failed
 * </pre>
 *
 * <p>The execution engine is {@code local}: snippets run in this JVM, which is already
 * disposable. The default remote engine would start a third JVM through JDI, doubling start-up
 * for no added safety. {@code JShell.stop()} still works locally (the JDK instruments snippet
 * code with stop checks); where it does not, Rosetta kills this JVM after a grace period.
 */
public final class JShellHost {

    /** What jshell imports at start-up, so snippets can say {@code List} and {@code Files} as in jshell. */
    private static final List<String> DEFAULT_IMPORTS = List.of("java.io.*", "java.math.*", "java.net.*",
            "java.nio.file.*", "java.util.*", "java.util.concurrent.*", "java.util.function.*", "java.util.prefs.*",
            "java.util.regex.*", "java.util.stream.*");

    private final PrintStream transcript;
    private final JShell shell;
    private final SnippetSplitter splitter;
    private final SnippetFeedback feedback;
    private final JShellCommands commands;
    private volatile boolean evaluating;
    private volatile boolean stopRequested;
    private boolean startingUp = true;
    private int userSnippets;

    /** @param transcript where feedback lines go: the same file as the snippets' output */
    JShellHost(PrintStream transcript) {
        this.transcript = transcript;
        // User snippets are numbered 1, 2, … and $N names the value of snippet N, as in jshell;
        // the start-up imports are s1, s2, … so they don't shift the numbers.
        this.shell = JShell.builder()
                .executionEngine("local")
                .out(transcript).err(transcript).in(InputStream.nullInputStream())
                .idGenerator((snippet, index) -> startingUp ? "s" + index : String.valueOf(++userSnippets))
                .tempVariableNameGenerator(() -> "$" + (userSnippets + 1))
                .build();
        this.splitter = new SnippetSplitter(shell.sourceCodeAnalysis());
        this.feedback = new SnippetFeedback(shell);
        this.commands = new JShellCommands(shell);
        DEFAULT_IMPORTS.forEach(pkg -> shell.eval("import " + pkg + ";"));
        shell.eval("if (System.nanoTime() < 0) {}"); // compiles and runs once, so the first real call is quick
        startingUp = false;
    }

    public static void main(String[] args) {
        PrintStream diagnostics = System.err;
        try {
            serve(Path.of(args[0]));
        } catch (Throwable e) {
            e.printStackTrace(diagnostics);
            Runtime.getRuntime().halt(1);
        }
        System.exit(0); // end whatever threads the snippets left running
    }

    private static void serve(Path output) throws IOException, InterruptedException {
        DataInputStream requests = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
        DataOutputStream replies = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        PrintStream printed = new PrintStream(new FileOutputStream(output.toFile(), true), true, StandardCharsets.UTF_8);
        System.setIn(InputStream.nullInputStream());
        System.setOut(printed);
        System.setErr(printed);
        JShellHost host = new JShellHost(new PrintStream(new FileOutputStream(output.toFile(), true), true,
                StandardCharsets.UTF_8));
        Frames.write(replies, Map.of("op", "ready", "engine", "JShell on Java " + Runtime.version()));
        BlockingQueue<Optional<String>> evals = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon().name("rosetta-requests").start(() -> host.readRequests(requests, evals));
        for (Optional<String> code = evals.take(); code.isPresent(); code = evals.take()) {
            Frames.write(replies, host.eval(code.get()));
        }
    }

    /** Runs on its own thread so a stop can reach a running eval; an eval is queued for the main thread. */
    private void readRequests(DataInputStream requests, BlockingQueue<Optional<String>> evals) {
        try {
            for (Optional<Map<String, String>> frame = Frames.read(requests); frame.isPresent();
                    frame = Frames.read(requests)) {
                switch (frame.get().getOrDefault("op", "")) {
                    case "stop" -> stop();
                    case "eval" -> evals.add(Optional.of(frame.get().getOrDefault("code", "")));
                    default -> { } // unknown requests are ignored, not fatal
                }
            }
        } catch (IOException e) {
            // Rosetta is gone; end like at the end of input
        }
        evals.add(Optional.empty());
    }

    /**
     * Stops the running eval. A stop that lands while the next snippet is being compiled stops
     * nothing, so it is repeated until the eval returns (Rosetta kills the JVM if it never does).
     */
    private void stop() {
        if (!evaluating) {
            return;
        }
        stopRequested = true;
        try {
            while (evaluating) {
                shell.stop();
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Evaluates a call's snippets in order, stopping at the first that fails. */
    Map<String, String> eval(String code) {
        stopRequested = false;
        evaluating = true;
        try {
            List<SnippetSplitter.Piece> pieces = splitter.split(code);
            Map<String, Integer> linesOfThisCall = new HashMap<>();
            for (int i = 0; i < pieces.size(); i++) {
                if (stopRequested) {
                    return done("stopped", notRun(pieces, i));
                }
                Optional<Failure> failure = run(pieces.get(i), code, linesOfThisCall);
                if (failure.isPresent()) {
                    return done(failure.get().outcome(), failure.get().text() + notRun(pieces, i + 1));
                }
            }
            return done("ok", "");
        } catch (RuntimeException e) {
            return done("failed", "JShell failed: " + e);
        } finally {
            evaluating = false;
        }
    }

    /** Why a call's snippets stopped: the reply's outcome and the error text. */
    private record Failure(String outcome, String text) {}

    /** Runs one snippet or command, printing its feedback; its failure, if it failed. */
    private Optional<Failure> run(SnippetSplitter.Piece piece, String code, Map<String, Integer> linesOfThisCall) {
        if (piece.command()) {
            Optional<String> answer = commands.run(piece.source());
            answer.ifPresent(transcript::print);
            return answer.isPresent() ? Optional.empty() : Optional.of(new Failure("invalid", "line " + piece.line()
                    + ": " + piece.source() + " is not available here; the jshell commands are " + JShellCommands.SUPPORTED + "\n"));
        }
        List<SnippetEvent> all = shell.eval(piece.source());
        List<SnippetEvent> own = all.stream().filter(e -> e.causeSnippet() == null).toList();
        own.forEach(e -> linesOfThisCall.put(e.snippet().id(), piece.line()));
        if (stopRequested) {
            return Optional.of(new Failure("stopped", ""));
        }
        for (SnippetEvent event : own) {
            if (event.status() == Status.REJECTED) {
                return Optional.of(new Failure("invalid", feedback.rejected(event, piece, code)));
            }
            if (event.exception() != null) {
                String outcome = event.exception() instanceof UnresolvedReferenceException ? "unresolved" : "exception";
                return Optional.of(new Failure(outcome, feedback.thrown(event.exception(), linesOfThisCall)));
            }
            feedback.accepted(event, all).ifPresent(transcript::println);
        }
        return Optional.empty();
    }

    /** A note naming the snippets that were skipped, from {@code first} on, or nothing. */
    private static String notRun(List<SnippetSplitter.Piece> pieces, int first) {
        int left = pieces.size() - first;
        return left <= 0 ? "" : "(" + (left == 1 ? "the snippet" : "the " + left + " snippets") + " from line "
                + pieces.get(first).line() + " on did not run)\n";
    }

    private static Map<String, String> done(String outcome, String error) {
        return Map.of("op", "done", "outcome", outcome, "error", error);
    }
}
