package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.rosetta.cli.e2e.FileWatch;

/**
 * The terminal UI as a user meets it, in the real jar in tmux, each scenario at 80×24 and at
 * 200×50: calls of every dialect folded into one kind of header, before and after /model switches
 * the format (and in /replay after it), the transcript (open, fold, search, back with q or Esc), a
 * message queued during a reply, Esc during a reply and during a long command (with its live
 * tail), the confirmation with a diff (paged, never cut), and the conversation left in the terminal's scrollback
 * after Rosetta exits. Once each: a resize while a reply streams, wide characters and emoji at an
 * odd width, streamed markdown against /replay, control sequences from the model and a tool,
 * NO_COLOR.
 */
class InlineUiIT extends TerminalTest {

    @BeforeEach
    void environment() throws Exception {
        // Every call of a reply runs, so one reply can hold calls in several spellings.
        env.put("ROSETTA_BREAK_ON_TOOLUSE", "false");
        Files.createDirectories(dir.resolve("config/rosetta"));
        Files.writeString(dir.resolve("config/rosetta/models.json"),
                "{\"models\": {\"openai/gpt-4.1-mini\": {\"default_tool_format\": \"xml\"}}}");
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
        TmuxSession rosetta = start(columns, rows, List.of("--tool-format", "markdown", "-y"));
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
        // Shown again after the switch, from the log: the old calls as they were, beside the new one.
        rosetta.type("/replay");
        rosetta.press("Enter");
        String replayed = rosetta.waitUntil("the replay", s -> TmuxSession.count(s, "Done in xml.") == 2
                && TmuxSession.turnOver(s, "gpt-4.1-mini >"));
        String again = replayed.substring(replayed.lastIndexOf("/replay"));
        assertThat(again).contains("▶ save a.md · 20 lines", "▶ save c.md · 10 lines", "▶ save d.md · 5 lines",
                "▶ save b.md · 12 lines", "  a line 8", "  b line 8").doesNotContain("a line 9\n", "<save", "@save");

        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
        assertThat(rosetta.history()).as("the terminal's scrollback after Rosetta exited").containsSubsequence(
                PROMPT + " write three files", "three files in three spellings", "▶ save a.md · 20 lines",
                "▶ save c.md · 10 lines", "▶ save d.md · 5 lines", "All three are written.",
                "gpt-4.1-mini > one more, in xml", "▶ save b.md · 12 lines", "Done in xml.");
    }

