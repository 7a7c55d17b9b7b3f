package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;

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
