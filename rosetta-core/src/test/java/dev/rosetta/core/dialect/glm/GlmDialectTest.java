package dev.rosetta.core.dialect.glm;

import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.OpenModelTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolUse;

/** How the glm dialect writes calls and describes tools. */
class GlmDialectTest {

    private static Map<String, Object> readBack(String text) {
        return onlyCall(Splitting.split(text, ToolFormat.GLM, OpenModelTools.catalog())).use().kwargs();
    }

    @Test
    void callIsWrittenAsTheNameThenOneKeyAndValuePairPerLine() {
        assertThat(ToolFormat.GLM.dialect().write(ToolUse.positional("save", List.of("a.txt"), "hi"), BuiltinTools.SAVE))
                .isEqualTo("<tool_call>save\n<arg_key>path</arg_key>\n<arg_value>a.txt</arg_value>\n"
                        + "<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n</tool_call>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\nleading", "trailing\n", "\n\nboth\n\n", "\n", "", "  spaces  ", "a\rb\r"})
    void valueStartingOrEndingWithALineBreakReadsBackExactly(String value) {
        String text = ToolFormat.GLM.dialect().write(ToolUse.positional("save", List.of("f"), value), BuiltinTools.SAVE);
        assertThat(readBack(text)).containsEntry("content", value);
    }

    @Test
    void valuesOtherThanStringsReadBackTyped() {
        Map<String, Object> kwargs = Map.of("x", 1.5, "y", 7L, "enabled", false, "items", List.of("a"));
        assertThat(readBack(ToolFormat.GLM.dialect().write(ToolUse.named("calculate", kwargs, null), OpenModelTools.CALCULATE)))
                .isEqualTo(kwargs);
    }

    @Test
    void valueHoldingTheValueCloserCannotBeSpelled() {
        ToolUse use = ToolUse.positional("save", List.of("f"), "x</arg_value>");
        assertThatThrownBy(() -> ToolFormat.GLM.dialect().write(use, BuiltinTools.SAVE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("</arg_value>");
    }

    @Test
    void promptListsSchemasThenTheTrainedCallShape() {
        String prompt = ToolFormat.GLM.dialect().describeTools(BuiltinTools.ALL);
        assertThat(prompt).contains("within <tools></tools> XML tags:\n<tools>\n{\"type\":\"function\"")
                .contains("<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>")
                .contains("# How to use each tool");
        assertThat(prompt.indexOf("</tools>")).isLessThan(prompt.indexOf("<tool_call>{function-name}"));
    }
}
