package dev.rosetta.core.dialect.toolblock;

import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** Continue's ```tool block: a call to the tool its TOOL_NAME line names, in every format. */
class ContinueReaderTest {

    private static final ToolSpec GREP = tool("grep_search", Parameter.named("query", "string", "", true));
    private static final ToolSpec CREATE = tool("create_new_file", Parameter.named("filepath", "string", "", true),
            Parameter.named("contents", "string", "", true));
    private static final ToolSpec RUN = tool("run_terminal_command", Parameter.named("command", "string", "", true),
            Parameter.named("waitForCompletion", "boolean", "", false), Parameter.named("timeout", "integer", "", false));
    private static final ToolCatalog TOOLS = ToolCatalog.of(GREP, CREATE, RUN);

    private static ToolSpec tool(String name, Parameter... parameters) {
        return new ToolSpec(name, "", "", List.of(parameters), null, null, null);
    }

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void toolBlockCallsTheNamedToolInEveryFormat(ToolFormat format) {
        List<Segment> s = Splitting.split("Searching.\n```tool\nTOOL_NAME: grep_search\nBEGIN_ARG: query\nTODO\nEND_ARG\n```\n",
                format, TOOLS);
        Segment.Call call = onlyCall(s);
        assertThat(call.use().tool()).isEqualTo("grep_search");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "TODO"));
        assertThat(call.dialect()).isSameAs(ContinueDialect.INSTANCE);
    }

    @Test
    void toolBlockIsNeverACallToAToolNamedTool() {
        Segment.Unparsed u = onlyUnparsed(auto("```tool\nTOOL_NAME: launch_rocket\nBEGIN_ARG: target\nmoon\nEND_ARG\n```"));
        assertThat(u.problem()).contains("unknown tool 'launch_rocket'").doesNotContain("unknown tool 'tool'");
    }

    @Test
    void unclosedToolBlockIsReportedIncomplete() {
        Segment.Unparsed u = onlyUnparsed(auto("```tool\nTOOL_NAME: grep_search\nBEGIN_ARG: query\nTODO\nEND_ARG\n"));
        assertThat(u.problem()).contains("grep_search").contains("never closed");
    }

    @Test
    void valueWithoutEndArgIsReportedNotCut() {
        Segment.Unparsed u = onlyUnparsed(auto("```tool\nTOOL_NAME: create_new_file\nBEGIN_ARG: filepath\na.md\nEND_ARG\n"
                + "BEGIN_ARG: contents\n# Title\n```\n"));
        assertThat(u.problem()).contains("BEGIN_ARG: contents was never ended with an END_ARG line");
    }

    @Test
    void fileBodyHoldingFencesIsKeptWhole() {
        String body = "# Title\n\n```java\nclass A {}\n```\n\n  indented\n```";
        Segment.Call call = onlyCall(auto("```tool\nTOOL_NAME: create_new_file\nBEGIN_ARG: filepath\nREADME.md\nEND_ARG\n"
                + "BEGIN_ARG: contents\n" + body + "\nEND_ARG\n```\nDone."));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("filepath", "README.md", "contents", body));
    }

    @Test
    void jsonValuesAreTypedByTheToolsSchema() {
        Segment.Call call = onlyCall(auto("```tool\nTOOL_NAME: run_terminal_command\nBEGIN_ARG: command\n\"git status\"\nEND_ARG\n"
                + "BEGIN_ARG: waitForCompletion\ntrue\nEND_ARG\nBEGIN_ARG: timeout\n 30 \nEND_ARG\n```"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "git status", "waitForCompletion", true, "timeout", 30L));
    }

    @Test
    void aStringParameterKeepsTextThatIsJsonButNotAString() {
        Segment.Call call = onlyCall(auto("```tool\nTOOL_NAME: create_new_file\nBEGIN_ARG: filepath\ndata.json\nEND_ARG\n"
                + "BEGIN_ARG: contents\n{\"a\": 1}\nEND_ARG\n```"));
        assertThat(call.use().kwargs()).containsEntry("contents", "{\"a\": 1}");
    }

    @Test
    void markersAreReadWhateverTheirCaseAndUnderscore() {
        Segment.Call call = onlyCall(auto("```tool\ntool_name: grep_search\nbeginarg: query\nTODO\nend_arg\n```"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "TODO"));
    }

    @Test
    void bareToolNameLineWithoutAFenceIsACallEndingAtTheFirstOtherLine() {
        List<Segment> s = auto("TOOL_NAME: grep_search\nBEGIN_ARG: query\nTODO\nEND_ARG\nThen I will read it.");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(((Segment.Prose) s.get(1)).text()).isEqualTo("Then I will read it.");
    }

    @Test
    void aToolFenceWithoutANameLineIsAnOrdinaryCodeBlock() {
        assertThat(kinds(auto("Example:\n```tool\nsome config\n```\nDone."))).containsExactly("prose");
    }

    @Test
    void toolDefinitionBlockIsProse() {
        assertThat(kinds(auto("```tool_definition\nTOOL_NAME: grep_search\nTOOL_ARG: query (string, required)\nEND_ARG\n```")))
                .containsExactly("prose");
    }

    @Test
    void textBetweenArgumentsIsReportedNotRun() {
        Segment.Unparsed u = onlyUnparsed(auto("```tool\nTOOL_NAME: grep_search\nsearching for TODO\nBEGIN_ARG: query\nTODO\nEND_ARG\n```"));
        assertThat(u.problem()).contains("text between its arguments");
    }

    @Test
    void toolNameMentionedInsideAnotherFenceIsProse() {
        assertThat(kinds(auto("```text\nTOOL_NAME: grep_search\nBEGIN_ARG: query\nTODO\nEND_ARG\n```"))).containsExactly("prose");
    }

    @Test
    void writtenCallReadsBack() {
        Map<String, Object> args = Map.of("command", "echo \"hi\"\nls", "waitForCompletion", false);
        String written = ContinueDialect.INSTANCE.write(dev.rosetta.core.tool.ToolUse.named("run_terminal_command", args, null), RUN);
        assertThat(onlyCall(auto(written)).use().kwargs()).isEqualTo(args);
    }
}
