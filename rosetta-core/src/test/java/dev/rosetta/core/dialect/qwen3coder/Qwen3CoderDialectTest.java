package dev.rosetta.core.dialect.qwen3coder;

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
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolUse;

/** How the qwen3-coder dialect writes calls and describes tools. */
class Qwen3CoderDialectTest {

    private static Map<String, Object> readBack(String text) {
        return onlyCall(Splitting.split(text, ToolFormat.QWEN3_CODER, OpenModelTools.catalog())).use().kwargs();
    }

    @Test
    void eachArgumentIsWrittenInItsOwnParameterWithTheValueOnItsOwnLines() {
        assertThat(ToolFormat.QWEN3_CODER.dialect().write(ToolUse.positional("save", List.of("a.txt"), "hi"), BuiltinTools.SAVE))
                .isEqualTo("<tool_call>\n<function=save>\n<parameter=path>\na.txt\n</parameter>\n"
                        + "<parameter=content>\nhi\n</parameter>\n</function>\n</tool_call>");
    }

    @Test
    void valuesOtherThanStringsAreWrittenAsJsonAndReadBackTyped() {
        Map<String, Object> kwargs = Map.of("x", 2.5, "y", 3L, "enabled", true, "items", List.of(1, "two"),
                "options", Map.of("k", "v"));
        String text = ToolFormat.QWEN3_CODER.dialect().write(ToolUse.named("calculate", kwargs, null), OpenModelTools.CALCULATE);
        assertThat(readBack(text)).isEqualTo(kwargs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\nleading", "trailing\n", "\n\nboth\n\n", "\n", "", "  spaces  ", "crlf\r\n", "a\rb\r"})
    void valueFramedByLineBreaksReadsBackExactly(String value) {
        String text = ToolFormat.QWEN3_CODER.dialect().write(ToolUse.positional("save", List.of("f"), value), BuiltinTools.SAVE);
        assertThat(readBack(text)).containsEntry("content", value);
    }

    @Test
    void valueHoldingTheParameterCloserCannotBeSpelled() {
        ToolUse use = ToolUse.positional("save", List.of("f"), "a </parameter> b");
        assertThatThrownBy(() -> ToolFormat.QWEN3_CODER.dialect().write(use, BuiltinTools.SAVE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("</parameter>");
    }

    @Test
    void promptDescribesEachToolAsAFunctionElement() {
        String prompt = ToolFormat.QWEN3_CODER.dialect().describeTools(BuiltinTools.ALL);
        assertThat(prompt).startsWith("# Tools\n\nYou have access to the following functions:\n\n<tools>\n<function>\n")
                .contains("<function>\n<name>save</name>\n<description>" + BuiltinTools.SAVE.description())
                .contains("<parameter>\n<name>path</name>\n<type>string</type>\n")
                .contains("<required>[\"path\",\"content\"]</required>\n</parameters>\n</function>")
                .contains("<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n");
    }

    @Test
    void toolListingInThePromptIsNotReadAsCalls() {
        String prompt = ToolFormat.QWEN3_CODER.dialect().describeTools(BuiltinTools.ALL);
        String listing = prompt.substring(prompt.indexOf("<tools>"), prompt.indexOf("</tools>") + "</tools>".length());
        assertThat(Splitting.split(listing, ToolFormat.QWEN3_CODER)).allMatch(Prose.class::isInstance);
    }
}
