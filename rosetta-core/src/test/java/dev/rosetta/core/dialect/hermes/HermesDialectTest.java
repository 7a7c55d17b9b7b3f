package dev.rosetta.core.dialect.hermes;

import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.FunctionSchema;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** How the hermes dialect writes calls and describes tools: the shapes Hermes and Qwen models were trained on. */
class HermesDialectTest {

    @Test
    void callIsWrittenAsJsonOnItsOwnLineBetweenTheTags() {
        assertThat(ToolFormat.HERMES.dialect().write(ToolUse.positional("shell", List.of(), "ls"), BuiltinTools.SHELL))
                .isEqualTo("<tool_call>\n{\"name\":\"shell\",\"arguments\":{\"command\":\"ls\"}}\n</tool_call>");
    }

    @Test
    void writtenBodyHoldingTheTagsReadsBackWhole() {
        String body = "<tool_call>\n{\"name\": \"x\"}\n</tool_call>\n</think>\n\"quoted\" \\ back";
        String text = ToolFormat.HERMES.dialect().write(ToolUse.positional("save", List.of("a.md"), body), BuiltinTools.SAVE);
        assertThat(onlyCall(Splitting.split(text, ToolFormat.HERMES)).use().kwargs())
                .isEqualTo(Map.of("path", "a.md", "content", body));
    }

    @Test
    void promptListsEveryToolAsAFunctionSchemaLine() {
        String prompt = ToolFormat.HERMES.dialect().describeTools(BuiltinTools.ALL);
        String block = prompt.substring(prompt.indexOf("<tools>\n") + 8, prompt.indexOf("\n</tools>"));
        List<String> lines = block.lines().toList();
        assertThat(lines).hasSize(BuiltinTools.ALL.size());
        for (int i = 0; i < lines.size(); i++) {
            ToolSpec spec = BuiltinTools.ALL.get(i);
            Map<String, Object> entry = Json.readObject(lines.get(i));
            assertThat(entry).containsEntry("type", "function");
            assertThat(entry.get("function")).isEqualTo(Map.of("name", spec.name(), "description", spec.description(),
                    "parameters", Json.read(Json.write(spec.jsonSchema()))));
        }
    }

    @Test
    void promptGivesTheTrainedCallShape() {
        assertThat(ToolFormat.HERMES.dialect().describeTools(BuiltinTools.ALL))
                .startsWith("# Tools\n\nYou may call one or more functions")
                .contains("within <tools></tools> XML tags:\n<tools>\n")
                .contains("<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call>")
                .contains("# How to use each tool");
    }

    @Test
    void toolListingInThePromptIsNotReadAsCalls() {
        assertThat(Splitting.split(FunctionSchema.toolsBlock(BuiltinTools.ALL), ToolFormat.HERMES))
                .allMatch(Prose.class::isInstance);
    }
}
