package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Issue 25 §1 through the jar: a model that spells a denied command every way it can, where
 * nobody is asked ({@code -n}, {@code -y}). The deny rule holds — the folder survives — and each
 * refusal reaches the model with its reason.
 */
class HostileShellLinesIT extends EndToEnd {

    /**
     * The probe's 18 spellings of {@code rm -rf victim} (15 of them deleted the folder: a prompt's
     * {@code $ }, an assignment, a group, {@code if}, {@code !}, {@code time}, another path, flags
     * clustered or split, wrappers, shells, {@code eval}, {@code xargs}, an alias), and some that
     * only a grammar sees through.
     */
    private static final List<String> SPELLINGS = List.of("$ rm -rf victim", "FOO=1 rm -rf victim",
            "{ rm -rf victim; }", "if true; then rm -rf victim; fi", "! rm -rf victim", "time rm -rf victim",
            "/bin/rm -rf victim", "rm -fr victim", "rm -r -f victim", "\\rm -rf victim", "(rm -rf victim)",
            "env rm -rf victim", "command rm -rf victim", "sudo rm -rf victim", "bash -c 'rm -rf victim'",
            "eval 'rm -rf victim'", "echo victim | xargs rm -rf", "alias x='rm -rf'; x victim",
            "rm --recursive --force victim", "echo ok # it's fine\nrm -rf victim", "$(echo rm) -rf victim",
            "true\nrm -rf victim", "r''m -rf victim", "cat <<EOF\n$(rm -rf victim)\nEOF");

    @Test
    void noSpellingOfADeniedCommandRunsWithNobodyToAskAndTheModelIsToldWhy() throws Exception {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), """
                [permissions]
                shell = { "rm -rf *" = "deny", "**" = "allow" }
                """);
        Path victim = Files.createDirectories(sandbox.workspace().resolve("victim/inside"));
        List<ScriptedReply> replies = new ArrayList<>();
        for (String line : SPELLINGS) {
            replies.add(Format.MARKDOWN.reply("Cleaning up.\n", ModelCall.shell(line)));
        }
        replies.add(ScriptedReply.text("I could not remove it."));
        model.script(replies.toArray(ScriptedReply[]::new));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "remove victim");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(victim).as("the folder the deny rule protects").isDirectory();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(SPELLINGS.size() + 1);
        for (int i = 0; i < SPELLINGS.size(); i++) {
            String result = ToolCallsIT.resultIn(requests.get(i + 1), Format.MARKDOWN);
            assertThat(result).as(SPELLINGS.get(i)).contains("[ERROR:Denied]").contains("rm -rf *");
        }
        String doubtful = ToolCallsIT.resultIn(requests.get(SPELLINGS.indexOf("rm --recursive --force victim") + 1),
                Format.MARKDOWN);
        assertThat(doubtful).contains("not run").contains("nobody to ask");
    }

    @Test
    void aLineADenyRuleMayMatchIsRefusedUnderYesAndTheNextPlainOneRuns() throws Exception {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), """
                [permissions]
                shell = { "rm -rf *" = "deny" }
                """);
        Path victim = Files.createDirectories(sandbox.workspace().resolve("victim"));
        model.script(Format.MARKDOWN.reply("Cleaning.\n", ModelCall.shell("X=rm; $X -rf victim")),
                Format.MARKDOWN.reply("Plainly, then.\n", ModelCall.shell("echo kept")),
                ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-y", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "clean up");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(victim).isDirectory();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(ToolCallsIT.resultIn(requests.get(1), Format.MARKDOWN)).contains("not run")
                .contains("$X -rf victim").contains("named only when it runs");
        assertThat(ToolCallsIT.resultIn(requests.get(2), Format.MARKDOWN)).contains("kept");
    }
}
