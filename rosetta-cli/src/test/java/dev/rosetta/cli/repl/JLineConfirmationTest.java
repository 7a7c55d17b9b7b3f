package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.CallSubject;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.RuleProposal;

/** The confirmation on a JLine terminal fed through a pipe, as keys arrive from a keyboard. */
class JLineConfirmationTest {

    private static final ToolUse SAVE = ToolUse.positional("save", List.of("hello.txt"), "Hello, world!\n");
    private static final Preview DIFF = new Preview.FileChange("hello.txt",
            "--- a/hello.txt\n+++ b/hello.txt\n@@ -1,1 +1,1 @@\n-Hello!\n+Hello, world!\n", false);

    @TempDir
    Path dir;
    private final Keyboard keyboard = new Keyboard();
    private final Screen screen = new Screen();
    private final AtomicInteger endedAt = new AtomicInteger(-1);
    private int before;
    private Terminal terminal;

    @BeforeEach
    void terminal() throws IOException {
        // In memory, with the line discipline of a real one (raw mode, Ctrl-C as a key in it).
        terminal = new ExternalTerminal("test", "xterm-256color", keyboard, screen,
                StandardCharsets.UTF_8);
    }

    @AfterEach
    void close() throws IOException {
        terminal.close();
    }

    @Test
    void yShowsTheDiffThenRunsTheCall() throws Exception {
        assertThat(answer("y")).isEqualTo(Decision.yes());

        assertThat(shown()).contains("change hello.txt", "  -Hello!", "  +Hello, world!", "Run save? [y]es [n]o [a]lways [e]dit yes");
    }

    @Test
    void rendererOutputIsEndedBeforeAnythingIsWritten() throws Exception {
        answer("y");

        assertThat(endedAt).hasValue(before);
    }

    @Test
    void nRefusesWithoutAReason() throws Exception {
        assertThat(answer("n")).isEqualTo(new Decision.No(""));
    }

    @Test
    void aRunsThisAndEverythingAfter() throws Exception {
        assertThat(answer("a")).isEqualTo(new Decision.YesToAll());
    }

    @Test
    void enterMeansYes() throws Exception {
        assertThat(answer("\r")).isEqualTo(Decision.yes());
    }

    @Test
    void ctrlDAnswersNo() throws Exception {
        assertThat(answer("\u0004")).isEqualTo(new Decision.No("the user closed the input"));
    }

    @Test
    void alwaysOffersRulesToRememberAndTheKeyOfOnePicksIt() throws Exception {
        List<PermissionRule> offered = RuleProposal.of("save", new CallSubject(CallSubject.Kind.PATH, "docs/hello.txt"));

        Decision decision = answerOffering(offered, "a", "1");

        assertThat(decision).isEqualTo(new Decision.Remember(offered.getFirst()));
        assertThat(shown()).contains("  1  save \"docs/**\"", "  2  save \"docs/hello.txt\"", "  3  every save call");
    }

    @Test
    void anotherKeyAtTheRulesGoesBackToTheQuestion() throws Exception {
        List<PermissionRule> offered = RuleProposal.of("save", new CallSubject(CallSubject.Kind.PATH, "hello.txt"));

        assertThat(answerOffering(offered, "a", "x", "n")).isEqualTo(new Decision.No(""));
        assertThat(shown()).contains("back");
    }

    @Test
    void ctrlCStopsTheTurn() {
        assertThatThrownBy(() -> answer("\u0003")).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(InterruptedException.class);
    }

    @Test
    void otherKeysAskAgain() throws Exception {
        assertThat(answer("x", "n")).isEqualTo(new Decision.No(""));

        assertThat(shown()).contains("Please press y, n, a or e.");
    }

    @Test
    void keysTypedBeforeTheQuestionDoNotAnswerIt() throws Exception {
        keyboard.type("\r");
        assertThat(terminal.reader().peek(2_000)).isPositive(); // waiting in the terminal, as typeahead does

        assertThat(answer("n")).isEqualTo(new Decision.No(""));
    }

