package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal UI as a user meets it, in the real jar in tmux at 80×24 and 200×50: calls of every
 * dialect folded into one kind of header, the transcript (open, fold, search), a message queued
 * during a reply, Esc during a reply and during a long command (with its live tail), a resize while
 * a reply streams, the confirmation with a diff, /model switching the format, NO_COLOR, and the
 * conversation left in the terminal's scrollback after Rosetta exits.
 */
class InlineUiIT {

    private static final String PROMPT = "gpt-4.1 >";

    @TempDir
    Path dir;
    private Path workspace;
    private ScriptedOpenAi model;
    private Map<String, String> env;
    private final List<TmuxSession> sessions = new ArrayList<>();

    @BeforeAll
    static void tmuxIsThere() {
        boolean available = TmuxSession.available();
        if (!available && System.getenv("CI") != null) {
            throw new AssertionError("tmux is needed for the terminal tests; install it (apt-get install -y tmux)");
        }
        assumeTrue(available, "tmux is not installed: the terminal tests are skipped");
    }

    @BeforeEach
    void environment() throws Exception {
        workspace = Files.createDirectories(dir.resolve("workspace"));
        model = new ScriptedOpenAi();
        env = new HashMap<>(Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "LANG", "C.UTF-8",
                "HOME", Files.createDirectories(dir.resolve("home")).toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString(), "XDG_DATA_HOME", dir.resolve("data").toString(),
                "ROSETTA_LOGS_HOME", dir.resolve("logs").toString(),
                "OPENAI_BASE_URL", model.baseUrl(), "OPENAI_API_KEY", "fake"));
        // Every call of a reply runs, so one reply can hold calls in several spellings.
        env.put("ROSETTA_BREAK_ON_TOOLUSE", "false");
        Files.createDirectories(dir.resolve("config/rosetta"));
        Files.writeString(dir.resolve("config/rosetta/models.json"),
                "{\"models\": {\"openai/gpt-4.1-mini\": {\"default_tool_format\": \"xml\"}}}");
    }

    @AfterEach
    void stop() throws Exception {
        for (TmuxSession s : sessions) {
            s.close();
        }
        model.close();
    }

    @Test
    void callsOfEveryDialectFoldIntoOneKindOfHeaderAt80x24() throws Exception {
        callsOfEveryDialectFoldIntoOneKindOfHeader(80, 24);
    }

    @Test
    void callsOfEveryDialectFoldIntoOneKindOfHeaderAt200x50() throws Exception {
        callsOfEveryDialectFoldIntoOneKindOfHeader(200, 50);
    }

    /**
     * A markdown fence, an @tool call and a native call in one reply; then /model to a model that
     * reads xml, and an xml call: four spellings, one header each, the same shape (the seeds'
     * failure was a display that kept the old format after the switch).
     */
    private void callsOfEveryDialectFoldIntoOneKindOfHeader(int columns, int rows) throws Exception {
        String reply = "Here is a long reply, with **three** files in three spellings.\n\n"
                + "- the first in a markdown fence\n- the second as an @tool call\n- the third natively\n\n"
                + "```save a.md\n" + lines("a line", 20) + "```\n\n"
                + "@save(call_1): {\"path\": \"c.md\", \"content\": \"" + lines("c line", 10).replace("\n", "\\n") + "\"}\n\n"
                + "And the last one:\n";
        model.replyWithCall(reply, "save", "{\"path\": \"d.md\", \"content\": \"" + lines("d line", 5).replace("\n", "\\n")
                + "\"}");
        model.reply("All three are written.");
        model.reply("<tool-use>\n<save args=\"b.md\">\n" + lines("b line", 12) + "</save>\n</tool-use>\n");
        model.reply("Done in xml.");
        TmuxSession rosetta = start(columns, rows, List.of("--tool-format", "tool", "-y"));
        rosetta.keepAfterExit();

        ask(rosetta, "write three files", 2);
        String screen = rosetta.screen();
        assertThat(screen).contains("▶ save a.md · 20 lines", "▶ save c.md · 10 lines", "▶ save d.md · 5 lines",
                "  a line 8", "… 12 more lines · Ctrl-O shows all", "✓ save · Saved a.md", "All three are written.",
                "• the first in a markdown fence", "three files").doesNotContain("a line 9\n", "a line 20", "**");
        assertThat(workspace.resolve("d.md")).content().contains("d line 5");

        rosetta.type("/model openai/gpt-4.1-mini");
        rosetta.press("Enter");
        rosetta.waitFor("model: openai/gpt-4.1-mini (tool format: xml)");
        assertThat(rosetta.waitUntil("the status line saying xml", s -> lastLine(s).contains(" · xml · ")))
                .isNotNull();
        rosetta.type("one more, in xml");
        rosetta.press("Enter");
        rosetta.waitFor("Done in xml.");
        rosetta.waitForTurnEnd("gpt-4.1-mini >", 2);
        assertThat(rosetta.screen()).contains("▶ save b.md · 12 lines", "  b line 8").doesNotContain("b line 12");
        assertThat(workspace.resolve("b.md")).content().contains("b line 12");

        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
        assertThat(rosetta.history()).as("the terminal's scrollback after Rosetta exited").containsSubsequence(
                PROMPT + " write three files", "three files in three spellings", "▶ save a.md · 20 lines",
                "▶ save c.md · 10 lines", "▶ save d.md · 5 lines", "All three are written.",
                "gpt-4.1-mini > one more, in xml", "▶ save b.md · 12 lines", "Done in xml.");
    }

    @Test
    void theTranscriptOpensFoldsAndSearchesEveryBlockAndGoesBack() throws Exception {
        model.reply("Saving.\n\n```save a.md\n" + lines("a line", 20) + "```\n");
        model.reply("Saved.");
        TmuxSession rosetta = start(80, 24, List.of("-y"));
        ask(rosetta, "save it", 2);
        String before = withoutLiveRegion(rosetta.history());

        rosetta.press("C-o");
        rosetta.waitUntil("the transcript", s -> lastLine(s).contains("transcript ·"));
        rosetta.type("/");
        rosetta.type("a line 20");
        rosetta.press("Enter");
        visibleUntil(rosetta, "the search's match opened", s -> s.contains("a line 20"));
        rosetta.type("c");
        visibleUntil(rosetta, "every block folded", s -> !s.contains("a line 20") && s.contains("▸ ▶ save a.md"));
        rosetta.type("e");
        visibleUntil(rosetta, "every block open", s -> s.contains("a line 20") && s.contains("▾ ▶ save a.md"));
        rosetta.press("Enter");
        visibleUntil(rosetta, "the selected block folded", s -> !s.contains("a line 20"));
        rosetta.press("Space");
        visibleUntil(rosetta, "the selected block open again", s -> s.contains("a line 20"));
        rosetta.type("q");
        visibleUntil(rosetta, "the conversation again", s -> lastLine(s).contains("%)") && s.contains(PROMPT));

        assertThat(withoutLiveRegion(rosetta.history())).as("the main screen as it was").isEqualTo(before);
    }

    @Test
    void aMessageSentDuringAReplyIsQueuedAndSentAfterIt() throws Exception {
        model.replyAt(words(120), 300);
        model.reply("This answers the queued one.");
        TmuxSession rosetta = start(120, 40, List.of());

        rosetta.type("tell me a story");
        rosetta.press("Enter");
        rosetta.waitFor("word3 ");
        rosetta.type("and a second question");
        rosetta.press("Enter");
        rosetta.waitFor("↳ queued: and a second question");
        rosetta.waitForTurnEnd(PROMPT, 3);

        assertThat(rosetta.history()).containsSubsequence(PROMPT + " tell me a story", "word119",
                PROMPT + " and a second question", "This answers the queued one.");
        List<String> second = ScriptedOpenAi.messages(model.requests().get(1));
        assertThat(second.get(second.size() - 1)).isEqualTo("user: and a second question");
        assertThat(second).anyMatch(m -> m.startsWith("assistant: word0") && m.contains("word119"));
    }

    @Test
    void escStopsAReplyAndTheConversationGoesOn() throws Exception {
        model.replySlowly(ReplTerminalIT.longReply());
        model.reply("Still here.");
        TmuxSession rosetta = start(80, 24, List.of());

        rosetta.type("tell me a long story");
        rosetta.press("Enter");
        rosetta.waitFor("word3 ");
        rosetta.press("Escape");
        rosetta.waitFor("interrupted");
        rosetta.waitForTurnEnd(PROMPT, 2);
        ask(rosetta, "are you there?", 3);

        assertThat(rosetta.screen()).contains("Still here.").doesNotContain("word399");
        assertThat(ScriptedOpenAi.messages(model.requests().get(1))).anyMatch(m -> m.startsWith("assistant: word0"));
    }

    @Test
    void aLongCommandShowsItsLastLinesLiveAndEscStopsIt() throws Exception {
        model.reply("Waiting.\n\n```shell\necho started; touch running; sleep 60; echo finished\n```\n");
        model.reply("Fine, stopped.");
        TmuxSession rosetta = start(200, 50, List.of("-y"));

        rosetta.type("wait a minute");
        rosetta.press("Enter");
        waitForFile(workspace.resolve("running"));
        assertThat(rosetta.waitFor("  started")).contains("shell: echo started; touch running; sleep 60");
        rosetta.press("Escape");
        // The waits give up long before the command would end on its own.
        rosetta.waitFor("interrupted");
        rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(rosetta.screen()).contains("✗ shell · [ERROR:Canceled]").doesNotContainPattern("(?m)^  finished$");
    }

    @Test
    void aResizeWhileAReplyStreamsReflowsTheLiveRegion() throws Exception {
        model.replyAt(words(300) + "\n\nThe end.\n", 400);
        TmuxSession rosetta = start(200, 50, List.of());

        rosetta.type("a long one please");
        rosetta.press("Enter");
        rosetta.waitFor("word40 ");
        rosetta.resize(80, 24);
        rosetta.waitFor("word120 ");
        rosetta.resize(120, 30);
        rosetta.waitFor("The end.");
        rosetta.waitForTurnEnd(PROMPT, 2);

        // A line too long for the live region goes ahead in rows cut where the screen wrapped them.
        assertThat(rosetta.history().replace("\n", "")).as("every word once, in order").contains(words(300).strip());
        String visible = rosetta.visibleScreen();
        assertThat(visible.lines().filter(l -> l.contains("%)")).count()).as("status lines on screen").isEqualTo(1);
        assertThat(visible.lines().filter(l -> l.strip().equals(PROMPT)).count()).as("prompts on screen").isEqualTo(1);
    }

    @Test
    void theConfirmationShowsTheDiffInColourCutToTheScreen() throws Exception {
        Files.writeString(workspace.resolve("big.txt"), lines("old line", 40));
        model.reply("Rewriting it.\n\n```save big.txt\n" + lines("new line", 40) + "```\n");
        model.reply("Rewritten.");
        TmuxSession rosetta = start(80, 24, List.of());

        rosetta.type("rewrite big.txt");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("Run save? [y]es [n]o [a]ll [e]dit");

        assertThat(screen).contains("change big.txt", "more lines · Ctrl-O shows all of it", "-old line 1",
                "+new line");
        assertThat(rosetta.screenInColour()).contains("\u001b[31m-old line 1", "\u001b[32m+new line");
        rosetta.type("y");
        rosetta.waitFor("Rewritten.");
        assertThat(workspace.resolve("big.txt")).content().contains("new line 40");
        assertThat(rosetta.screen()).contains("Run save? yes");
    }

    @Test
    void noColorLeavesOutEveryColour() throws Exception {
        env.put("NO_COLOR", "1");
        model.reply("Some **bold** prose.\n\n```shell\necho hi\n```\n");
        model.reply("Ran it.");
        TmuxSession rosetta = start(120, 40, List.of("-y"));

        ask(rosetta, "go", 2);

        assertThat(rosetta.screen()).contains("▶ shell: echo hi", "✓ shell · exit 0 · hi", "Ran it.");
        assertThat(rosetta.screenInColour()).doesNotContainPattern("\u001b\\[[0-9;]*(3[0-7]|9[0-7]|38;)[0-9;]*m");
    }

    // ---- helpers ----

    private static String lines(String prefix, int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + " " + i + "\n").collect(Collectors.joining());
    }

    private static String words(int n) {
        return IntStream.range(0, n).mapToObj(i -> "word" + i).collect(Collectors.joining(" ")) + " ";
    }

    private static String lastLine(String screen) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** Waits until the visible screen (not the scrollback) satisfies {@code shown}. */
    private static void visibleUntil(TmuxSession rosetta, String what, java.util.function.Predicate<String> shown)
            throws Exception {
        long deadline = System.nanoTime() + TmuxSession.PATIENCE.toNanos();
        while (true) {
            String screen = rosetta.visibleScreen();
            if (shown.test(screen)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited for " + what + "; the screen:\n" + screen);
            }
            Thread.sleep(50);
        }
    }

    private static void ask(TmuxSession rosetta, String text, int prompts) throws Exception {
        rosetta.type(text);
        rosetta.press("Enter");
        rosetta.waitForTurnEnd(PROMPT, prompts);
    }

    private static void waitForFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TmuxSession.PATIENCE.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited for " + file);
            }
            Thread.sleep(20);
        }
    }

    private TmuxSession start(int columns, int rows, List<String> options) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:+AutoCreateSharedArchive",
                "-XX:SharedArchiveFile=" + jar().resolveSibling("rosetta-repl-it.jsa"), "-Xlog:disable",
                "-jar", jar().toString(), "-m", "openai/gpt-4.1", "-w", workspace.toString()));
        command.addAll(options);
        TmuxSession session = TmuxSession.start(Files.createDirectories(dir.resolve("tmux")), env, command, columns,
                rows);
        sessions.add(session);
        session.waitUntil("the prompt", s -> s.contains(PROMPT) && lastLine(s).contains("%)"));
        return session;
    }

    static Path jar() {
        String configured = System.getProperty("rosetta.jar");
        Path jar = configured != null ? Path.of(configured) : Path.of("target", "rosetta.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no rosetta jar at " + jar + "; build it (./mvnw -pl rosetta-cli -am package)");
        }
        return jar;
    }

    /** The history without the prompt and the status line under it (the status changes on its own). */
    private static String withoutLiveRegion(String history) {
        List<String> lines = new ArrayList<>(history.strip().lines().toList());
        return String.join("\n", lines.subList(0, Math.max(0, lines.size() - 2)));
    }
}
