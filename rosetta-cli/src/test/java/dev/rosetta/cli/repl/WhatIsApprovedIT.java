package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 §1, "what the user approves is what runs", through the real jar in tmux. The question
 * shows everything that will run: a hostile command of 81 lines, {@code rm -rf victim} on line 41
 * and a zero-width space on line 20, is never folded — in the terminal UI its window is paged
 * through to the end, every line on screen in turn; at the line prompt it is written whole — the
 * zero-width space shows as a mark, and the answer no leaves the folder alone. And an allow rule
 * lets through only what it names: the lines that slipped past {@code shell "git status*"} (a
 * comment hiding the next line, a redirection that writes) are asked about, not run.
 */
class WhatIsApprovedIT extends TerminalTest {

    private static final String QUESTION = "Run shell? [y]es [n]o [a]lways [e]dit";

    private Path victim;

    @BeforeEach
    void environment() throws Exception {
        victim = Files.createDirectories(workspace.resolve("victim/inside"));
    }

    private void scriptTheHostileCommand() {
        model.reply("Tidying up.\n\n```shell\n" + String.join("\n", hostileLines()) + "\n```\n");
        model.reply("Left as it is.");
    }

    /** 81 lines: line 41 removes the folder, line 20 hides a zero-width space. */
    private static List<String> hostileLines() {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 81; i++) {
            lines.add(i == 41 ? "rm -rf victim" : i == 20 ? "echo step 20\u200B" : "echo step " + i);
        }
        return lines;
    }

    /** What the question must show of each line: the zero-width space as its mark. */
    private static List<String> shownLines() {
        return hostileLines().stream().map(l -> l.replace("\u200B", "<U+200B>")).toList();
    }

    @Test
    void anEightyOneLineCommandIsPagedThroughWholeAtTheTerminalUisQuestionWithItsZeroWidthSpaceMarked()
            throws Exception {
        scriptTheHostileCommand();
        TmuxSession rosetta = start(List.of());
        rosetta.type("tidy up");
        rosetta.press("Enter");
        rosetta.waitFor(QUESTION);
        String first = visibleWhenSettled(rosetta);
        assertThat(first).as("the first window says there is more").contains("lines 1–", "of 81", "▼ more below")
                .doesNotContain("rm -rf victim", "Ctrl-O shows all of it");

        Set<String> seen = new LinkedHashSet<>(stripped(first));
        String screen = first;
        for (int page = 0; !screen.contains("(the end)"); page++) {
            assertThat(page).as("pages before the end; the screen:\n" + screen).isLessThan(20);
            rosetta.press(page % 2 == 0 ? "NPage" : "Space");
            String before = window(screen);
            screen = visibleUntil(rosetta, s -> !window(s).equals(before) && s.contains(QUESTION));
            seen.addAll(stripped(screen));
        }
        assertThat(seen).as("every line of the command was on screen").containsAll(shownLines());
        rosetta.press("Up");
        assertThat(visibleUntil(rosetta, s -> !s.contains("(the end)"))).contains("▼ more below");

        rosetta.type("n");
        rosetta.waitFor("Left as it is.");
        assertThat(victim).as("the folder line 41 would remove").isDirectory();
        assertThat(rosetta.screen()).contains("Run shell? no");
    }

    @Test
    void anEightyOneLineCommandIsWrittenWholeAtTheLinePromptsQuestionWithItsZeroWidthSpaceMarked()
            throws Exception {
        scriptTheHostileCommand();
        TmuxSession rosetta = start(List.of("--ui", "line"));
        rosetta.type("tidy up");
        rosetta.press("Enter");
        rosetta.waitFor("Run shell?");

        List<String> history = stripped(rosetta.history());
        int question = history.size() - 1;
        while (question > 0 && !history.get(question).startsWith("Run shell?")) {
            question--;
        }
        assertThat(history.subList(Math.max(0, question - 81), question)).as("the 81 lines right above the question")
                .containsExactlyElementsOf(shownLines());

        rosetta.type("n");
        rosetta.waitFor("Left as it is.");
        assertThat(victim).isDirectory();
    }

    /**
     * Under {@code shell "git status*"}, each line the probe slipped past the rule is asked about
     * (and, answered no, writes nothing); {@code git status} alone runs unasked.
     */
    @Test
    void linesThatSlippedPastAnAllowRuleAreAskedAboutAndWriteNothingWhenRefused() throws Exception {
        Files.createDirectories(dir.resolve("config/rosetta"));
        Files.writeString(dir.resolve("config/rosetta/config.toml"), """
                [permissions]
                shell = { "git status*" = "allow" }
                """);
        Path devNullX = Path.of("/dev/nullX");
        assertThat(devNullX).doesNotExist();
        List<String> tricks = List.of("git status # it's fine\ntouch made-1", "git status # \"\ntouch made-2",
                "git status # \\\ntouch made-3", "git status >& made-4", "git status >&made-5",
                "git status >/dev/nullX");
        for (String line : tricks) {
            model.reply("Checking.\n\n```shell\n" + line + "\n```\n");
        }
        model.reply("Once more.\n\n```shell\ngit status\n```\n");
        model.reply("All checked.");
        TmuxSession rosetta = start(List.of());
        try {
            rosetta.type("check the status");
            rosetta.press("Enter");
            for (int i = 1; i <= tricks.size(); i++) {
                rosetta.waitFor(QUESTION); // this call's, in the live region (an answered one leaves it)
                rosetta.type("n");
                int answered = i;
                rosetta.waitUntil(answered + " answers", s -> TmuxSession.count(s, "Run shell? no") >= answered);
            }
            rosetta.waitFor("All checked.");

            for (int i = 1; i <= 5; i++) {
                assertThat(workspace.resolve("made-" + i)).as(tricks.get(i - 1)).doesNotExist();
            }
            assertThat(devNullX).doesNotExist();
            assertThat(TmuxSession.count(rosetta.screen(), "Run shell?")).as("asked once a trick, not for git status")
                    .isEqualTo(tricks.size());
            assertThat(ScriptedOpenAi.messages(model.requests().get(tricks.size() + 1)))
                    .as("git status alone ran unasked").anyMatch(m -> m.contains("not a git repository"));
        } finally {
            Files.deleteIfExists(devNullX);
        }
    }

    /**
     * Under {@code shell "rm -rf *"} denied and everything else allowed, in the terminal UI: the
     * probe's spellings of {@code rm -rf victim} are refused without a question, the one a deny rule
     * only may match is asked about (and refused), the folder survives, and a plain line still runs.
     */
    @Test
    void theTerminalUiRefusesEverySpellingOfADeniedCommandAndAsksAboutTheDoubtfulOne() throws Exception {
        Files.createDirectories(dir.resolve("config/rosetta"));
        Files.writeString(dir.resolve("config/rosetta/config.toml"), """
                [permissions]
                shell = { "rm -rf *" = "deny", "**" = "allow" }
                """);
        List<String> spellings = List.of("$ rm -rf victim", "FOO=1 rm -rf victim", "{ rm -rf victim; }",
                "if true; then rm -rf victim; fi", "! rm -rf victim", "time rm -rf victim", "/bin/rm -rf victim",
                "rm -r -f victim", "echo ok # it's fine\nrm -rf victim", "rm --recursive --force victim");
        for (String line : spellings) {
            model.reply("Removing.\n\n```shell\n" + line + "\n```\n");
        }
        model.reply("Looking, then.\n\n```shell\nls victim\n```\n"); // no redirection: "**" allows it unasked
        model.reply("All tried.");
        TmuxSession rosetta = start(List.of());
        rosetta.type("remove victim");
        rosetta.press("Enter");
        rosetta.waitFor(QUESTION); // the doubtful line's: the denied ones before it were not asked about
        rosetta.type("n");
        String screen = rosetta.waitFor("All tried.");

        assertThat(victim).as("the folder the deny rule protects").isDirectory();
        assertThat(ScriptedOpenAi.messages(model.requests().get(spellings.size() + 1))).as("a plain line still runs")
                .anyMatch(m -> m.contains("inside"));
        assertThat(TmuxSession.count(screen, "Run shell?")).as("asked about the doubtful line only").isEqualTo(1);
        assertThat(TmuxSession.count(screen, "[ERROR:Denied]")).as("refused without a question")
                .isGreaterThanOrEqualTo(spellings.size() - 1);
    }

    /** Which lines the question's window shows ("lines 20–38 of 81"), or "" when it shows none. */
    static String window(String screen) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("lines \\d+–\\d+ of \\d+").matcher(screen);
        return m.find() ? m.group() : "";
    }

    private static List<String> stripped(String screen) {
        return screen.lines().map(String::strip).toList();
    }

    /** The visible screen once two looks a frame apart agree (the live region is drawn a frame at a time). */
    private static String visibleWhenSettled(TmuxSession rosetta) throws Exception {
        String last = "";
        for (int i = 0; i < 400; i++) {
            String now = rosetta.visibleScreen();
            if (now.equals(last)) {
                return now;
            }
            last = now;
            Thread.sleep(50);
        }
        return last;
    }

    private static String visibleUntil(TmuxSession rosetta, java.util.function.Predicate<String> shown)
            throws Exception {
        long deadline = System.nanoTime() + TmuxSession.PATIENCE.toNanos();
        while (true) {
            String screen = rosetta.visibleScreen();
            if (shown.test(screen)) {
                return visibleWhenSettled(rosetta);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited; the screen:\n" + screen);
            }
            Thread.sleep(50);
        }
    }

    private TmuxSession start(List<String> options) throws Exception {
        TmuxSession session = start(dir.resolve("tmux"), rosetta(List.of(), options), 80, 24);
        session.waitUntil("the prompt", s -> s.contains(PROMPT));
        return session;
    }
}
