package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.process.MarkedProcesses;
import dev.rosetta.tools.ToolFailure;

/** The shell tool against a real bash. Timeouts are one second so the stopping paths stay fast. */
class ShellToolTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @TempDir
    Path workspace;

    private ShellTool tool;
    private ToolContext context;

    @BeforeEach
    void setUp() {
        tool = new ShellTool(ShellSettings.fromEnvironment(System.getenv()).withTimeout(TIMEOUT));
        context = ToolContext.in(workspace);
    }

    @AfterEach
    void tearDown() {
        tool.close();
        context.sandbox().close(); // its folders, now rather than all at once when the JVM exits
    }

    private ToolResult run(String command) throws Exception {
        return run(tool, command);
    }

    private ToolResult run(ShellTool shell, String command) throws Exception {
        return shell.run(new Arguments(Map.of("command", command)), context);
    }

    // ---- state and how the text reaches bash

    @Test
    void directoryVariablesAndFunctionsCarryOverBetweenCalls() throws Exception {
        run("mkdir -p sub && cd sub");
        run("export GREETING=hello; shout() { echo \"${1^^}!\"; }");

        ToolResult result = run("pwd; echo $GREETING; shout hi");

        assertThat(result.isError()).isFalse();
        assertThat(result.output()).isEqualTo(workspace.resolve("sub") + "\nhello\nHI!");
    }

    @Test
    void heredocReachesBashWhole() throws Exception {
        ToolResult result = run("""
                cat > notes.txt <<'EOF'
                line one
                $NOT_EXPANDED 'single' "double" `backticks`
                EOF
                cat <<EOF
                sum=$((1 + 2))
                EOF
                cat notes.txt""");

        assertThat(result.output()).isEqualTo("sum=3\nline one\n$NOT_EXPANDED 'single' \"double\" `backticks`");
        assertThat(Files.readString(workspace.resolve("notes.txt")))
                .isEqualTo("line one\n$NOT_EXPANDED 'single' \"double\" `backticks`\n");
    }

    @Test
    void multiLineScriptWithAndChainsAndASetESubshellRunsAsOneScript() throws Exception {
        ToolResult result = run("""
                mkdir -p a/b && cd a && touch b/x && ls b
                (set -e; false; echo not-reached)
                echo "subshell status $?"
                for i in 1 2; do
                  echo "i=$i"
                done""");

        assertThat(result.output()).isEqualTo("x\nsubshell status 1\ni=1\ni=2");
        assertThat(run("pwd").output()).isEqualTo(workspace.resolve("a").toString());
    }

    @Test
    void unbalancedQuoteIsReportedByBashAndLeavesTheSessionUsable() throws Exception {
        ToolResult result = run("echo \"unterminated");

        assertThat(result.code()).isEqualTo(ErrorCode.exitCode(2));
        assertThat(result.output()).contains("unexpected EOF");
        assertThat(run("echo fine").output()).isEqualTo("fine");
    }

    @Test
    void promptDollarBeforeAOneLineCommandIsDropped() throws Exception {
        assertThat(run("$ echo hi").output()).isEqualTo("hi");
        assertThat(tool.preview(new Arguments(Map.of("command", "  $ ls -la")), context))
                .isEqualTo(new Preview.Command("bash", "ls -la"));
    }

    @Test
    void previewIsTheCommandAsBashGetsIt() {
        assertThat(tool.preview(new Arguments(Map.of("command", "ls\necho $ x")), context))
                .isEqualTo(new Preview.Command("bash", "ls\necho $ x"));
    }

    @Test
    void nulInTheCommandIsRefusedAsInvalidArguments() {
        assertThatThrownBy(() -> run("echo a\0b"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }

    // ---- output

    @Test
    void stdoutAndStderrInterleaveInTheOrderTheyWereWritten() throws Exception {
        assertThat(run("echo one; echo two >&2; echo three; echo four >&2").output())
                .isEqualTo("one\ntwo\nthree\nfour");
    }

    @Test
    void nonZeroExitIsAnExitCodeErrorThatKeepsTheOutput() throws Exception {
        ToolResult result = run("echo partial; ls /definitely/not/here");

        assertThat(result.isError()).isTrue();
        assertThat(result.code()).isEqualTo(ErrorCode.exitCode(2));
        assertThat(result.output()).startsWith("[ERROR:ExitCode:2]\npartial\nls: ")
                .contains("/definitely/not/here").endsWith("\n[exit code 2]");
        assertThat(run("(exit 7)").code()).isEqualTo(ErrorCode.exitCode(7));
    }

    @Test
    void emptyOutputSaysSo() throws Exception {
        assertThat(run("true")).isEqualTo(ToolResult.ok("(no output)"));
    }

    @Test
    void outputWithoutATrailingLineBreakIsKeptWholeAndNothingLeaksIntoTheNextCall() throws Exception {
        assertThat(run("printf 'no line break'").output()).isEqualTo("no line break");
        assertThat(run("printf ''").output()).isEqualTo("(no output)");
        assertThat(run("echo next").output()).isEqualTo("next");
    }

    @Test
    void binaryOutputIsDecodedWithReplacementCharacters() throws Exception {
        ToolResult result = run("head -c 100000 /dev/urandom; printf '\\n\\xff\\xfe end'");

        assertThat(result.isError()).isFalse();
        assertThat(result.output()).endsWith("\uFFFD\uFFFD end");
        assertThat(run("echo fine").output()).isEqualTo("fine");
    }

    @Test
    void fiveMegabytesAreCutInTheMiddleAndSavedWhole() throws Exception {
        int lines = 350_000;
        ToolResult result = run("seq -f 'line %09g' 1 " + lines);

        String output = result.output();
        assertThat(output.length()).isLessThan(context.outputLimit().maxChars() + 300);
        assertThat(output).startsWith("line 000000001\n").endsWith("line 000350000")
                .contains(" lines) cut from the middle; the whole output is in ");
        Path saved = savedFile(output);
        StringBuilder expected = new StringBuilder(lines * 15);
        for (int i = 1; i <= lines; i++) {
            expected.append(String.format("line %09d%n", i));
        }
        assertThat(Files.readString(saved)).isEqualTo(expected.toString());
        assertThat(saved.getParent()).isEqualTo(context.outputDir());
    }

    @Test
    void outputJustOverTheLimitIsCutByTheOutputLimitAndSaved() throws Exception {
        ToolResult result = run("seq 1 20000");

        assertThat(result.output()).startsWith("1\n2\n").endsWith("\n20000").contains("characters (");
        StringBuilder expected = new StringBuilder();
        for (int i = 1; i <= 20_000; i++) {
            expected.append(i).append('\n');
        }
        assertThat(Files.readString(savedFile(result.output()))).isEqualTo(expected.toString());
    }

    private static Path savedFile(String output) {
        Matcher m = Pattern.compile("the whole output is in (\\S+) …]").matcher(output);
        assertThat(m.find()).as("names the saved file: %s", output.substring(0, Math.min(200, output.length()))).isTrue();
        return Path.of(m.group(1));
    }

    /** Without end of file, cat would wait for input until the timeout stopped it. */
    @Test
    void commandReadingStdinGetsEndOfFileAtOnce() throws Exception {
        ToolResult result = run("cat; read -r line; echo \"read status $?\"");

        assertThat(result.isError()).isFalse();
        assertThat(result.output()).isEqualTo("read status 1");
    }

    @Test
    void redirectingTheShellsOwnOutputLastsOnlyForThatCommand() throws Exception {
        assertThat(run("exec >/dev/null 2>&1; echo hidden").output()).isEqualTo("(no output)");
        assertThat(run("echo visible; echo also >&2").output()).isEqualTo("visible\nalso");
    }

    // ---- stopping

    /** The command waits on a gate nobody opens: it ends only because the timeout stopped it. */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void timeoutStopsTheCommandAndItsBackgroundChildButKeepsTheSession() throws Exception {
        run("mkdir -p kept && cd kept && export MARK=still-here && mkfifo gate");

        MarkedProcesses background = new MarkedProcesses();

        ToolResult result = run("echo before; " + background.prefix() + "sleep 100 & read -r _ < gate; echo not-reached");

        assertThat(result.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(result.output()).contains("before").doesNotContain("not-reached")
                .endsWith("[timed out after 1 s: the command was stopped; the shell keeps its working directory and variables]");
        assertThat(background.running()).isEmpty();
        assertThat(run("pwd; echo $MARK").output()).isEqualTo(workspace.resolve("kept") + "\nstill-here");
    }

    @Test
    void timeoutLeavesBackgroundJobsOfEarlierCommandsRunning() throws Exception {
        MarkedProcesses earlier = new MarkedProcesses();
        run(earlier.background("sleep 30"));
        assertThat(earlier.running()).hasSize(1);

        assertThat(run("sleep 100").code()).isEqualTo(ErrorCode.TIMEOUT);

        assertThat(earlier.running()).hasSize(1);
    }

    @Test
    void busyLoopInTheShellItselfIsStoppedWithoutLosingState() throws Exception {
        ToolResult result = run("LOOPED=yes; while :; do :; done");

        assertThat(result.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(result.output()).contains("the shell keeps its working directory");
        assertThat(run("echo $LOOPED").output()).isEqualTo("yes");
    }

    /** The program ignores SIGINT and waits on a gate nobody opens: only a kill ends it. */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void programThatIgnoresInterruptsIsKilledAtTheTimeout() throws Exception {
        ToolResult result = run("mkfifo gate; export KEPT=1; bash -c 'trap \"\" INT; read -r _ < gate'");

        assertThat(result.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(run("echo $KEPT").output()).isEqualTo("1");
    }

    @Test
    void shellThatTrapsInterruptsIsKilledAndTheResultSaysTheStateIsLost() throws Exception {
        run("export BEFORE=1; trap 'echo caught' INT");

        ToolResult result = run("while :; do :; done");

        assertThat(result.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(result.output()).contains("the shell did not stop, so it was killed")
                .contains("the working directory, variables and functions of earlier commands are gone");
        assertThat(run("echo ${BEFORE:-unset}").output()).isEqualTo("unset");
    }

    /** The command waits on a gate nobody opens: it ends only because the interrupt stopped it. */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void interruptingTheCallerCancelsTheCommandButNotTheSession() throws Exception {
        ShellTool patient = new ShellTool(ShellSettings.fromEnvironment(System.getenv()).withTimeout(Duration.ofMinutes(1)));
        try {
            run(patient, "export KEEP=yes; mkfifo started gate");
            AtomicReference<ToolResult> result = new AtomicReference<>();
            AtomicBoolean stillInterrupted = new AtomicBoolean();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    result.set(run(patient, "echo started; echo > started; read -r _ < gate"));
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            Files.readString(workspace.resolve("started")); // returns once the command is running

            caller.interrupt();
            caller.join();

            assertThat(result.get().code()).isEqualTo(ErrorCode.CANCELED);
            assertThat(result.get().output()).contains("started").contains("the command was stopped");
            assertThat(stillInterrupted).isTrue();
            assertThat(run(patient, "echo $KEEP").output()).isEqualTo("yes");
        } finally {
            patient.close();
        }
    }

    @Test
    void plainBashWithoutSetsidStillStopsCommandsAndRestartsWhenItMust() throws Exception {
        ShellTool plain = new ShellTool(ShellSettings.fromEnvironment(System.getenv()).withTimeout(TIMEOUT).withInteractive(false));
        try {
            run(plain, "export KEEP=yes");
            assertThat(run(plain, "sleep 100").code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(run(plain, "echo $KEEP").output()).isEqualTo("yes");

            ToolResult loop = run(plain, "while :; do :; done");

            assertThat(loop.output()).contains("so it was killed");
            assertThat(run(plain, "echo ${KEEP:-unset}").output()).isEqualTo("unset");
        } finally {
            plain.close();
        }
    }

    // ---- the session's life

    @Test
    void exitEndsTheSessionAndTheNextCallRunsInAFreshOneThatSaysSo() throws Exception {
        run("mkdir -p deep && cd deep && export LOST=1");

        ToolResult exit = run("echo bye; exit 3");

        assertThat(exit.code()).isEqualTo(ErrorCode.exitCode(3));
        assertThat(exit.output()).contains("bye").contains("the shell exited with status 3");
        ToolResult next = run("pwd; echo \"LOST=${LOST:-unset}\"");
        assertThat(next.isError()).isFalse();
        assertThat(next.output()).startsWith("[a fresh shell in " + workspace)
                .endsWith(workspace + "\nLOST=unset");
        assertThat(run("echo again").output()).isEqualTo("again");
    }

    /**
     * The first call holds the shell until the test opens its gate; the second is made meanwhile
     * and must wait for it, then get its own output only.
     */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void callsMadeAtTheSameTimeRunOneAfterAnother() throws Exception {
        run("mkfifo started gate");
        AtomicReference<ToolResult> firstResult = new AtomicReference<>();
        AtomicReference<ToolResult> secondResult = new AtomicReference<>();
        Thread first = Thread.ofVirtual().start(() -> firstResult.set(runUnchecked(
                "echo start >> log; echo > started; read -r _ < gate; echo end >> log; echo first")));
        Files.readString(workspace.resolve("started")); // returns once the first command is running
        Thread second = Thread.ofVirtual().start(() -> secondResult.set(runUnchecked("echo other >> log; echo second")));
        awaitParked(second);

        Files.writeString(workspace.resolve("gate"), "go\n");
        first.join();
        second.join();

        assertThat(Files.readAllLines(workspace.resolve("log"))).containsExactly("start", "end", "other");
        assertThat(firstResult.get().output()).isEqualTo("first");
        assertThat(secondResult.get().output()).isEqualTo("second");
    }

    private ToolResult runUnchecked(String command) {
        try {
            return run(command);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Waits until {@code thread} is parked: here, on the shell's lock behind the running call. */
    private static void awaitParked(Thread thread) throws InterruptedException {
        while (thread.getState() != Thread.State.WAITING) {
            assertThat(thread.isAlive()).as("the second call is still waiting").isTrue();
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    @Test
    void closeEndsTheShellAndItsBackgroundJobsForGood() throws Exception {
        MarkedProcesses job = new MarkedProcesses();
        run(job.background("sleep 60"));
        assertThat(job.running()).hasSize(1);

        tool.close();

        assertThat(job.running()).isEmpty();
        assertThatThrownBy(() -> run("true"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.UNAVAILABLE));
    }

    // ---- environment and availability

    @Test
    void environmentKeepsProgramsFromPagingAndHidesProviderKeys() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PAGER", "less");
        env.put("SOME_PROVIDER_API_KEY", "sk-not-for-the-model");
        ShellTool shell = new ShellTool(ShellSettings.fromEnvironment(env).withTimeout(TIMEOUT));
        try {
            ToolResult result = run(shell, "echo $PAGER $GIT_PAGER $TERM $NO_COLOR; env | grep -c sk-not-for-the-model || true");

            assertThat(result.output()).startsWith("cat cat dumb 1\n0");
        } finally {
            shell.close();
        }
    }

    @Test
    void withoutBashOnThePathTheToolIsUnavailableAndSaysWhy() {
        ShellTool shell = new ShellTool(ShellSettings.fromEnvironment(Map.of("PATH", workspace.toString())));

        assertThat(shell.unavailable()).hasValueSatisfying(why -> assertThat(why).contains("bash was not found"));
        assertThatThrownBy(() -> run(shell, "true"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.UNAVAILABLE));
    }

    @Test
    void timeoutComesFromTheEnvironmentAsADuration() {
        assertThat(ShellSettings.fromEnvironment(Map.of("ROSETTA_SHELL_TIMEOUT", "90")).timeout())
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(ShellSettings.fromEnvironment(Map.of("ROSETTA_SHELL_TIMEOUT", "1.5")).timeout())
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(ShellSettings.fromEnvironment(Map.of("ROSETTA_SHELL_TIMEOUT", "2m30s")).timeout())
                .isEqualTo(Duration.ofSeconds(150));
        assertThat(ShellSettings.fromEnvironment(Map.of("ROSETTA_SHELL_TIMEOUT", " ")).timeout())
                .isEqualTo(ShellSettings.DEFAULT_TIMEOUT);
        assertThat(ShellSettings.fromEnvironment(Map.of()).timeout()).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void aTimeoutThatIsNotADurationIsAnErrorNamingTheVariable() {
        for (String bad : List.of("soon", "-3", "0", "NaN", "5d")) {
            assertThatThrownBy(() -> ShellSettings.fromEnvironment(Map.of("ROSETTA_SHELL_TIMEOUT", bad)))
                    .as(bad).isInstanceOf(RosettaException.class)
                    .hasMessageStartingWith("ROSETTA_SHELL_TIMEOUT: '" + bad + "' is ");
        }
    }

}
