package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.cli.e2e.BrowserSteps;

/**
 * {@code rosetta --serve}: the terminal UI runs in tmux, its conversation is published, and its
 * confirmation is answered from the page in a real browser; the terminal sees the answer and the
 * file is written.
 */
class WebTerminalIT {

    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/\\?token=[A-Za-z0-9_-]+#/c/\\S+)");

    @TempDir
    Path dir;
    private Path workspace;
    private ScriptedOpenAi model;
    private Map<String, String> env;
    private TmuxSession rosetta;

    @BeforeAll
    static void tmuxIsThere() {
        TerminalHome.requireTmux();
    }

    @BeforeEach
    void environment() throws Exception {
        BrowserSteps.require();
        workspace = Files.createDirectories(dir.resolve("workspace"));
        model = new ScriptedOpenAi();
        env = TerminalHome.environment(dir, model);
    }

    @AfterEach
    void stop() throws Exception {
        if (rosetta != null) {
            rosetta.close();
        }
        model.close();
    }

    @Test
    void aConfirmationOfTheTerminalIsAnsweredInTheBrowserAndTheTerminalSeesTheAnswer() throws Exception {
        model.replyWithCall("Saving.\n", "save", "{\"path\": \"t.txt\", \"content\": \"from the terminal\\n\"}");
        model.reply("Saved it.");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-jar", TerminalHome.jar().toString(),
                "-m", "openai/gpt-4.1", "--tool-format", "tool", "-w", workspace.toString(), "--serve");
        rosetta = TmuxSession.start(Files.createDirectories(dir.resolve("tmux")), env, command, 220, 40);
        String shown = rosetta.waitFor("in the browser at http://");
        Matcher url = URL.matcher(shown);
        assertThat(url.find()).as("the published URL in:\n" + shown).isTrue();

        rosetta.type("write t.txt");
        rosetta.press("Enter");
        String page = BrowserSteps.run("terminal", url.group(1));

        rosetta.waitFor("Saved it.");
        assertThat(workspace.resolve("t.txt")).hasContent("from the terminal\n");
        assertThat(page).contains("live from the terminal");
        assertThat(rosetta.screen()).contains("✓ save");
        rosetta.press("C-d");
        assertThat(rosetta.exitCode()).isZero();
    }
}
