package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** Calls and results as folded blocks: one shape whichever dialect spelled the call, whichever tool it names. */
class BlocksTest {

    private static final TerminalStyle PLAIN = TerminalStyle.plain();
    private final Blocks blocks = new Blocks(PLAIN);

    private static String numbered(String prefix, int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + " " + i + "\n").collect(Collectors.joining());
    }

    private static ToolUse onlyCall(String text, ToolFormat format) {
        return StreamSplitter.split(text, format, BuiltinTools.catalog()).stream()
                .filter(s -> s instanceof Segment.Call).map(s -> ((Segment.Call) s).use()).findFirst().orElseThrow();
    }

    private static List<String> folded(Block block) {
        return block.lines(false, 8, PLAIN, Scrollback.HINT).stream().map(l -> AttributedString.fromAnsi(l).toString())
                .toList();
    }

    @Test
    void aSaveSpelledInEveryDialectIsTheSameFoldedBlock() {
        String body = numbered("line", 46);
        ToolUse markdown = onlyCall("```save README.md\n" + body + "```\n", ToolFormat.MARKDOWN);
        ToolUse xml = onlyCall("<tool-use>\n<save args=\"README.md\">\n" + body + "</save>\n</tool-use>\n",
                ToolFormat.XML);
        ToolUse atTool = onlyCall("@save(call_1): {\"path\": \"README.md\", \"content\": \""
                + body.replace("\n", "\\n") + "\"}\n", ToolFormat.TOOL);
        ToolUse nativeCall = new ToolUse("save", List.of(), null, Map.of("path", "README.md", "content", body), "c1");

        List<String> expected = folded(blocks.call(markdown));
        assertThat(expected.get(0)).isEqualTo("▶ save README.md · 46 lines");
        assertThat(expected).hasSize(10).contains("  line 1", "  line 8").doesNotContain("  line 9")
                .last().isEqualTo("  … 38 more lines · Ctrl-O shows all");
        for (ToolUse spelled : List.of(xml, atTool, nativeCall)) {
            assertThat(folded(blocks.call(spelled))).isEqualTo(expected);
        }
    }

    @Test
    void aShortCommandIsAllInItsHeader() {
        assertThat(folded(blocks.call(onlyCall("```shell\nnpm test\n```\n", ToolFormat.MARKDOWN))))
                .containsExactly("▶ shell: npm test");
    }

    @Test
    void aToolWhoseBodyIsOneShortLineHasItInItsHeader() {
        // as a markdown fence names an MCP tool: its JSON arguments as the body
        ToolUse fenced = new ToolUse("github.search", List.of(), "{\"q\": \"bug\"}\n", Map.of(), null);
        assertThat(folded(blocks.call(fenced))).containsExactly("▶ github.search: {\"q\": \"bug\"}");
    }

    @Test
    void aLongScriptShowsItsFirstLineInTheHeaderAndItsLinesBelow() {
        Block block = blocks.call(new ToolUse("ipython", List.of(), "import os\n" + numbered("x =", 11), Map.of(), null));
        assertThat(folded(block).get(0)).isEqualTo("▶ ipython: import os … · 12 lines");
        assertThat(block.foldable(8)).isTrue();
    }

    @Test
    void anMcpToolWithShortArgumentsShowsThemInItsHeaderAndLongOnesBelowIt() {
        assertThat(folded(blocks.call(new ToolUse("github.search_issues", List.of(), null,
                Map.of("query", "flaky test"), "c1")))).containsExactly("▶ github.search_issues: {\"query\":\"flaky test\"}");
        Block big = blocks.call(new ToolUse("db.query", List.of(), null,
                Map.of("sql", "select * from a_table_with_a_long_name where x = 1", "limit", 10, "explain", true), "c2"));
        assertThat(folded(big).get(0)).startsWith("▶ db.query · ").endsWith(" lines");
        assertThat(String.join("\n", folded(big))).contains("\"sql\"", "a_table_with_a_long_name");
    }

    @Test
    void aCommandsResultSaysItsExitAndShowsItsHeadAndTail() {
        ToolUse shell = new ToolUse("shell", List.of(), "npm test", Map.of(), null);
        List<String> lines = folded(blocks.result(shell, ToolResult.ok(numbered("out", 120))));

        assertThat(lines).containsExactly("✓ shell · exit 0 · 120 lines", "  out 1", "  out 2", "  out 3", "  out 4",
                "  … 112 more lines · Ctrl-O shows all", "  out 117", "  out 118", "  out 119", "  out 120");
    }

    @Test
    void aFailureSaysItsCodeAndAOneLineMessageFitsInTheHeader() {
        ToolUse patch = new ToolUse("patch", List.of("a.txt"), "…", Map.of(), null);
        assertThat(folded(blocks.result(patch, ToolResult.error(ErrorCode.ENOENT, "a.txt does not exist"))))
                .containsExactly("✗ patch · [ERROR:ENOENT] · a.txt does not exist");
        ToolUse shell = new ToolUse("shell", List.of(), "false", Map.of(), null);
        assertThat(folded(blocks.result(shell, ToolResult.error(ErrorCode.exitCode(2), "oops\nmore")))
                .get(0)).isEqualTo("✗ shell · exit 2 · 2 lines");
    }

    @Test
    void reasoningFoldsToOneLineSayingHowLongItWasAndHowItBegan() {
        Block block = blocks.thinking("First I will look at the files, then decide.\nSecond thought.");
        assertThat(folded(block)).containsExactly(
                "┊ thought · 11 words · First I will look at the files, then decide. Second thought.");
        assertThat(block.lines(true, 8, PLAIN, "")).hasSize(3);
    }

    @Test
    void textFromOutsideIsMadeVisibleNotObeyed() {
        ToolUse hostile = new ToolUse("shell\u001b[2J", List.of(), "echo \u001b]0;owned\u0007", Map.of(), null);
        String all = String.join("\n", blocks.call(hostile).lines(true, 8, PLAIN, ""))
                + String.join("\n", blocks.result(hostile, ToolResult.ok("\u001b[31mred\u001b[0m")).lines(true, 8, PLAIN, ""));
        assertThat(all).doesNotContain("\u001b").doesNotContain("\u0007").contains("␛");
    }
}
