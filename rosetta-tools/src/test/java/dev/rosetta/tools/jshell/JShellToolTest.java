package dev.rosetta.tools.jshell;

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

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
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
 * The jshell tool against a real JShell host JVM. One session is shared by the tests that don't
 * depend on a fresh one; those that time out, exit or count snippets get their own.
 */
class JShellToolTest {

    private static final ReplTimeouts ROOMY = new ReplTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(3));
    private static final ReplTimeouts SHORT = new ReplTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1));

    @TempDir
    static Path workspace;

    private static ToolContext context;
    private static JShellTool shared;

    @BeforeAll
    static void startSession() {
        context = ToolContext.in(workspace);
        shared = new JShellTool(JShellTool.currentJava(), ROOMY);
        shared.preview(new Arguments(Map.of("code", "")), context); // starts the JVM while the first tests set up
    }

    @AfterAll
    static void stopSession() {
        shared.close();
        context.sandbox().close();
    }

    private static ToolResult run(JShellTool tool, String code) throws Exception {
        return tool.run(new Arguments(Map.of("code", code)), context);
    }

    @Test
    void freshSessionAnswersTheDeclaredExampleAndKeepsState() throws Exception {
        try (JShellTool tool = new JShellTool(JShellTool.currentJava(), ROOMY)) {
            ToolUse example = BuiltinTools.JSHELL.examples().getFirst().use();

            assertThat(run(tool, example.content()).output()).isEqualTo("$2 ==> 359\n");
            assertThat(run(tool, """
                    record Point(int x, int y) {}
                    int scale = 3;
                    Point scaled(Point p) { return new Point(p.x() * scale, p.y() * scale); }
                    """).output()).isEqualTo("|  created record Point\nscale ==> 3\n|  created method scaled(Point)\n");
            assertThat(run(tool, "scaled(new Point(1, 2))").output()).isEqualTo("$6 ==> Point[x=3, y=6]\n");
            assertThat(run(tool, "LocalDate.of(2024, 2, 29).plusYears(1)").output()).isEqualTo("$7 ==> 2025-02-28\n");
            assertThat(run(tool, "/vars\n/methods\n/types\n/list").output()).isEqualTo("""
                    |    long $2 = 359
                    |    int scale = 3
                    |    Point $6 = Point[x=3, y=6]
                    |    LocalDate $7 = 2025-02-28
                    |    Point scaled(Point)
                    |    record Point
                       1 : import java.time.*;
                       2 : java.time.temporal.ChronoUnit.DAYS.between(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 25))
                       3 : record Point(int x, int y) {}
                       4 : int scale = 3;
                       5 : Point scaled(Point p) { return new Point(p.x() * scale, p.y() * scale); }
                       6 : scaled(new Point(1, 2))
                       7 : LocalDate.of(2024, 2, 29).plusYears(1)
                    """);
        }
    }

    @Test
    void unsupportedJShellCommandIsInvalidArgsAndCommentsAreNotCommands() throws Exception {
        ToolResult reset = run(shared, "/reset");
        ToolResult comment = run(shared, "// just a comment\n/* and another */\n1 + 2");

        assertThat(reset.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(reset.output()).contains("/reset is not available here", "/vars, /methods");
        assertThat(comment.output()).matches("\\$\\d+ ==> 3\n");
    }

    @Test
    void valuesAndDeclarationsAreReportedAsJShellDoes() throws Exception {
        ToolResult result = run(shared, """
                int x = 5
                int twice(int n) { return 2 * n; }
                int twice(int n) { return n + n; }
                long twice(int n) { return n * 2L; }
                class Box { String label = "box"; }
                interface Shape {}
                x = (int) twice(x)
                "done"
                """);

        assertThat(result.isError()).isFalse();
        assertThat(result.output()).matches("""
                x ==> 5
                \\|  created method twice\\(int\\)
                \\|  modified method twice\\(int\\)
                \\|  replaced method twice\\(int\\)
                \\|  created class Box
                \\|  created interface Shape
                x ==> 10
                \\$\\d+ ==> "done"
                """);
    }

    @Test
    void printedOutputInterleavesWithValues() throws Exception {
        ToolResult result = run(shared, """
                System.out.println("first");
                6 * 7
                System.err.println("second"); System.out.print("third")
                """);

        assertThat(result.output()).matches("first\n\\$\\d+ ==> 42\nsecond\nthird");
    }

    @Test
    void severalSnippetsOnOneLineAndDefaultImportsWork() throws Exception {
        ToolResult result = run(shared, "var names = new ArrayList<String>(); names.add(\"b\"); names.add(\"a\"); Collections.sort(names); names");

        assertThat(result.output()).endsWith("names ==> [a, b]\n");
    }

    @Test
    void compileErrorIsInvalidArgsWithItsLineAndCaretAndStopsTheCall() throws Exception {
        ToolResult result = run(shared, """
                int before = 1;
                int broken = undefinedName + 1;
                int after = 2;
                """);

        assertThat(result.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(result.output())
                .startsWith("[ERROR:InvalidArgs]")
                .contains("before ==> 1\nerror at line 2, column 14: cannot find symbol", "symbol:   variable undefinedName",
                        "    int broken = undefinedName + 1;\n                 ^\n",
                        "did not run")
                .doesNotContain("location: class", "after ==>");
        assertThat(run(shared, "after").code()).isEqualTo(ErrorCode.INVALID_ARGS);
    }

    @Test
    void incompleteCodeIsInvalidArgs() throws Exception {
        ToolResult result = run(shared, "void unfinished() {\n  System.out.println(1);\n");

        assertThat(result.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(result.output()).contains("error at line 2", "reached end of file while parsing");
    }

    @Test
    void exceptionIsExitCode1WithTheStackOfTheUsersCode() throws Exception {
        ToolResult result = run(shared, """
                int parse(String s) {
                    return Integer.parseInt(s);
                }
                System.out.println("parsing");
                parse("forty-two")
                """);

        assertThat(result.code()).isEqualTo(ErrorCode.exitCode(1));
        assertThat(result.output())
                .contains("parsing\n", "java.lang.NumberFormatException: For input string: \"forty-two\"",
                        "\tat java.lang.Integer.parseInt(Integer.java:", "\tat parse (line 2)\n", "\tat (line 5)\n")
                .doesNotContain("jdk.jshell", "DirectExecutionControl", "do_it$", "java.base/");
    }

    @Test
    void exceptionCausesAreShown() throws Exception {
        ToolResult result = run(shared, "throw new RuntimeException(\"outer\", new java.io.IOException(\"inner\"))");

        assertThat(result.output()).contains("java.lang.RuntimeException: outer", "Caused by: java.io.IOException: inner");
    }

    @Test
    void callingAMethodWhoseDependencyIsMissingIsInvalidArgs() throws Exception {
        ToolResult declared = run(shared, "int needsHelper() { return helper(); }");
        ToolResult called = run(shared, "needsHelper()");

        assertThat(declared.output()).isEqualTo(
                "|  created method needsHelper(), however, it cannot be invoked until method helper() is declared\n");
        assertThat(called.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(called.output()).contains("attempted to use method needsHelper() which cannot be invoked until method helper() is declared");
    }

    @Test
    void readingSystemInGetsEndOfFile() throws Exception {
        assertThat(run(shared, "System.in.read()").output()).matches("\\$\\d+ ==> -1\n");
    }

    @Test
    void unicodeOutputSurvives() throws Exception {
        ToolResult result = run(shared, "System.out.println(\"héllo wörld ✓ 🎉 日本\"); \"ça\"");

        assertThat(result.output()).matches("héllo wörld ✓ 🎉 日本\n\\$\\d+ ==> \"ça\"\n");
    }

    @Test
    void largeOutputIsCutAndSavedWhole(@TempDir Path outputs) throws Exception {
        ToolContext small = new ToolContext(workspace, false, new OutputLimit(2_000, 500, 1_000), outputs);

        ToolResult result = shared.run(new Arguments(Map.of("code",
                "for (int i = 0; i < 100_000; i++) System.out.println(\"line \" + i);")), small);

        assertThat(result.output()).startsWith("line 0\n").endsWith("line 99999\n").contains("cut from the middle");
        try (var saved = Files.list(outputs)) {
            assertThat(Files.readString(saved.findFirst().orElseThrow())).contains("line 50000\n");
        }
    }

    /** The snippet says it is running through a FIFO the test reads, so the interrupt comes while it sleeps. */
    @Test
    @Timeout(120) // a hang guard, not a measurement
    void interruptingTheCallingThreadStopsTheSnippetOnly() throws Exception {
        run(shared, "String survivor = \"still here\";");
        Path started = workspace.resolve("jshell-sleep-started");
        assertThat(new ProcessBuilder("mkfifo", started.toString()).start().waitFor()).isZero();
        AtomicReference<ToolResult> result = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                result.set(run(shared, "System.out.println(\"sleeping\"); Files.writeString(Path.of(\""
                        + started.getFileName() + "\"), \"started\"); Thread.sleep(60_000);"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        Files.readString(started); // returns once the snippet has written it
        caller.interrupt();
        caller.join();

        assertThat(result.get().code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(result.get().output()).contains("sleeping", "canceled", "are kept");
        assertThat(run(shared, "survivor").output()).isEqualTo("survivor ==> \"still here\"\n");
    }

    @Test
    void timeoutStopsTheSnippetAndKeepsTheState() throws Exception {
        try (JShellTool tool = new JShellTool(JShellTool.currentJava(), SHORT)) {
            run(tool, "int kept = 7;");

            ToolResult loop = run(tool, "while (true) {}");

            assertThat(loop.code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(loop.output()).contains("longer than 1 s", "are kept");
            assertThat(run(tool, "kept + 1").output()).isEqualTo("$3 ==> 8\n");
        }
    }

    @Test
    void snippetThatSurvivesStopIsKilledAndTheNextCallGetsAFreshSession() throws Exception {
        try (JShellTool tool = new JShellTool(JShellTool.currentJava(), SHORT)) {
            run(tool, "int doomed = 1;");

            // a platform thread blocked in accept() ignores interrupts, so JShell.stop() cannot end it
            ToolResult stuck = run(tool, "new java.net.ServerSocket(0).accept()");

            assertThat(stuck.code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(stuck.output()).contains("was killed", "lost");
            assertThat(run(tool, "doomed").code()).isEqualTo(ErrorCode.INVALID_ARGS);
            assertThat(run(tool, "1 + 1").output()).isEqualTo("$2 ==> 2\n");
        }
    }

    @Test
    void systemExitEndsTheSessionNotRosettaAndTheNextCallWorks() throws Exception {
        try (JShellTool tool = new JShellTool(JShellTool.currentJava(), ROOMY)) {
            run(tool, "int gone = 1;");

            ToolResult exit = run(tool, "System.out.println(\"bye\"); System.exit(1);");

            assertThat(exit.code()).isEqualTo(ErrorCode.exitCode(1));
            assertThat(exit.output()).contains("bye", "JShell session exited with status 1", "fresh JShell session", "lost");
            assertThat(run(tool, "gone").code()).isEqualTo(ErrorCode.INVALID_ARGS);
            assertThat(run(tool, "40 + 2").output()).isEqualTo("$2 ==> 42\n");
        }
    }

    @Test
    void missingJavaMakesTheToolUnavailable() throws Exception {
        try (JShellTool tool = new JShellTool(Path.of("/no/such/jdk/bin/java"), ROOMY);
                Toolbox toolbox = new Toolbox(List.of(tool), context, Confirmation.ALWAYS)) {

            assertThat(tool.unavailable()).contains("no java launcher at /no/such/jdk/bin/java");
            assertThat(toolbox.offered().tools()).isEmpty();
            assertThatThrownBy(() -> run(tool, "1")).isInstanceOfSatisfying(ToolFailure.class,
                    f -> assertThat(f.code()).isEqualTo(ErrorCode.UNAVAILABLE));
        }
    }

    @Test
    void previewIsTheJavaCode() {
        Preview preview = shared.preview(new Arguments(Map.of("code", "1 + 1")), context);

        assertThat(preview).isEqualTo(new Preview.Command("java", "1 + 1"));
    }
}
