package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.log.ConversationLog;

import picocli.CommandLine;
import picocli.CommandLine.Command;

class MainTest {

    @Test
    void versionPrintsRosettaAndTheVersion() {
        Cli.Run run = Cli.run("--version");
        assertThat(run.exitCode()).isZero();
        // From target/classes there is no manifest, so the version is "dev".
        assertThat(run.out()).isEqualTo("rosetta dev" + System.lineSeparator());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void dashCapitalVIsTheVersionToo() {
        Cli.Run run = Cli.run("-V");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("rosetta dev" + System.lineSeparator());
    }

    @Test
    void helpIsACommandThatPrintsTheUsageRatherThanAPromptToTheModel() {
        Cli.Run run = Cli.run("help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(Cli.run("--help").out()).startsWith("Usage: rosetta [OPTIONS] [PROMPT...]");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void helpOfACommandIsThatCommandsUsage() {
        Cli.Run run = Cli.run("help", "parse");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(Cli.run("parse", "--help").out()).startsWith("Usage: rosetta parse");
    }

    @Test
    void helpFollowedByAPromptSaysHowToSendSuchAPrompt() {
        Cli.Run run = Cli.run("help", "me", "fix", "this");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("rosetta help: 'me fix this' is not a command; the commands are parse, models,"
                + " logs, mcp, eval, acp, serve, sandbox, help. For a prompt that starts with 'help', put -- before it: rosetta -- help me fix this");
    }

    @Test
    void aPromptAfterDashDashMayStartWithACommandWord() {
        Main main = new Main();
        Main.commandLine(main).parseArgs("--", "logs", "are", "too", "big");
        assertThat(main.chatOptions().prompt()).containsExactly("logs", "are", "too", "big");
    }

    @Test
    void noPromptAndNoTerminalIsBadUsageWithAHint() {
        Cli.Run run = Cli.run();
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no prompt").contains("Try 'rosetta --help'");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void helpPrintsTheUsage() {
        Cli.Run run = Cli.run("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: rosetta");
    }

    @Test
    void unknownOptionIsBadUsageWithAHint() {
        Cli.Run run = Cli.run("--bogus");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("Unknown option: '--bogus'")
                .contains("Try 'rosetta --help' for more information.")
                .doesNotContain("Usage:");
    }

    @Test
    void unknownOptionOfASubcommandNamesTheSubcommand() {
        Cli.Run run = Cli.run("parse", "--bogus");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("rosetta parse: Unknown option: '--bogus'")
                .contains("Try 'rosetta parse --help'");
    }

    @Test
    void noConversationToResumeIsNotBadUsageSoThereIsNoHint(@TempDir Path home) {
        Cli.Run run = Cli.run(() -> Main.commandLine(new Main(sandbox(home))), "hi".getBytes(StandardCharsets.UTF_8),
                "-r");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("rosetta: there is no conversation to resume").doesNotContain("Try");
    }

    @Test
    void aConversationOpenElsewhereIsNotBadUsageSoThereIsNoHint(@TempDir Path home) {
        Map<String, String> env = sandbox(home);
        try (ConversationLog held = ConversationLog.create(Path.of(env.get("ROSETTA_LOGS_HOME")), "held")) {
            Cli.Run run = Cli.run(() -> Main.commandLine(new Main(env)), "hi".getBytes(StandardCharsets.UTF_8),
                    "-r", "--name", "held");
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).contains("is open in this Rosetta process").doesNotContain("Try");
        }
    }

    @Test
    void aChatAndParseRefuseAToolThatIsNotOneInTheSameWords(@TempDir Path home) {
        Cli.Run chat = Cli.run(() -> Main.commandLine(new Main(sandbox(home))), new byte[0],
                "-n", "-m", "openai/gpt-4.1", "-t", "shell,shel", "hi");
        // parse takes a name it does not know as a tool known by name; taking one out is the same error.
        Cli.Run parse = Cli.run("parse", "--tools", "-shel", "-");
        assertThat(chat.exitCode()).isEqualTo(2).isEqualTo(parse.exitCode());
        String problem = "unknown tool 'shel' in --tools; the tools are: shell, ipython, jshell, save, append, patch, read";
        assertThat(chat.err()).isEqualTo("rosetta: " + problem + System.lineSeparator());
        assertThat(parse.err()).isEqualTo("rosetta parse: " + problem + System.lineSeparator());
        assertThat(home.resolve("logs")).as("nothing created before the settings work").doesNotExist();
    }

    @Test
    void aSavedToolThatIsNotOneIsAnErrorAndTheConfigIsLeftAsItWas(@TempDir Path home) throws Exception {
        Map<String, String> env = sandbox(home);
        Path config;
        try (ConversationLog log = ConversationLog.create(Path.of(env.get("ROSETTA_LOGS_HOME")), "typo")) {
            log.writeConfig(ChatConfig.empty().withModel("openai/gpt-4.1").withTools(List.of("shell", "pyhton")));
            config = log.configFile();
        }
        String saved = Files.readString(config);

        Cli.Run run = Cli.run(() -> Main.commandLine(new Main(env)), "hi".getBytes(StandardCharsets.UTF_8),
                "-r", "--name", "typo");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("rosetta: unknown tool 'pyhton' in " + config + "; the tools are: shell, ipython,"
                + " jshell, save, append, patch, read" + System.lineSeparator());
        assertThat(Files.readString(config)).isEqualTo(saved);
    }

    /** Issue 10 #18: it printed "RosettaException: could not list the conversations in … : …". */
    @Test
    void logsWhenTheLogFolderIsAFileSaysSoInOneLine(@TempDir Path home) throws Exception {
        Path file = Files.writeString(home.resolve("logs"), "not a folder");

        Cli.Run run = Cli.run("logs", "--dir", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("rosetta: the log folder " + file + " is not a folder; set ROSETTA_LOGS_HOME to a"
                + " folder, or move what is there" + System.lineSeparator());
    }

    /** An environment whose logs and config are in {@code home}, with a key so that no other setting is missing. */
    private static Map<String, String> sandbox(Path home) {
        return Map.of("ROSETTA_LOGS_HOME", home.resolve("logs").toString(),
                "XDG_CONFIG_HOME", home.resolve("config").toString(),
                "XDG_DATA_HOME", home.resolve("data").toString(),
                "HOME", home.toString(), "OPENAI_API_KEY", "sk-test", "PATH", System.getenv("PATH"));
    }

    @Test
    void unexpectedErrorIsOneLineWithoutStackTrace() {
        Cli.Run run = Cli.run(MainTest::withFailingCommand, new byte[0], "fail");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("rosetta: IllegalStateException: the disk is on fire" + System.lineSeparator());
    }

    @Test
    void verboseAddsTheStackTrace() {
        Cli.Run run = Cli.run(MainTest::withFailingCommand, new byte[0], "--verbose", "fail");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("rosetta: IllegalStateException: the disk is on fire")
                .contains("\tat dev.rosetta.cli.MainTest$Failing.call");
    }

    @Test
    void verboseWorksAfterTheSubcommandToo() {
        Cli.Run run = Cli.run(MainTest::withFailingCommand, new byte[0], "fail", "-v");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("\tat dev.rosetta.cli.MainTest$Failing.call");
    }

    @Test
    void errorWithAMultiLineMessageStillPrintsOneLine() {
        assertThat(UnexpectedErrors.describe(new RuntimeException("first\n  second\r\nthird")))
                .isEqualTo("RuntimeException: first second third");
        assertThat(UnexpectedErrors.describe(new NullPointerException())).isEqualTo("NullPointerException");
    }

    /** The real command line plus a subcommand that fails the way a bug would. */
    private static CommandLine withFailingCommand() {
        return Main.commandLine().addSubcommand(new Failing());
    }

    @Command(name = "fail")
    static final class Failing implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("the disk is on fire");
        }
    }
}
