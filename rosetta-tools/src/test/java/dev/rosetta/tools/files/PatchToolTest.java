package dev.rosetta.tools.files;

import static dev.rosetta.tools.files.Calls.hunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolFailure;

class PatchToolTest {

    @TempDir
    Path dir;

    private static final String APP = """
            def add(a, b):
                return a + b


            def sub(a, b):
                return a - b
            """;

    @Test
    void anExactMatchIsReplaced() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        ToolResult r = calls.patch("app.py", hunk("    return a - b\n", "    return a - b  # difference\n"));
        assertThat(r.output()).isEqualTo("Patched app.py: 1 hunk, +1 -1 lines");
        assertThat(calls.text("app.py")).isEqualTo(APP.replace("a - b\n", "a - b  # difference\n"));
    }

    @Test
    void trailingWhitespaceInTheFileIsTolerated() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", "x = 1   \ny = 2\t\n");
        ToolResult r = calls.patch("app.py", hunk("x = 1\ny = 2\n", "x = 10\ny = 20\n"));
        assertThat(r.output()).isEqualTo("Patched app.py: 1 hunk, +2 -2 lines\nNote: the hunk matched ignoring trailing"
                + " whitespace.");
        assertThat(calls.text("app.py")).isEqualTo("x = 10\ny = 20\n");
    }

    @Test
    void aHunkWrittenWithLessIndentationMatchesAndIsReindented() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", """
                class Calc:
                    def add(self, a, b):
                        return a + b
                """);
        ToolResult r = calls.patch("app.py", hunk("""
                def add(self, a, b):
                    return a + b
                """, """
                def add(self, a, b):
                    if a is None:
                        raise ValueError("a")
                    return a + b
                """));
        assertThat(r.output()).isEqualTo("Patched app.py: 1 hunk, +2 -0 lines\nNote: the hunk matched ignoring"
                + " indentation; its UPDATED lines were indented by 4 spaces more to fit the file.");
        assertThat(calls.text("app.py")).isEqualTo("""
                class Calc:
                    def add(self, a, b):
                        if a is None:
                            raise ValueError("a")
                        return a + b
                """);
    }

    @Test
    void spacesInTheHunkForTabsInTheFileBecomeTabs() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("main.go", "func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n");
        calls.patch("main.go", hunk("    if ok {\n        run()\n    }\n", "    if ok {\n        run()\n        stop()\n    }\n"));
        assertThat(calls.text("main.go")).isEqualTo("func main() {\n\tif ok {\n\t\trun()\n\t\tstop()\n\t}\n}\n");
    }

    @Test
    void noMatchQuotesTheClosestRegionWithLineNumbers() throws Exception {
        Calls calls = new Calls(dir);
        String file = IntStream.rangeClosed(1, 200).mapToObj(i -> "value_" + i + " = compute(" + i + ")")
                .collect(Collectors.joining("\n", "", "\n"));
        calls.write("values.py", file);
        ToolResult r = calls.patch("values.py", hunk("""
                value_120 = compute(120)
                value_121 = compute(121, fast=True)
                value_122 = compute(122)
                """, "value_120 = 0\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).isEqualTo("""
                [ERROR:InvalidArgs] patch not applied: the hunk failed: its ORIGINAL lines are not in values.py, not \
                even ignoring whitespace and indentation. The closest region is lines 120-122 (92% alike). The first \
                line that differs is ORIGINAL line 2:
                  ORIGINAL: value_121 = compute(121, fast=True)
                  file 121:   value_121 = compute(121)
                The file's lines 120-122:
                120\tvalue_120 = compute(120)
                121\tvalue_121 = compute(121)
                122\tvalue_122 = compute(122)

                Copy the ORIGINAL lines exactly as the file has them (read the file if unsure).
                The file is unchanged.""");
        assertThat(calls.text("values.py")).isEqualTo(file);
    }

    @Test
    void anAmbiguousMatchNamesItsLineNumbers() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.py", "x = 1\nprint(x)\n\nx = 1\nprint(x)\n\nx = 1\n");
        ToolResult r = calls.patch("a.py", hunk("x = 1\n", "x = 2\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("its ORIGINAL lines occur 3 times in a.py, starting at lines 1, 4, 7.")
                .contains("Add neighbouring lines");
    }

    @Test
    void whenOneHunkFailsNoneIsAppliedAndTheErrorSaysWhich() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        byte[] before = Files.readAllBytes(dir.resolve("app.py"));
        ToolResult r = calls.patch("app.py", hunk("def add(a, b):\n", "def plus(a, b):\n")
                + hunk("def mul(a, b):\n", "def times(a, b):\n")
                + hunk("def sub(a, b):\n", "def minus(a, b):\n"));
        assertThat(r.output()).startsWith("[ERROR:InvalidArgs] patch not applied: hunk 2 of 3 failed: its ORIGINAL"
                + " lines are not in app.py").endsWith("No hunk was applied; the file is unchanged.");
        assertThat(Files.readAllBytes(dir.resolve("app.py"))).isEqualTo(before);
    }

    @Test
    void hunksApplyInOrderEachToTheResultOfTheOnesBefore() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        ToolResult r = calls.patch("app.py", hunk("def add(a, b):\n", "def plus(a, b):\n")
                + "\nsome words between hunks are ignored\n```\n"
                + hunk("def plus(a, b):\n    return a + b\n", "def plus(a, b):\n    return b + a\n"));
        assertThat(r.output()).isEqualTo("Patched app.py: 2 hunks, +2 -2 lines");
        assertThat(calls.text("app.py")).startsWith("def plus(a, b):\n    return b + a\n");
    }

    @Test
    void anRstUnderlineInsideAHunkIsText() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("README.rst", "Rosetta\n=======\n\nIntro\n==========\n\nText.\n");
        ToolResult r = calls.patch("README.rst", hunk("Intro\n==========\n", "Introduction\n============\n"));
        assertThat(r.isError()).isFalse();
        assertThat(calls.text("README.rst")).isEqualTo("Rosetta\n=======\n\nIntroduction\n============\n\nText.\n");
    }

    @Test
    void aSecondDividerInAHunkIsAnError() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.txt", "a\n");
        ToolResult r = calls.patch("a.txt", "<<<<<<< ORIGINAL\na\n=======\nb\n=======\nc\n>>>>>>> UPDATED\n");
        assertThat(r.output()).startsWith("[ERROR:InvalidArgs] hunk 1 has a second ======= line (line 5 of the patch)");
        assertThat(calls.text("a.txt")).isEqualTo("a\n");
    }

    @Test
    void crlfLineBreaksAreKept() throws Exception {
        Path file = Files.writeString(dir.resolve("win.bat"), "@echo off\r\necho one\r\necho two\r\n");
        new Calls(dir).patch("win.bat", hunk("echo one\n", "echo uno\n"));
        assertThat(Files.readString(file)).isEqualTo("@echo off\r\necho uno\r\necho two\r\n");
    }

    @Test
    void aMissingFinalLineBreakStaysMissing() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.txt", "one\ntwo");
        calls.patch("a.txt", hunk("two\n", "zwei\n"));
        assertThat(calls.text("a.txt")).isEqualTo("one\nzwei");
    }

    @Test
    void anEmptyUpdatedPartDeletesTheLines() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        ToolResult r = calls.patch("app.py", hunk("\n\ndef sub(a, b):\n    return a - b\n", ""));
        assertThat(r.output()).isEqualTo("Patched app.py: 1 hunk, +0 -4 lines");
        assertThat(calls.text("app.py")).isEqualTo("def add(a, b):\n    return a + b\n");
    }

    @Test
    void aPatchThatChangesNothingIsAnError() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.txt", "a\n");
        ToolResult r = calls.patch("a.txt", hunk("a\n", "a\n"));
        assertThat(r.output()).isEqualTo("[ERROR:InvalidArgs] patch not applied: the hunk failed: its ORIGINAL and"
                + " UPDATED lines are the same, so it changes nothing\nThe file is unchanged.");
    }

    @Test
    void aPlaceholderInTheUpdatedLinesIsRefused() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        ToolResult r = calls.patch("app.py", hunk(APP, "def add(a, b):\n    return a + b\n# ... rest unchanged ...\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("looks like a placeholder");
        assertThat(calls.text("app.py")).isEqualTo(APP);
    }

    @Test
    void inDocumentationAnEllipsisHeadingIsText() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("README.md", "# Intro\n");
        assertThat(calls.patch("README.md", hunk("# Intro\n", "# ...\n")).isError()).isFalse();
        assertThat(calls.text("README.md")).isEqualTo("# ...\n");
    }

    @Test
    void aMissingFileIsEnoentAndSuggestsSave() throws Exception {
        ToolResult r = new Calls(dir).patch("nope.py", hunk("a\n", "b\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.ENOENT);
        assertThat(r.output()).startsWith("[ERROR:ENOENT] nope.py does not exist");
    }

    @Test
    void theByteOrderMarkStaysAndDoesNotHideTheFirstLine() throws Exception {
        Path file = Files.write(dir.resolve("a.txt"), "\uFEFFfirst\nsecond\n".getBytes(StandardCharsets.UTF_8));
        new Calls(dir).patch("a.txt", hunk("first\n", "1st\n"));
        assertThat(Files.readAllBytes(file)).isEqualTo("\uFEFF1st\nsecond\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void previewIsTheDiffTheRunWouldWrite() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        Preview p = calls.preview("patch", "app.py", hunk("    return a - b\n", "    return b - a\n"));
        assertThat(p).isEqualTo(new Preview.FileChange("app.py", """
                --- a/app.py
                +++ b/app.py
                @@ -3,4 +3,4 @@
                \s
                \s
                 def sub(a, b):
                -    return a - b
                +    return b - a
                """, false));
        assertThat(calls.text("app.py")).isEqualTo(APP);
    }

    @Test
    void aPreviewOfAPatchThatDoesNotApplyFailsWithTheRunsError() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", APP);
        String patch = hunk("def mul(a, b):\n", "def times(a, b):\n");
        assertThatThrownBy(() -> calls.preview("patch", "app.py", patch))
                .isInstanceOfSatisfying(ToolFailure.class, f -> {
                    try {
                        assertThat(f.toResult()).isEqualTo(new PatchTool().run(Calls.args("patch", "app.py", patch), calls.context));
                    } catch (ToolFailure same) {
                        assertThat(same.toResult()).isEqualTo(f.toResult());
                    }
                });
    }

    @Test
    void aNativeCallWithNamedArgumentsPatchesToo() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.txt", "old\n");
        var args = BuiltinTools.PATCH.bind(ToolUse.named("patch", Map.of("path", "a.txt", "patch", hunk("old\n", "new\n")), "c1"));
        assertThat(new PatchTool().run(args, calls.context).output()).isEqualTo("Patched a.txt: 1 hunk, +1 -1 lines");
        assertThat(calls.text("a.txt")).isEqualTo("new\n");
    }
}