    /** q goes back at one size, Esc at the other. */
    @ParameterizedTest(name = "{0}×{1}, back with {2}")
    @CsvSource({"80, 24, q", "200, 50, Escape"})
    void theTranscriptOpensFoldsAndSearchesEveryBlockAndGoesBack(int columns, int rows, String back) throws Exception {
        model.reply("Saving.\n\n```save a.md\n" + lines("a line", 20) + "```\n");
        model.reply("Saved.");
        TmuxSession rosetta = start(columns, rows, List.of("-y"));
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
        rosetta.press(back);
        visibleUntil(rosetta, "the conversation again", s -> lastLine(s).contains("%)") && s.contains(PROMPT));

        assertThat(withoutLiveRegion(rosetta.history())).as("the main screen as it was").isEqualTo(before);
    }

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"80, 24", "200, 50"})
    void aMessageSentDuringAReplyIsQueuedAndSentAfterIt(int columns, int rows) throws Exception {
        model.replyAt(words(120), 300);
        model.reply("This answers the queued one.");
        TmuxSession rosetta = start(columns, rows, List.of());

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

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"80, 24", "200, 50"})
    void escStopsAReplyAndTheConversationGoesOn(int columns, int rows) throws Exception {
        model.replySlowly(ReplTerminalIT.longReply());
        model.reply("Still here.");
        TmuxSession rosetta = start(columns, rows, List.of());

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

    /**
     * The live tail is the command's last lines, replaced as more come, not scrolled into the
     * scrollback: while it runs, line 40 shows and line 1 is nowhere; then Esc stops it.
     */
    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"80, 24", "200, 50"})
    void aLongCommandShowsItsLastLinesLiveAndEscStopsIt(int columns, int rows) throws Exception {
        model.reply("Waiting.\n\n```shell\nfor i in $(seq 1 40); do echo out $i; done; touch running; sleep 60;"
                + " echo finished\n```\n");
        model.reply("Fine, stopped.");
        TmuxSession rosetta = start(columns, rows, List.of("-y"));

        rosetta.type("wait a minute");
        rosetta.press("Enter");
        waitForFile(workspace.resolve("running"));
        String running = rosetta.waitFor("  out 40");
        assertThat(running).contains("shell: for i in $(seq 1 40)").doesNotContainPattern("(?m)^  out 1$")
                .doesNotContainPattern("(?m)^  out 30$");
        rosetta.press("Escape");
        // The waits give up long before the command would end on its own.
        rosetta.waitFor("interrupted");
        rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(rosetta.screen()).contains("✗ shell · [ERROR:Canceled]").doesNotContainPattern("(?m)^  finished$");
        ask(rosetta, "did it stop?", 3);
        assertThat(ScriptedOpenAi.messages(model.requests(2).get(1))).as("the next request")
                .anyMatch(m -> m.contains("Canceled") && m.contains("out 40"));
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

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"80, 24", "200, 50"})
    void theConfirmationShowsTheDiffInColourAWindowOfItAtATime(int columns, int rows) throws Exception {
        Files.writeString(workspace.resolve("big.txt"), lines("old line", 40));
        model.reply("Rewriting it.\n\n```save big.txt\n" + lines("new line", 40) + "```\n");
        model.reply("Rewritten.");
        TmuxSession rosetta = start(columns, rows, List.of());

        rosetta.type("rewrite big.txt");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("Run save? [y]es [n]o [a]lways [e]dit");

        // 84 lines of diff fit neither screen: a window of them, paged to the end, nothing cut
        assertThat(screen).contains("change big.txt", "-old line 1", "lines 1–", "of 84", "▼ more below: ↓ PgDn Space")
                .doesNotContain("Ctrl-O shows all of it", "+new line 40");
        assertThat(rosetta.screenInColour()).contains("\u001b[31m-old line 1");
        for (int page = 0; !rosetta.visibleScreen().contains("(the end)"); page++) {
            assertThat(page).as("pages to the end").isLessThan(10);
            String before = WhatIsApprovedIT.window(rosetta.visibleScreen());
            rosetta.press("NPage");
            visibleUntil(rosetta, "the next window", s -> !WhatIsApprovedIT.window(s).equals(before));
        }
        assertThat(rosetta.visibleScreen()).contains("+new line 40", "of 84 (the end)");
        assertThat(rosetta.screenInColour()).contains("\u001b[32m+new line");
        rosetta.type("y");
        rosetta.waitFor("Rewritten.");
        assertThat(workspace.resolve("big.txt")).content().contains("new line 40");
        assertThat(rosetta.screen()).contains("Run save? yes");
    }

    /** As at the line prompt: a offers the rules to remember, a digit picks one, and a call it allows is not asked. */
    @Test
    void alwaysOffersTheRulesToRememberAndACallThePickedOneAllowsIsNotAskedAgain() throws Exception {
        model.reply("```save hello.txt\nHello, world!\n```\n");
        model.reply("Again.\n\n```save hello.txt\nHello again!\n```\n");
        model.reply("Both done.");
        TmuxSession rosetta = start(120, 40, List.of());

        rosetta.type("write hello.txt twice");
        rosetta.press("Enter");
        rosetta.waitFor("Run save? [y]es [n]o [a]lways [e]dit");
        rosetta.type("a");
        assertThat(rosetta.waitFor("Allow from now on")).contains("1 save \"hello.txt\"", "2 every save call");
        rosetta.type("x");
        rosetta.waitUntil("the offer gone, the question still there",
                s -> !s.contains("Allow from now on") && s.contains("Run save? [y]es"));
        rosetta.type("a");
        rosetta.waitFor("Allow from now on");
        rosetta.type("1");
        String screen = rosetta.waitFor("Both done.");

        assertThat(workspace.resolve("hello.txt")).hasContent("Hello again!");
        assertThat(screen).contains("always: save \"hello.txt\"");
        assertThat(screen.split("Run save\\?", -1)).as("asked once").hasSize(2);
    }

    /** Esc at the confirmation stops the turn: nothing is written, the model is not asked again, the prompt is back. */
    @Test
    void escAtTheConfirmationStopsTheTurnAndRunsNothing() throws Exception {
        model.reply("```save hello.txt\nHello, world!\n```\n");
        TmuxSession rosetta = start(120, 40, List.of());

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        rosetta.waitFor("Run save? [y]es [n]o [a]lways [e]dit");
        rosetta.press("Escape");
        String screen = rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(screen).contains("Run save? stopped");
        assertThat(workspace.resolve("hello.txt")).doesNotExist();
        assertThat(model.requests()).hasSize(1);
    }

    /** /undo asks at the UI's own prompt: the diff of what it puts back, then y puts the file back. */
    @Test
    void undoAsksAtThePromptAndYesPutsTheFileBack() throws Exception {
        Files.writeString(workspace.resolve("hello.txt"), "Hello, old world!\n");
        model.reply("```save hello.txt\nHello, world!\n```\n");
        model.reply("Done.");
        TmuxSession rosetta = start(120, 40, List.of("-y"));
        ask(rosetta, "write hello.txt", 2);
        rosetta.waitFor("Done.");
        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, world!");

        rosetta.type("/undo");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("Put 1 file back as it was?");
        assertThat(screen).contains("change hello.txt", "-Hello, world!", "+Hello, old world!");
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("took back 4 messages; put back 1 file");

        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, old world!");
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

    /**
     * East Asian wide characters and emoji take two columns, in the live region and in the rows
     * it sends ahead: at an odd width (a wide character cannot sit in the last column) every
     * character arrives once, in order, and the prompt and the status line stay one row each.
     */
    @Test
    void wideCharactersAndEmojiTakeTheirTerminalWidth() throws Exception {
        String wide = "漢字とかなの長い行です🚀、絵文字🎉も入ります。".repeat(12);
        model.replyAt("Wide: " + wide + "\n\nThe end.\n", 300);
        TmuxSession rosetta = start(79, 24, List.of());

        rosetta.type("wide text please");
        rosetta.press("Enter");
        rosetta.waitFor("The end.");
        rosetta.waitForTurnEnd(PROMPT, 2);

        String joined = rosetta.history().replace("\n", "");
        assertThat(TmuxSession.count(joined, wide)).as("the wide line once, whole").isEqualTo(1);
        String visible = rosetta.visibleScreen();
        assertThat(visible.lines().filter(l -> l.contains("%)")).count()).as("status lines on screen").isEqualTo(1);
        assertThat(visible.lines().filter(l -> l.strip().equals(PROMPT)).count()).as("prompts on screen").isEqualTo(1);
        assertThat(lastLine(visible)).as("the status line, on one row").contains("gpt-4.1 · markdown");
    }

    /**
     * Streamed markdown is drawn as /replay draws it (headings, lists, a quote, a table, code in
     * colour, reasoning folded to one line): the same lines, the same colours.
     */
    @Test
    void aStreamedReplyLooksAsReplayShowsIt() throws Exception {
        model.replyAt("<think>\nThe user wants markdown; I will show every kind of line.\n</think>\n"
                + "# A heading\n\nSome **bold**, some `code`.\n\n- one\n- two\n\n1. first\n2. second\n\n"
                + "> a quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```java\nclass A { int x = 1; }\n```\n\nThe end.\n",
                600);
        TmuxSession rosetta = start(120, 40, List.of());

        ask(rosetta, "show markdown", 2);
        rosetta.type("/replay");
        rosetta.press("Enter");
        rosetta.waitUntil("the replay", s -> TmuxSession.count(s, "The end.") == 2 && turnOver(s));

        List<String> history = rosetta.historyInColour().lines().map(String::stripTrailing).toList();
        int asked = indexOf(history, PROMPT + " show markdown", 0);
        int replay = indexOf(history, PROMPT + " /replay", asked);
        int replayed = indexOf(history, "you> show markdown", replay);
        List<String> streamed = trimmed(history.subList(asked + 1, replay));
        List<String> shown = trimmed(history.subList(replayed + 1, indexOf(history, PROMPT, replayed)));
        assertThat(shown).as("/replay against the reply as it streamed").isEqualTo(streamed);
        assertThat(plain(streamed)).contains("A heading", "• one", "1. first", "The end.")
                .anyMatch(l -> l.contains("thought · ") && l.contains("The user wants markdown"))
                .noneMatch(l -> l.contains("<think>") || l.contains("**"));
        assertThat(String.join("\n", streamed)).as("the code in colour").containsPattern("\u001b\\[[0-9;]*m.*class");
    }

    /**
     * What the model writes and what a tool prints reach the screen as visible stand-ins: the
     * screen is not cleared, the pane's title is not set.
     */
    @Test
    void controlSequencesFromTheModelAndToolsAreShownNotObeyed() throws Exception {
        model.reply("Look: \u001b[2J\u001b]0;owned by the model\u0007 done.\n\n```shell\n"
                + "printf 'x\\033[2Jy\\033]0;owned by a tool\\007z\\n'\n```\n");
        model.reply("Printed.");
        TmuxSession rosetta = start(200, 50, List.of("-y"));
        String title = rosetta.title();

        ask(rosetta, "print something odd", 2);

        assertThat(rosetta.visibleScreen()).as("nothing cleared the screen").contains(PROMPT + " print something odd")
                .contains("Look: ␛[2J␛]0;owned by the model", "Printed.");
        assertThat(rosetta.screen()).contains("x␛[2Jy␛]0;owned by a tool");
        assertThat(rosetta.title()).isEqualTo(title).doesNotContain("owned");
    }

    /**
     * /impersonate without text: the lines typed go to the assistant's message (after its own
     * prompt) until ".", not to the model; its call runs. Again, and Ctrl-C cancels it.
     */
    @Test
    void impersonateTakesTheLinesTypedAsTheAssistantsMessageAndCtrlCCancelsIt() throws Exception {
        model.reply("Noted.");
        TmuxSession rosetta = start(80, 24, List.of("-y"));

        rosetta.type("/impersonate");
        rosetta.press("Enter");
        rosetta.waitUntil("the assistant's prompt", s -> lastLines(s, 2).contains("assistant>"));
        for (String line : List.of("I will save it.", "```save imp.txt", "hello", "```", ".")) {
            rosetta.type(line);
            rosetta.press("Enter");
        }
        rosetta.waitFor("Noted.");
        rosetta.waitForTurnEnd(PROMPT, 2);
        assertThat(workspace.resolve("imp.txt")).hasContent("hello");
        assertThat(rosetta.screen()).contains("assistant> I will save it.", "▶ save imp.txt", "✓ save · Saved imp.txt");
        assertThat(ScriptedOpenAi.messages(model.requests().get(0))).anyMatch(m -> m.startsWith("assistant: I will save it."));

        rosetta.type("/impersonate");
        rosetta.press("Enter");
        rosetta.waitUntil("the assistant's prompt again", s -> lastLines(s, 2).contains("assistant>"));
        rosetta.type("never mind");
        rosetta.press("C-c");
        rosetta.waitFor("nothing written; nothing sent");
        rosetta.waitUntil("the prompt back", s -> lastLines(s, 2).contains(PROMPT));
        assertThat(model.requests()).hasSize(1);
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

    /** The last {@code n} lines that show something, as one string. */
    private static String lastLines(String screen, int n) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    private static boolean turnOver(String screen) {
        return TmuxSession.turnOver(screen, PROMPT);
    }

    private static int indexOf(List<String> lines, String start, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (plainLine(lines.get(i)).startsWith(start)) {
                return i;
            }
        }
        throw new AssertionError("no line starting '" + start + "' after line " + from + " in:\n"
                + String.join("\n", plain(lines)));
    }

    /** Without the blank lines at either end. */
    private static List<String> trimmed(List<String> lines) {
        int from = 0;
        int to = lines.size();
        while (from < to && plainLine(lines.get(from)).isBlank()) {
            from++;
        }
        while (to > from && plainLine(lines.get(to - 1)).isBlank()) {
            to--;
        }
        return lines.subList(from, to);
    }

    private static List<String> plain(List<String> lines) {
        return lines.stream().map(InlineUiIT::plainLine).toList();
    }

    private static String plainLine(String line) {
        return line.replaceAll("\u001b\\[[0-9;:]*m", "");
    }

    private static void ask(TmuxSession rosetta, String text, int prompts) throws Exception {
        rosetta.type(text);
        rosetta.press("Enter");
        rosetta.waitForTurnEnd(PROMPT, prompts);
    }

    /** Until the file exists, woken by the file system's notice of it (FileWatch), not by polling. */
    private static void waitForFile(Path file) throws IOException, InterruptedException {
        if (!FileWatch.awaitExists(file, TmuxSession.PATIENCE, null)) {
            throw new AssertionError("waited for " + file);
        }
    }

    private TmuxSession start(int columns, int rows, List<String> options) throws Exception {
        TmuxSession session = start(dir.resolve("tmux"), rosetta(List.of(), options), columns, rows);
        session.waitUntil("the prompt", s -> s.contains(PROMPT) && lastLine(s).contains("%)"));
        return session;
    }

    /** The history without the prompt and the status line under it (the status changes on its own). */
    private static String withoutLiveRegion(String history) {
        List<String> lines = new ArrayList<>(history.strip().lines().toList());
        return String.join("\n", lines.subList(0, Math.max(0, lines.size() - 2)));
    }
}
