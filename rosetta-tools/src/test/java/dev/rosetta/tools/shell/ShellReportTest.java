package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.shell.ShellSession.Ending;
import dev.rosetta.tools.shell.ShellSession.Outcome;

/** The exact text the model reads for each way a call can end. */
class ShellReportTest {

    private static final Duration TWENTY_MINUTES = Duration.ofMinutes(20);

    private static ToolResult report(Outcome outcome) {
        return ShellReport.toResult(outcome, "", TWENTY_MINUTES);
    }

    @Test
    void successIsTheOutputWithoutItsLastLineBreak() {
        assertThat(report(new Outcome(Ending.FINISHED, 0, "a\nb\n\n", "", false))).isEqualTo(ToolResult.ok("a\nb"));
    }

    @Test
    void noOutputSaysSo() {
        assertThat(report(new Outcome(Ending.FINISHED, 0, "", "", false)).output()).isEqualTo("(no output)");
    }

    @Test
    void nonZeroExitPutsTheTagFirstAndTheExitCodeLast() {
        ToolResult result = report(new Outcome(Ending.FINISHED, 2, "ls: cannot access 'x'\n", "", false));

        assertThat(result.code()).isEqualTo(ErrorCode.exitCode(2));
        assertThat(result.output()).isEqualTo("[ERROR:ExitCode:2]\nls: cannot access 'x'\n[exit code 2]");
    }

    @Test
    void timeoutSaysHowLongAndWhetherTheSessionSurvived() {
        assertThat(report(new Outcome(Ending.TIMED_OUT, -1, "partial\n", "", false)).output()).isEqualTo(
                "[ERROR:Timeout]\npartial\n[timed out after 20 min: the command was stopped; the shell keeps its"
                        + " working directory and variables]");
        assertThat(report(new Outcome(Ending.TIMED_OUT, -1, "", "", true)).output()).isEqualTo(
                "[ERROR:Timeout]\n(no output)\n[timed out after 20 min: the shell did not stop, so it was killed;"
                        + " the next command starts a fresh shell: the working directory, variables and functions of"
                        + " earlier commands are gone]");
    }

    @Test
    void cancelIsItsOwnCode() {
        ToolResult result = report(new Outcome(Ending.CANCELED, -1, "started\n", "", false));

        assertThat(result.code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(result.output()).startsWith("[ERROR:Canceled]\nstarted\n[canceled: the command was stopped;");
    }

    @Test
    void shellExitIsAnErrorOnlyWithANonZeroStatus() {
        assertThat(report(new Outcome(Ending.SHELL_EXITED, 3, "bye\n", "", true)).code()).isEqualTo(ErrorCode.exitCode(3));
        ToolResult clean = report(new Outcome(Ending.SHELL_EXITED, 0, "", "", true));
        assertThat(clean.isError()).isFalse();
        assertThat(clean.output()).startsWith("(no output)\n[the shell exited with status 0; the next command");
    }

    @Test
    void noticeAndBackgroundOutputComeBeforeTheCommandsOutput() {
        ToolResult result = ShellReport.toResult(new Outcome(Ending.FINISHED, 0, "now\n", "job done\n", false),
                ShellReport.freshSessionNotice(Path.of("/ws")), TWENTY_MINUTES);

        assertThat(result.output()).isEqualTo("""
                [a fresh shell in /ws ran this: the previous one had exited, so the working directory, variables \
                and functions of earlier commands are gone]
                [background jobs printed this since the last command:]
                job done
                [end of background output]
                now""");
    }

    @Test
    void durationsReadNaturally() {
        assertThat(ShellReport.describe(Duration.ofSeconds(2))).isEqualTo("2 s");
        assertThat(ShellReport.describe(Duration.ofMillis(1500))).isEqualTo("1.5 s");
        assertThat(ShellReport.describe(Duration.ofMinutes(20))).isEqualTo("20 min");
        assertThat(ShellReport.describe(Duration.ofSeconds(90))).isEqualTo("1 min 30 s");
    }
}