    @Test
    void eRunsWhatTheEditorSaved() throws Exception {
        Path editor = dir.resolve("editor.sh");
        Files.writeString(editor, "#!/bin/sh\nsed -i 's/world/editor/' \"$1\"\n");
        editor.toFile().setExecutable(true);

        Decision decision = answer(Map.of("VISUAL", editor.toString()), "e");

        assertThat(decision).isInstanceOf(Decision.Edit.class);
        assertThat(((Decision.Edit) decision).edited().values()).containsEntry("content", "Hello, editor!\n");
    }

    @Test
    void failedEditAsksAgain() throws Exception {
        Decision decision = answer(Map.of("VISUAL", "false"), "e", "n");

        assertThat(decision).isEqualTo(new Decision.No(""));
        assertThat(shown()).contains("The editor exited with 1; nothing changed.");
    }

    private Decision answer(String... keys) throws Exception {
        return answer(Map.of(), keys);
    }

    /** Asks on another thread, as the agent loop does, and types each key once the question is on screen. */
    private Decision answer(Map<String, String> env, String... keys) throws Exception {
        before = screen.size();
        JLineConfirmation confirmation = new JLineConfirmation(terminal, TerminalStyle.plain(),
                () -> endedAt.compareAndSet(-1, screen.size()), env);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Decision> decision = pool.submit(() -> confirmation.confirm(SAVE, DIFF));
            for (int i = 0; i < keys.length; i++) {
                awaitQuestion(i + 1);
                keyboard.type(keys[i]);
            }
            return decision.get(10, TimeUnit.SECONDS);
        }
    }

    /** As {@link #answer}, offering rules: each key is typed once its question (the call's, or the rules') is up. */
    private Decision answerOffering(List<PermissionRule> offered, String... keys) throws Exception {
        before = screen.size();
        JLineConfirmation confirmation = new JLineConfirmation(terminal, TerminalStyle.plain(), () -> { }, Map.of());
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Decision> decision = pool.submit(() -> confirmation.confirm(SAVE, DIFF, offered));
            int questions = 0;
            for (String key : keys) {
                await(++questions);
                keyboard.type(key);
            }
            return decision.get(10, TimeUnit.SECONDS);
        }
    }

    /** Until {@code times} questions of either kind are on screen. */
    private void await(int times) throws InterruptedException {
        if (!screen.awaitShown(Pattern.compile("Run save\\?|Allow from now on"), times, Duration.ofSeconds(10))) {
            throw new AssertionError("fewer than " + times + " questions; the screen:\n" + shown());
        }
    }

    private void awaitQuestion(int times) throws InterruptedException {
        if (!screen.awaitShown(Pattern.compile(Pattern.quote("Run save?")), times, Duration.ofSeconds(30))) {
            throw new AssertionError("the question was not asked " + times + " times; the screen:\n" + shown());
        }
    }

    /** What the terminal wrote; a test waits for a text on it, woken by each write rather than by a timer. */
    private static final class Screen extends ByteArrayOutputStream {

        @Override
        public synchronized void write(int b) {
            super.write(b);
            notifyAll();
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, len);
            notifyAll();
        }

        /** Whether {@code shown} matches {@code times} times before {@code patience} (a hang guard) runs out. */
        synchronized boolean awaitShown(Pattern shown, int times, Duration patience) throws InterruptedException {
            long deadline = System.nanoTime() + patience.toNanos();
            while (shown.matcher(toString(StandardCharsets.UTF_8)).results().count() < times) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        }
    }

    private String shown() {
        return screen.toString(StandardCharsets.UTF_8);
    }

    /** Keys as the terminal reads them: blocking until typed, from whichever thread reads (unlike a pipe). */
    private static final class Keyboard extends InputStream {

        private final LinkedBlockingQueue<Integer> keys = new LinkedBlockingQueue<>();

        void type(String text) {
            for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
                keys.add(b & 0xFF);
            }
        }

        @Override
        public int read() throws IOException {
            try {
                return keys.take();
            } catch (InterruptedException e) {
                throw new InterruptedIOException("paused");
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            b[off] = (byte) read();
            return 1;
        }
    }
}
