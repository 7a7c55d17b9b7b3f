package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The page's conversation controls through the jar in a real browser (steps in
 * {@code web/page-steps.js}): undo and rewind, the model and tool format switched, rename and fork
 * (the fork goes on with {@code rosetta -r}), an MCP server's form answered in the page, and the
 * page used by keyboard alone.
 */
class WebPageIT extends EndToEnd {

    private WebServe server;

    @BeforeEach
    void browserInstalled() throws IOException {
        BrowserSteps.require();
    }

    @AfterEach
    void stopServer() throws InterruptedException {
        if (server != null) {
            server.close();
        }
    }

    private String browser(String step, String... serveArgs) throws IOException, InterruptedException {
        server = WebServe.start(sandbox, serveArgs);
        return server.browser("page-steps.js", step);
    }

    private String browser(String step) throws IOException, InterruptedException {
        return browser(step, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool");
    }

    @Test
    void undoTakesTheLastTurnBackAndRewindShowsTheDiffAndPutsTheFileBack() throws Exception {
        Files.writeString(sandbox.workspace().resolve("notes.txt"), "mine\n");
        model.script(Format.TOOL.reply("Rewriting.\n", ModelCall.save("notes.txt", "the model's\n")),
                ScriptedReply.text("Rewritten."), ScriptedReply.text("More words."));

        String seen = browser("undoRewind");

        assertThat(seen).contains("\"afterUndo\":[\"rewrite notes.txt\"]").contains("\"afterRewind\":[]")
                .contains("-the model's").contains("+mine");
        assertThat(sandbox.workspace().resolve("notes.txt")).hasContent("mine\n");
    }

    @Test
    void theStatusBarSwitchesTheModelAndTheToolFormatForTheNextTurn() throws Exception {
        model.script(ScriptedReply.text("Claude here."));

        String seen = browser("switchModel");

        assertThat(seen).contains("anthropic/claude-sonnet-4-6 · xml");
        WireRequest request = model.request(0);
        assertThat(request.api()).isEqualTo(Api.ANTHROPIC);
        assertThat(request.systemPrompt()).contains("<tool-use>");
    }

    @Test
    void aRenamedConversationGoesOnAndItsForkContinuesWithResume() throws Exception {
        model.script(ScriptedReply.text("Hi."), ScriptedReply.text("Yes."), ScriptedReply.text("Continued."));

        String seen = browser("renameFork");

        assertThat(seen).contains("\"inputs\":[\"hello\",\"still there?\"]").contains("\"forked\"")
                .contains("\"kept\":true") // /tokens only added its lines: the page drew nothing again
                .contains("\"forkInputs\":[\"hello\",\"still there?\"]").contains("\"forkAddress\":\"#/c/forked\"");
        server.close(); // the page opened the fork, so the server holds it until it stops
        server = null;
        Run fork = sandbox.rosetta("-n", "-r", "--name", "forked", "go on");
        assertThat(fork.exitCode()).as(fork.toString()).isZero();
        assertThat(fork.stdout()).contains("Continued.");
        assertThat(model.request(2).messages()).anySatisfy(m -> assertThat(m).contains("hello"))
                .anySatisfy(m -> assertThat(m).contains("still there?")).anySatisfy(m -> assertThat(m).contains("go on"));
    }

    @Test
    void anMcpServersFormIsAnsweredInThePage() throws Exception {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), ReferenceServers.everythingToml("everything"));
        model.script(ScriptedReply.text("```everything.trigger-elicitation-request\n{}\n```\n"), ScriptedReply.text("Thanks."));

        String seen = browser("form", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown");

        assertThat(seen).contains("everything asks: Please provide inputs")
                .contains("\"heldBack\":true").contains("\"tooMany\":\"Choose at most 3.\"");
        String result = String.join("\n", model.request(1).strings());
        assertThat(result).contains("Name: Ada").contains("Agreed to terms: true").contains("Favorite Integer: 7")
                .containsPattern("\"untitledMultipleSelectEnum\":\\s*\\[\\s*\"Piano\",\\s*\"Drums\"\\s*]")
                .containsPattern("\"titledSingleSelectEnum\":\\s*\"hero-2\"")
                .containsPattern("\"titledMultipleSelectEnum\":\\s*\\[\\s*\"fish-1\",\\s*\"fish-2\"\\s*]");
    }

    @Test
    void thePageWorksByKeyboardAloneWithFocusAlwaysShown() throws Exception {
        model.script(Format.TOOL.reply("One.\n", ModelCall.save("a.txt", "a\n")),
                Format.TOOL.reply("Two.\n", ModelCall.save("b.txt", "b\n")), ScriptedReply.text("Done."));

        String seen = browser("keyboard");

        assertThat(sandbox.workspace().resolve("a.txt")).hasContent("a\n");
        assertThat(sandbox.workspace().resolve("b.txt")).doesNotExist();
        assertThat(seen).contains("✓ save").contains("✗ save");
    }
}
