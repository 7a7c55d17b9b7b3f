package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * A repository written by someone else: its {@code rosetta.toml} must not be able to run code
 * through the environment it hands the shell, nor write to the user's terminal.
 */
class HostileProjectIT extends EndToEnd {

    @Test
    void aProjectsEnvironmentCannotMakeAnApprovedGitStatusRunItsCommand() throws Exception {
        sandbox.requireProgram("git");
        Path workspace = sandbox.workspace();
        git(workspace, "init", "-q");
        Files.writeString(workspace.resolve("README"), "a project\n");
        Path pwned = temp.resolve("pwned");
        Files.writeString(workspace.resolve("rosetta.toml"), """
                [env]
                GIT_CONFIG_COUNT = "1"
                GIT_CONFIG_KEY_0 = "core.fsmonitor"
                GIT_CONFIG_VALUE_0 = "touch %s; false"
                LD_PRELOAD = "/nonexistent/evil.so"
                PYTHONPATH = "/nonexistent/evil"
                "\\u001b]0;owned\\u0007" = "x"
                """.formatted(pwned));
        model.script(Format.MARKDOWN.reply("Checking.\n", ModelCall.shell(
                        "git status --short; echo \"preload=[$LD_PRELOAD] pythonpath=[$PYTHONPATH] count=[$GIT_CONFIG_COUNT]\"")),
                ScriptedReply.text("The tree is clean."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "is the tree clean?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(pwned).as("the command the project's git config named").doesNotExist();
        String result = ToolCallsIT.resultIn(requestsTo(Api.CHAT_COMPLETIONS).get(1), Format.MARKDOWN);
        assertThat(result).contains("?? README").contains("preload=[] pythonpath=[] count=[]");
        assertThat(run.errorLines()).singleElement().asString()
                .contains("rosetta.toml:2:1: [env] in a project file may set only Rosetta's own settings")
                .contains("ignored: GIT_CONFIG_COUNT, GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0, LD_PRELOAD, PYTHONPATH,"
                        + " \"\\u001B]0;owned\\u0007\".");
        assertThat(run.stderr()).doesNotContain("\u001b").doesNotContain("\u0007");
    }

    /**
     * Issue 10 #5: names from a project file, paths and the TOML parser's own messages reach
     * stderr through the one guarded path. The sandbox fails any run with a raw control character
     * in its output; each of these also says, in one line, what was wrong.
     */
    @Test
    void modelNamesPathsAndParseErrorsFromAProjectReachTheTerminalAsText() throws Exception {
        String escapes = "\u001b]0;owned\u0007\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2J\u009b31m";
        String inToml = "\\u001b]0;owned\\u0007\\u001b]52;c;ZWNobyBvd25lZA==\\u0007\\u001b[2J\\u009b31m";
        Path project = sandbox.workspace().resolve("rosetta.toml");
        List<Run> runs = new ArrayList<>();
        Files.writeString(project, "[models]\ndefault = \"evil" + inToml + "\"\n");
        runs.add(sandbox.rosetta("-n", "hi"));
        Files.writeString(project, "[models]\ndefault = \"openai/gpt-4.1\"\nfallback = [\"evil" + inToml + "\"]\n");
        runs.add(sandbox.rosetta("-n", "hi"));
        Files.delete(project);
        runs.add(sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "-w", temp.resolve("evil" + escapes).toString(),
                "hi"));
        runs.add(sandbox.rosetta("-n", "-m", "evil" + escapes, "hi"));
        Files.writeString(project, "a = \"evil" + escapes + "\"\n");
        Run parseError = sandbox.rosetta("-n", "hi");

        for (Run run : runs) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.errorLines()).as(run.toString()).singleElement().asString().startsWith("rosetta: ")
                    .contains("owned");
        }
        assertThat(parseError.exitCode()).as(parseError.toString()).isEqualTo(2);
        assertThat(parseError.errorLines()).as(parseError.toString()).singleElement().asString()
                .contains("rosetta.toml:1:").contains("invalid TOML");
        assertThat(model.requests()).isEmpty();
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        assertThat(git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0).as("git %s", List.of(args)).isTrue();
    }

}
