package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.rosetta.cli.e2e.FileWatch;
import tools.jackson.databind.JsonNode;

/**
 * The interactive prompt as a user meets it: the real {@code rosetta} jar in a real terminal
 * (tmux), against a loopback OpenAI server with scripted replies, in a clean environment (its own
 * home, config, data and log folders). Keys are sent as a keyboard sends them; the screen is read
 * back as the user sees it. The terminal UI is what a terminal gets; the tests named "lineUi…"
 * run the line prompt ({@code --ui line}), which stays for those who ask for it. The UI's own
 * behaviour (folding, the transcript, the queue, Esc, resizing) is in {@link InlineUiIT}.
 */
class ReplTerminalIT extends TerminalTest {

    private static final String SAVE_REPLY = "I'll write it.\n\n```save hello.txt\nHello, world!\n```\n";

    @Test
    void typedPromptGetsTheReplyRenderedAndCtrlDLeavesWithZero() throws Exception {
        model.reply("Hello! This is **bold** and `code`.\n\n- one\n- two\n");
        TmuxSession rosetta = start();

        rosetta.type("hi there");
        rosetta.press("Enter");
        String screen = rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(screen).contains(PROMPT + " hi there", "Hello! This is bold and code.", "• one", "• two")
                .doesNotContain("**");
        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
        assertThat(ScriptedOpenAi.messages(model.requests().get(0))).last().isEqualTo("user: hi there");
    }

    @Test
    void lineUiRendersTheReplyAndCtrlDLeavesWithZero() throws Exception {
        model.reply("Hello! This is **bold** and `code`.\n\n- one\n- two\n");
        TmuxSession rosetta = startLineUi();

        ask(rosetta, "hi there", 2);

        assertThat(rosetta.screen()).contains(PROMPT + " hi there", "Hello! This is bold and code.", "• one")
                .doesNotContain("Esc interrupts");
        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
    }

