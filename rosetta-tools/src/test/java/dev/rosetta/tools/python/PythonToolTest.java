package dev.rosetta.tools.python;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.repl.ReplTimeouts;

/**
 * The ipython tool against a real python3, in both engines (IPython's shell when it is
 * installed, plain Python always). One interpreter per engine is shared by the tests that
 * don't care about state; the ones that kill or time out get their own.
 */
class PythonToolTest {

    private static final ReplTimeouts ROOMY = new ReplTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(2));
    private static final ReplTimeouts SHORT = new ReplTimeouts(Duration.ofSeconds(1), Duration.ofMillis(500));

    @TempDir
    static Path workspace;

    private static ToolContext context;
    private static PythonTool plain;
    private static PythonTool auto;

    @BeforeAll
    static void startInterpreters() {
        MachineRequirement.require(new PythonTool().unavailable().isEmpty(), "python3 is not installed (apt-get install python3)");
        context = ToolContext.in(workspace);
        plain = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN, ROOMY);
        auto = new PythonTool(List.of("python3"), PythonTool.Engine.AUTO, ROOMY);
    }

    @AfterAll
    static void stopInterpreters() {
        if (plain != null) {
            plain.close();
            auto.close();
            context.sandbox().close();
        }
    }

    private static PythonTool shared(PythonTool.Engine engine) {
        return engine == PythonTool.Engine.PLAIN ? plain : auto;
    }

    private static ToolResult run(PythonTool tool, String code) throws Exception {
        return tool.run(new Arguments(Map.of("code", code)), context);
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void variablesImportsFunctionsAndClassesCarryOver(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);
        assertThat(run(tool, """
                import math
                radius = 2
                def area(r):
                    return math.pi * r * r
                class Circle:
                    def __init__(self, r):
                        self.r = r
                """).isError()).isFalse();

        ToolResult later = run(tool, "round(area(radius), 3), Circle(5).r, math.floor(2.7)");

        assertThat(later.isError()).isFalse();
        assertThat(later.output()).isEqualTo("(12.566, 5, 2)");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void trailingExpressionValueIsTheResult(PythonTool.Engine engine) throws Exception {
        assertThat(run(shared(engine), "2 ** 100").output()).isEqualTo("1267650600228229401496703205376");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void printedOutputOfBothStreamsComesBeforeTheValue(PythonTool.Engine engine) throws Exception {
        ToolResult result = run(shared(engine), """
                import sys
                print("to stdout")
                print("to stderr", file=sys.stderr)
                "the value"
                """);

        assertThat(result.output()).isEqualTo("to stdout\nto stderr\n'the value'");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void codeWithoutOutputOrValueSaysSo(PythonTool.Engine engine) throws Exception {
        assertThat(run(shared(engine), "unused = None").output()).isEqualTo("(no output)");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void exceptionIsExitCode1WithTracebackOfUserFramesOnly(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);
        run(tool, "def explode():\n    return 1 / 0\n");

        ToolResult result = run(tool, "print('before')\nexplode()");

        assertThat(result.code()).isEqualTo(ErrorCode.exitCode(1));
        assertThat(result.output())
                .startsWith("[ERROR:ExitCode:1]")
                .contains("before\nTraceback (most recent call last):")
                .contains("return 1 / 0")
                .endsWith("ZeroDivisionError: division by zero\n")
                .doesNotContain("driver", "run_cell", "interactiveshell", "<string>", "eval(");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void syntaxErrorIsInvalidArgsAndRunsNothing(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);

        ToolResult result = run(tool, "print('never')\nx = = 1");

        assertThat(result.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(result.output()).contains("x = = 1", "SyntaxError").doesNotContain("never");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void osErrorsCarryTheirErrno(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);
        Files.writeString(workspace.resolve("a-file"), "x");

        assertThat(run(tool, "open('no-such-file.txt')").code()).isEqualTo(ErrorCode.ENOENT);
        assertThat(run(tool, "open('.')").code()).isEqualTo(ErrorCode.EISDIR);
        assertThat(run(tool, "open('a-file/inside')").code()).isEqualTo(ErrorCode.ENOTDIR);
        assertThat(run(tool, "import os; os.mkdir('.')").code()).isEqualTo(ErrorCode.EEXIST);
        // root may open anything, so the permission error is raised rather than provoked
        assertThat(run(tool, "import errno; raise PermissionError(errno.EACCES, 'no')").code()).isEqualTo(ErrorCode.EACCES);
        assertThat(run(tool, "import errno; raise OSError(errno.EPIPE, 'pipe')").code()).isEqualTo(ErrorCode.exitCode(1));
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void sysExitIsItsExitCodeAndKeepsTheInterpreter(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);
        run(tool, "kept = 'yes'");

        ToolResult exit = run(tool, "import sys; sys.exit(3)");

        assertThat(exit.code()).isEqualTo(ErrorCode.exitCode(3));
        assertThat(exit.output()).contains("SystemExit: 3");
        assertThat(run(tool, "import sys; sys.exit('bad input')").code()).isEqualTo(ErrorCode.exitCode(1));
        assertThat(run(tool, "import sys; sys.exit(0)").isError()).isFalse();
        assertThat(run(tool, "kept").output()).isEqualTo("'yes'");
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void readingStdinGetsEndOfFile(PythonTool.Engine engine) throws Exception {
        PythonTool tool = shared(engine);

        ToolResult input = run(tool, "input('name? ')");
        ToolResult read = run(tool, "import sys; sys.stdin.read()");

        assertThat(input.output()).contains("EOFError");
        assertThat(read.output()).isEqualTo("''");
    }

    @Test
    void childProcessOutputIsCapturedToo() throws Exception {
        ToolResult result = run(plain, "import subprocess; subprocess.run(['echo', 'from a child']).returncode");

        assertThat(result.output()).isEqualTo("from a child\n0");
    }

    @Test
    void forkedChildThatReturnsNeverAnswersInTheDriversPlace() throws Exception {
        ToolResult forked = run(plain, "import os, time\nchild = os.fork()\nif child: time.sleep(0.3)\n'child' if child == 0 else 'parent'");

        assertThat(forked.output()).isEqualTo("'parent'");
        assertThat(run(plain, "'next'").output()).isEqualTo("'next'");
    }

    @Test
    void unicodeSurvivesAndInvalidBytesAreReplaced() throws Exception {
        ToolResult result = run(plain, """
                import os
                print('héllo wörld ✓ 🎉')
                os.write(1, b'bad \\xff\\xfe bytes\\n')
                '日本'
                """);

        assertThat(result.output()).isEqualTo("héllo wörld ✓ 🎉\nbad \uFFFD\uFFFD bytes\n'日本'");
    }

    @Test
    void ipythonRunsWhenInstalled() throws Exception {
        MachineRequirement.require(run(plain, "import importlib.util; importlib.util.find_spec('IPython') is not None")
                .output().equals("True"), "IPython is not installed for python3 (pip install ipython)");

        ToolResult magic = run(auto, "%time squares = [n * n for n in range(10)]\nsquares[-1]");

        assertThat(magic.output()).contains("Wall time").endsWith("81");
    }

    @Test
    void largeOutputIsCutAndSavedWhole(@TempDir Path outputs) throws Exception {
        ToolContext small = new ToolContext(workspace, false, new OutputLimit(2_000, 500, 1_000), outputs);

        ToolResult result = plain.run(new Arguments(Map.of("code", "for i in range(100000): print('line', i)")), small);

        assertThat(result.output()).startsWith("line 0\n").endsWith("line 99999\n").contains("cut from the middle");
        try (var saved = Files.list(outputs)) {
            Path file = saved.findFirst().orElseThrow();
            assertThat(file.getFileName().toString()).startsWith("ipython-");
            assertThat(Files.readString(file)).contains("line 50000\n");
        }
    }

    @ParameterizedTest
    @EnumSource(PythonTool.Engine.class)
    void timeoutInterruptsTheCodeAndKeepsTheState(PythonTool.Engine engine) throws Exception {
        try (PythonTool tool = new PythonTool(List.of("python3"), engine, SHORT)) {
            run(tool, "x = 41");

            ToolResult loop = run(tool, "print('looping')\nwhile True: pass");

            assertThat(loop.code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(loop.output()).contains("looping", "KeyboardInterrupt", "longer than 1 s", "variables, imports and functions are kept");
            assertThat(run(tool, "x + 1").output()).isEqualTo("42");
        }
    }

    @Test
    void codeThatIgnoresTheInterruptIsKilledAndTheNextCallStartsFresh() throws Exception {
        try (PythonTool tool = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN, SHORT)) {
            run(tool, "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN); x = 1");

            ToolResult stuck = run(tool, "while True: pass");

            assertThat(stuck.code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(stuck.output()).contains("was killed", "lost");
            assertThat(run(tool, "'x' in globals()").output()).isEqualTo("False");
        }
    }

    /** The code says it is running through a FIFO the test reads, so the interrupt comes while it sleeps. */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void interruptingTheCallingThreadCancelsTheCodeOnly() throws Exception {
        run(plain, "survivor = 'still here'");
        Path started = fifo("python-sleep-started");
        AtomicReference<ToolResult> result = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                result.set(run(plain, "import time\nprint('sleeping')\nopen('" + started.getFileName() + "', 'w').close()\ntime.sleep(60)"));
                flag.set(Thread.currentThread().isInterrupted());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        Files.readString(started); // returns once the code has opened and closed it
        caller.interrupt();
        caller.join();

        assertThat(result.get().code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(result.get().output()).contains("sleeping", "KeyboardInterrupt", "canceled");
        assertThat(flag.get()).as("the interrupt is passed on").isTrue();
        assertThat(run(plain, "survivor").output()).isEqualTo("'still here'");
    }

    /** A FIFO in the workspace: a latch between the test and code in the interpreter. */
    static Path fifo(String name) throws Exception {
        Path fifo = workspace.resolve(name);
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        return fifo;
    }

    @Test
    void interpreterThatExitsIsReportedAndReplaced() throws Exception {
        try (PythonTool tool = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN, ROOMY)) {
            run(tool, "doomed = 1");

            ToolResult exit = run(tool, "print('last words')\nimport os; os._exit(3)");

            assertThat(exit.code()).isEqualTo(ErrorCode.exitCode(3));
            assertThat(exit.output()).contains("last words", "exited with status 3", "lost");
            assertThat(run(tool, "'doomed' in globals(), 6 * 7").output()).isEqualTo("(False, 42)");
        }
    }

    @Test
    void interpreterThatDiesBetweenCallsIsReplacedAndTheNextResultSaysSo() throws Exception {
        try (PythonTool tool = new PythonTool(List.of("python3"), PythonTool.Engine.PLAIN, ROOMY)) {
            Path gate = fifo("python-exit-gate");
            run(tool, "import os, threading\n"
                    + "threading.Thread(target=lambda: (open('" + gate.getFileName() + "').read(), os._exit(5))).start()");
            // its pid as the test sees it: inside the sandbox the interpreter has a pid of its own
            ProcessHandle interpreter = tool.process().orElseThrow();
            Files.writeString(gate, "exit now\n"); // the interpreter's thread reads it, then exits
            interpreter.onExit().get();

            ToolResult next = run(tool, "'os' in globals(), 6 * 7");

            assertThat(next.isError()).isFalse();
            assertThat(next.output()).isEqualTo("(The previous interpreter exited with status 5 after the last call, so this"
                    + " code ran in a fresh one: the variables, imports and functions defined before are gone.)\n(False, 42)");
        }
    }

    @Test
    void missingInterpreterMakesTheToolUnavailable() throws Exception {
        try (PythonTool tool = new PythonTool(List.of("python3-that-does-not-exist"), PythonTool.Engine.AUTO, ROOMY);
                Toolbox toolbox = new Toolbox(List.of(tool), context, Confirmation.ALWAYS)) {

            assertThat(tool.unavailable()).contains("python3-that-does-not-exist not found on PATH");
            assertThat(toolbox.offered().tools()).isEmpty();
            assertThat(toolbox.execute(ToolUse.positional("ipython", List.of(), "1")).code())
                    .isEqualTo(ErrorCode.UNAVAILABLE);
            assertThatThrownBy(() -> run(tool, "1")).isInstanceOfSatisfying(ToolFailure.class,
                    f -> assertThat(f.code()).isEqualTo(ErrorCode.UNAVAILABLE));
        }
    }

    @Test
    void interpreterThatFailsToStartIsUnavailableWithItsComplaint() throws Exception {
        // sh runs its -c script; the driver arguments appended after it are ignored
        try (PythonTool tool = new PythonTool(List.of("sh", "-c", "echo broken python >&2; exit 4"),
                PythonTool.Engine.AUTO, ROOMY)) {

            ToolResult result = run(tool, "1");

            assertThat(result.code()).isEqualTo(ErrorCode.UNAVAILABLE);
            assertThat(result.output()).contains("failed to start", "exit status 4", "broken python");
        }
    }

    @Test
    void previewIsThePythonCode() throws Exception {
        Preview preview = plain.preview(new Arguments(Map.of("code", "print(1)")), context);

        assertThat(preview).isEqualTo(new Preview.Command("python", "print(1)"));
    }
}