    @Test
    void lineUiConfirmsWithTheDiffInColourAndCtrlCStopsAReply() throws Exception {
        Files.writeString(workspace.resolve("hello.txt"), "Hello, old world!\n");
        model.reply(SAVE_REPLY);
        model.replySlowly(longReply());
        model.reply("Still here.");
        TmuxSession rosetta = startLineUi();

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("Run save?")).contains("▶ save hello.txt", "+++ b/hello.txt");
        assertThat(rosetta.screenInColour()).contains("\u001b[32m+Hello, world!");
        rosetta.type("y");
        rosetta.waitFor("word3 ");
        rosetta.press("C-c");
        rosetta.waitFor("interrupted");
        ask(rosetta, "are you there?", 3);

        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, world!");
        assertThat(rosetta.screen()).contains("✓ save", "Still here.").doesNotContain("word399");
    }

    @Test
    void saveOverAFileShowsTheDiffInColourAndYesWritesIt() throws Exception {
        Files.writeString(workspace.resolve("hello.txt"), "Hello, old world!\n");
        model.reply(SAVE_REPLY);
        model.reply("Done.");
        TmuxSession rosetta = start();

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("Run save?");

        assertThat(screen).contains("▶ save hello.txt", "change hello.txt", "+++ b/hello.txt", "-Hello, old world!",
                "+Hello, world!");
        assertThat(rosetta.screenInColour()).contains("\u001b[32m+Hello, world!", "\u001b[31m-Hello, old world!");
        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, old world!");
        rosetta.type("y");
        rosetta.waitFor("Done.");

        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, world!");
        assertThat(rosetta.screen()).contains("✓ save");
        assertThat(lastMessage(model.requests().get(1))).contains("Saved hello.txt");
    }

    @Test
    void refusedCallIsNotRunAndTheModelHearsItWasCanceled() throws Exception {
        model.reply(SAVE_REPLY);
        model.reply("Understood, I won't.");
        TmuxSession rosetta = start();

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        // A new file's content is on screen already, under the call: the question names it, no diff repeats it.
        assertThat(rosetta.waitFor("Run save?")).contains("new file hello.txt · 1 line, shown above")
                .doesNotContain("+++ b/hello.txt");
        rosetta.type("n");
        rosetta.waitFor("Understood, I won't.");

        assertThat(workspace.resolve("hello.txt")).doesNotExist();
        assertThat(rosetta.screen()).contains("Run save? no", "✗ save · [ERROR:Canceled] · the user declined");
        assertThat(lastMessage(model.requests().get(1))).contains("Canceled").contains("declined");
    }

    @Test
    void editOpensTheBodyInTheUsersEditorAndRunsWhatWasSaved() throws Exception {
        env.put("EDITOR", "sed -i s/Hello/Howdy/"); // an editor that edits without a screen
        model.reply(SAVE_REPLY);
        model.reply("Saved your version.");
        TmuxSession rosetta = start();

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        rosetta.waitFor("Run save?");
        rosetta.type("e");
        rosetta.waitFor("Saved your version.");

        assertThat(workspace.resolve("hello.txt")).hasContent("Howdy, world!");
        assertThat(lastMessage(model.requests().get(1))).contains("Saved hello.txt");
    }

    @Test
    void alwaysRemembersTheRulePickedAndACallItAllowsIsNotAskedAgain() throws Exception {
        model.reply(SAVE_REPLY);
        model.reply("Again.\n\n```save hello.txt\nHello again!\n```\n");
        model.reply("Both done.");
        TmuxSession rosetta = startLineUi();

        rosetta.type("write hello.txt twice");
        rosetta.press("Enter");
        rosetta.waitFor("Run save?");
        rosetta.type("a");
        assertThat(rosetta.waitFor("Allow from now on")).contains("1  save \"hello.txt\"", "2  every save call");
        rosetta.type("1");
        String screen = rosetta.waitFor("Both done.");

        assertThat(workspace.resolve("hello.txt")).hasContent("Hello again!");
        assertThat(screen.split("Run save\\?", -1)).hasSize(2);
        Path chatConfig;
        try (var folders = Files.list(dir.resolve("logs"))) {
            chatConfig = folders.findFirst().orElseThrow().resolve("config.toml");
        }
        assertThat(chatConfig).content().contains("[permissions]\nsave = { \"hello.txt\" = \"allow\" }");
    }

    @Test
    void undoShowsWhatItPutsBackAndYesPutsTheFilesBack() throws Exception {
        Files.writeString(workspace.resolve("hello.txt"), "Hello, old world!\n");
        TmuxSession rosetta = savedHello();
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

    /** Issue 25 §3: /undo read a changed file whole (a FIFO hung it, a huge file ran out of memory) and Ctrl-C did nothing. */
    @Test
    void ctrlCStopsAnUndoComparingAHugeFileAndNothingIsTakenBack() throws Exception {
        TmuxSession rosetta = savedHello();
        try (RandomAccessFile huge = new RandomAccessFile(workspace.resolve("hello.txt").toFile(), "rw")) {
            huge.setLength(64L << 30); // sparse: 64 GiB to hash, no disk
        }

        rosetta.type("/undo");
        rosetta.press("Enter");
        rosetta.waitFor("to read; Ctrl-C stops");
        rosetta.press("C-c");
        rosetta.waitFor("nothing taken back: interrupted while comparing");

        rosetta.type("/undo");
        rosetta.press("Enter");
        rosetta.waitFor("to read; Ctrl-C stops", 2);
        rosetta.press("C-c");
        rosetta.waitFor("nothing taken back: interrupted while comparing", 2);
        assertThat(Files.size(workspace.resolve("hello.txt"))).isEqualTo(64L << 30);
    }

    /** Issue 25 §3: /undo of a file that became a FIFO opened it to read it whole and hung; Ctrl-C and Ctrl-D did nothing. */
    @Test
    void undoOfAFileThatBecameAFifoSaysItCannotPutItBackAndNeverBlocks() throws Exception {
        TmuxSession rosetta = savedHello();
        Path hello = workspace.resolve("hello.txt");
        Files.delete(hello);
        assertThat(new ProcessBuilder("mkfifo", hello.toString()).inheritIO().start().waitFor()).isZero();

        rosetta.type("/undo");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("took back 4 messages");

        assertThat(screen).contains("cannot put back hello.txt", "a FIFO (named pipe)");
        rosetta.waitFor(PROMPT, 3);
        assertThat(Files.isRegularFile(hello)).as("the FIFO is left as it is").isFalse();
    }

    /** Issue 25 §3: under --confine, /undo wrote through a file that had become a link to a file outside. */
    @Test
    void undoUnderConfineWritesNothingThroughAFileThatBecameALinkOutside() throws Exception {
        Path hello = workspace.resolve("hello.txt");
        Files.writeString(hello, "Hello, old world!\n");
        TmuxSession rosetta = savedHello("--confine");
        Path outside = Files.writeString(dir.resolve("outside.txt"), "outside\n");
        Files.delete(hello);
        Files.createSymbolicLink(hello, outside);

        rosetta.type("/undo");
        rosetta.press("Enter");
        rosetta.waitFor("Put 1 file back as it was?");
        rosetta.type("y");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("took back 4 messages");

        assertThat(screen).contains("could not put back hello.txt", "outside the workspace");
        assertThat(outside).hasContent("outside");
    }

    /** Issue 25 §3: /undo printed every diff line before asking (240,000 lines for 30 files). */
    @Test
    void undoOfLargeRewritesSaysWhatItDoesALineAFileAndShowsTheDiffsAPageAtATimeOnD() throws Exception {
        StringBuilder reply = new StringBuilder("Rewriting.\n\n");
        for (int f = 1; f <= 3; f++) {
            StringBuilder before = new StringBuilder();
            reply.append("```save f").append(f).append(".txt\n");
            for (int i = 1; i <= 1_000; i++) {
                before.append("old line ").append(i).append('\n');
                reply.append("new line ").append(i).append('\n');
            }
            reply.append("```\n\n");
            Files.writeString(workspace.resolve("f" + f + ".txt"), before);
        }
        model.reply(reply.toString());
        model.reply("Done.");
        TmuxSession rosetta = start(PROMPT, screen -> screen.contains(PROMPT), List.of(), List.of("--ui", "line", "-y"));
        rosetta.type("rewrite them");
        rosetta.press("Enter");
        rosetta.waitFor("Done.");
        rosetta.waitForTurnEnd(PROMPT, 1); // the first prompt is above the 3,000 lines saved

        rosetta.type("/undo");
        rosetta.press("Enter");
        rosetta.waitFor("Put 3 files back as they were?");
        String asked = rosetta.history();
        assertThat(asked).contains("3 files to put back (+3000 -3000 lines):", "[d]iffs (");
        assertThat(diffLines(asked)).as("diff lines before asking").isZero();

        rosetta.type("d");
        rosetta.press("Enter");
        rosetta.waitFor("(lines 1–200 of ");
        assertThat(diffLines(rosetta.history())).as("diff lines of a page")
                .isPositive().isLessThanOrEqualTo(200);
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("put back 3 files");
        assertThat(workspace.resolve("f3.txt")).content().startsWith("old line 1\n").doesNotContain("new line");
    }

    @Test
    void instructionsContextAndCompactSayWhatIsInTheWindow() throws Exception {
        Files.writeString(workspace.resolve("AGENTS.md"), "Answer in French.\n");
        model.reply("Bonjour.");
        TmuxSession rosetta = startLineUi();
        ask(rosetta, "hello", 2);

        rosetta.type("/instructions");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("characters")).contains(workspace.resolve("AGENTS.md").toString());
        rosetta.type("/context");
        rosetta.press("Enter");
        assertThat(rosetta.waitFor("compacts above")).containsPattern("instructions +[0-9,]+")
                .containsPattern("messages +[0-9,]+");
        rosetta.type("/compact the greeting");
        rosetta.press("Enter");
        rosetta.waitFor("nothing to compact");

        assertThat(ScriptedOpenAi.messages(model.requests().get(0)).getFirst()).contains("Answer in French.");
    }

    /** TERM=dumb: no line editing, the plain prompt and confirmation, the same answers. */
    @Test
    void aDumbTerminalGetsThePlainPromptAndConfirmation() throws Exception {
        model.reply(SAVE_REPLY);
        model.reply("Done.");
        TmuxSession rosetta = start("> ", screen -> screen.lines().anyMatch(line -> line.strip().equals(">")),
                List.of("env", "TERM=dumb"), List.of());

        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        String screen = rosetta.waitFor("Run save? [y]es / [n]o / [a]lways / [e]dit:");
        rosetta.type("y");
        rosetta.press("Enter");
        rosetta.waitFor("Done.");

        assertThat(screen).contains("▶ save hello.txt", "new file hello.txt · 1 line, shown above");
        assertThat(rosetta.screenInColour()).doesNotContain("\u001b[");
        assertThat(workspace.resolve("hello.txt")).hasContent("Hello, world!");
        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
    }

    @Test
    void undoTakesBackTheLastTurnBeforeTheNextRequest() throws Exception {
        model.reply("First answer.");
        model.reply("Second answer.");
        model.reply("Third answer.");
        TmuxSession rosetta = start();

        ask(rosetta, "first question", 2);
        ask(rosetta, "second question", 3);
        rosetta.type("/undo");
        rosetta.press("Enter");
        rosetta.waitFor("took back 2 messages");
        ask(rosetta, "third question", 5);
        rosetta.type("/tokens");
        rosetta.press("Enter");
        // This server reports no usage, so both numbers are jtokkit estimates and say so.
        assertThat(rosetta.waitFor("context: ≈")).containsPattern("tokens: ≈[0-9,]+ in · ≈[0-9,]+ out");

        assertThat(ScriptedOpenAi.messages(model.requests().get(2))).contains("user: first question",
                "assistant: First answer.", "user: third question").noneMatch(m -> m.contains("second"));
    }

    @Test
    void modelSwitchCompletesByTabChangesTheFormatAndReSpellsEarlierCalls() throws Exception {
        // As a user's models.json would: the mini model reads xml best.
        Files.createDirectories(dir.resolve("config/rosetta"));
        Files.writeString(dir.resolve("config/rosetta/models.json"),
                "{\"models\": {\"openai/gpt-4.1-mini\": {\"default_tool_format\": \"xml\"}}}");
        model.reply(SAVE_REPLY);
        model.reply("Done.");
        model.reply("From the mini model.");
        TmuxSession rosetta = start();
        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        rosetta.waitFor("Run save?");
        rosetta.type("y");
        rosetta.waitForTurnEnd(PROMPT, 2);

        rosetta.type("/mod");
        rosetta.press("Tab");
        rosetta.waitFor(PROMPT + " /model");
        rosetta.type("openai/gpt-4.1-mi"); // the completion ended the word with a space
        rosetta.press("Tab");
        rosetta.waitFor("/model openai/gpt-4.1-mini");
        rosetta.press("Enter");
        rosetta.waitFor("model: openai/gpt-4.1-mini (tool format: xml)");
        rosetta.waitFor("gpt-4.1-mini >");
        rosetta.type("hello");
        rosetta.press("Enter");
        rosetta.waitFor("From the mini model.");

        JsonNode onMini = model.requests().get(2);
        assertThat(onMini.path("model").asString()).isEqualTo("gpt-4.1-mini");
        String history = String.join("\n", ScriptedOpenAi.messages(onMini));
        assertThat(history).as("the earlier markdown call, re-spelled in xml")
                .contains("<save args=\"hello.txt\">").doesNotContain("```save");
        assertThat(onMini.path("messages").get(0).path("content").asString()).as("the system prompt, now in xml")
                .contains("<tools>");
    }

    /** Four hundred words, for a reply that is still streaming when a key stops it. */
    static String longReply() {
        StringBuilder longReply = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            longReply.append("word").append(i).append(' ');
        }
        return longReply.toString();
    }

    @Test
    void ctrlCStopsASlowReplyAndTheConversationGoesOn() throws Exception {
        model.replySlowly(longReply());
        model.reply("Still here.");
        TmuxSession rosetta = start();

        rosetta.type("tell me a long story");
        rosetta.press("Enter");
        rosetta.waitFor("word3 ");
        rosetta.press("C-c");
        String screen = rosetta.waitFor("interrupted");
        rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(screen).doesNotContain("word399");
        ask(rosetta, "are you there?", 3);
        assertThat(rosetta.screen()).contains("Still here.");
        List<String> sent = ScriptedOpenAi.messages(model.requests().get(1));
        assertThat(sent).contains("user: tell me a long story", "user: are you there?");
        assertThat(sent).anyMatch(m -> m.startsWith("assistant: word0 word1"));
    }

    @Test
    void ctrlCStopsARunningToolAndTheModelHearsItWasInterrupted() throws Exception {
        // The command waits on a gate nobody opens: only the interrupt ends it, so the prompt coming back
        // at all (within the session's patience) shows that Ctrl-C stopped it.
        assertThat(new ProcessBuilder("mkfifo", workspace.resolve("gate").toString()).start().waitFor()).isZero();
        model.reply("Waiting.\n\n```shell\necho started; touch running; read -r _ < gate; echo finished\n```\n");
        model.reply("Fine, stopped.");
        TmuxSession rosetta = start();

        rosetta.type("wait a minute");
        rosetta.press("Enter");
        rosetta.waitFor("Run shell?");
        rosetta.type("y");
        // Tool output shows when the tool ends; the file says the command is under way.
        waitForFile(workspace.resolve("running"));
        rosetta.press("C-c");
        rosetta.waitFor("interrupted");
        rosetta.waitForTurnEnd(PROMPT, 2);

        assertThat(rosetta.screen()).contains("✗ shell · [ERROR:Canceled]").doesNotContainPattern("(?m)^  finished$");
        ask(rosetta, "are you done?", 3);
        assertThat(ScriptedOpenAi.messages(model.requests().get(1))).as("the result, with the output so far")
                .anyMatch(m -> m.contains("started") && m.contains("stopped") && !m.contains("\nfinished"));
    }

    /**
     * The shell's processes are found by a mark in their environment: in the sandbox a pid the
     * command prints ({@code $$}, {@code $!}) is the sandbox's own, and names another process out here.
     */
    @Test
    void closingTheTerminalWhileAToolRunsLeavesNoProcessOfItsShellBehind() throws Exception {
        String mark = java.util.UUID.randomUUID().toString();
        env.put("ROSETTA_REPL_MARK", mark);
        model.reply("Waiting.\n\n```shell\nsleep 600 & echo started > started; wait\n```\n");
        TmuxSession rosetta = start();
        rosetta.type("wait ten minutes");
        rosetta.press("Enter");
        rosetta.waitFor("Run shell?");
        rosetta.type("y");
        waitForFile(workspace.resolve("started"));
        List<ProcessHandle> shell = marked("ROSETTA_REPL_MARK=" + mark);
        assertThat(shell).as("bash and its sleep, and the sandbox around them").hasSizeGreaterThanOrEqualTo(2)
                .allMatch(ReplTerminalIT::isRunning);

        rosetta.hangUp();

        long deadline = System.nanoTime() + 20_000_000_000L;
        while (shell.stream().anyMatch(ReplTerminalIT::isRunning) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(shell).as("bash and its sleep after the terminal closed").noneMatch(ReplTerminalIT::isRunning);
    }

    /** The processes whose environment holds {@code entry}. */
    private static List<ProcessHandle> marked(String entry) throws IOException {
        List<ProcessHandle> found = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                try {
                    String environ = new String(Files.readAllBytes(dir.resolve("environ")), java.nio.charset.StandardCharsets.ISO_8859_1);
                    if (List.of(environ.split("\0")).contains(entry)) {
                        ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                    }
                } catch (IOException e) {
                    // it ended while we looked
                }
            }
        }
        return found;
    }

    /** Alive and not a zombie (a killed orphan waits for an init that may never reap it). */
    private static boolean isRunning(ProcessHandle process) {
        try {
            String stat = Files.readString(Path.of("/proc/" + process.pid() + "/stat"));
            return process.isAlive() && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void ctrlCTwiceAtAnEmptyPromptLeaves() throws Exception {
        TmuxSession rosetta = start();

        rosetta.press("C-c");
        rosetta.waitFor("press Ctrl-C again or Ctrl-D to exit");
        rosetta.press("C-c");

        assertThat(rosetta.exitCode()).isZero();
    }

    /** The second press may land while the line editor hands over its handler; it must still leave, with 0. */
    @Test
    void ctrlCTwiceInQuickSuccessionLeavesWithZero() throws Exception {
        TmuxSession rosetta = start();

        rosetta.press("C-c");
        rosetta.press("C-c");

        assertThat(rosetta.exitCode()).isZero();
    }

    @Test
    void backslashContinuesALineAndPastedLinesStayOneMessage() throws Exception {
        model.reply("Got two lines.");
        model.reply("Got the paste.");
        TmuxSession rosetta = start();

        rosetta.type("first line \\");
        rosetta.press("Enter");
        rosetta.type("second line");
        rosetta.press("Enter");
        rosetta.waitFor("Got two lines.");
        rosetta.waitForTurnEnd(PROMPT, 2);
        rosetta.paste("pasted one\npasted two \\\nkept");
        rosetta.waitFor("kept");
        rosetta.press("Enter");
        rosetta.waitFor("Got the paste.");

        assertThat(lastMessage(model.requests().get(0))).isEqualTo("user: first line \nsecond line");
        assertThat(lastMessage(model.requests().get(1))).isEqualTo("user: pasted one\npasted two \\\nkept");
    }

    @Test
    void historySurvivesARestart() throws Exception {
        model.reply("Noted.");
        TmuxSession first = start();
        ask(first, "remember this line", 2);
        first.press("C-d");
        assertThat(first.exitCode()).isZero();
        first.close();

        TmuxSession second = start();
        second.press("Up");

        assertThat(second.waitFor(PROMPT + " remember this line")).isNotNull();
        assertThat(dir.resolve("data/rosetta/history")).content().contains("remember this line");
    }

    /** Until the file exists, woken by the file system's notice of it (FileWatch), not by polling. */
    private static void waitForFile(Path file) throws IOException, InterruptedException {
        if (!FileWatch.awaitExists(file, Duration.ofSeconds(20), null)) {
            throw new AssertionError("waited 20 s for " + file);
        }
    }

    @Test
    void resumingShowsWhereTheConversationStopped() throws Exception {
        model.reply("First answer.");
        model.reply("The answer to the last one.");
        model.reply("Picking up.");
        TmuxSession first = start();
        ask(first, "first question", 2);
        ask(first, "the last question", 3);
        first.press("C-d");
        assertThat(first.exitCode()).isZero();
        first.close();

        TmuxSession second = start(PROMPT, screen -> screen.contains(PROMPT), List.of(), List.of("-r"));
        String screen = second.screen();

        assertThat(screen).containsSubsequence("resumed ", "(4 messages; the last turn follows",
                "you> the last question", "The answer to the last one.", PROMPT).doesNotContain("First answer.");
        ask(second, "go on", 2);
        assertThat(ScriptedOpenAi.messages(model.requests().get(2))).contains("user: first question",
                "assistant: The answer to the last one.", "user: go on");
    }

    /** Lines of a diff of the rewrites (the save's own preview shows its lines without - or +). */
    private static long diffLines(String history) {
        return history.lines().filter(l -> l.matches(".*[-+] ?(old|new) line \\d+\\s*")).count();
    }

    /** Starts the line prompt ({@code args} added), has the model save hello.txt, and says yes to it. */
    private TmuxSession savedHello(String... args) throws Exception {
        model.reply(SAVE_REPLY);
        model.reply("Done.");
        List<String> after = new ArrayList<>(List.of("--ui", "line"));
        after.addAll(List.of(args));
        TmuxSession rosetta = start(PROMPT, screen -> screen.contains(PROMPT), List.of(), after);
        rosetta.type("write hello.txt");
        rosetta.press("Enter");
        rosetta.waitFor("Run save?");
        rosetta.type("y");
        rosetta.waitFor(PROMPT, 2);
        return rosetta;
    }

    /** Starts rosetta in the workspace and waits for its prompt. */
    private TmuxSession start() throws Exception {
        return start(PROMPT, screen -> screen.contains(PROMPT), List.of(), List.of());
    }

    /** Starts rosetta with the line prompt instead of the terminal UI. */
    private TmuxSession startLineUi() throws Exception {
        return start(PROMPT, screen -> screen.contains(PROMPT), List.of(), List.of("--ui", "line"));
    }

    /**
     * @param before words before the java command ({@code env TERM=dumb}: tmux sets TERM itself)
     * @param after  more arguments for rosetta
     */
    private TmuxSession start(String prompt, Predicate<String> ready, List<String> before, List<String> after)
            throws Exception {
        TmuxSession session = start(dir.resolve("tmux"), rosetta(before, after), 120, 40);
        session.waitUntil("the prompt '" + prompt + "'", ready);
        return session;
    }

    /** Sends a prompt and waits for the turn to end, the prompt shown the {@code prompts}-th time. */
    private static void ask(TmuxSession rosetta, String text, int prompts) throws Exception {
        rosetta.type(text);
        rosetta.press("Enter");
        rosetta.waitForTurnEnd(PROMPT, prompts);
    }

    private static String lastMessage(JsonNode request) {
        List<String> messages = ScriptedOpenAi.messages(request);
        return messages.get(messages.size() - 1);
    }
}
