package dev.rosetta.core.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TypedValueTest {

    private static final ToolSpec SPEC = new ToolSpec("t", "", "", List.of(
            Parameter.named("count", "integer", "", false),
            Parameter.named("ratio", "number", "", false),
            Parameter.named("force", "boolean", "", false),
            Parameter.named("paths", "array", "", false),
            Parameter.named("options", "object", "", false),
            Parameter.named("name", "string", "", false)), List.of(), List.of(), List.of());

    @Test
    void textIsTypedByTheDeclaredParameterType() {
        assertThat(SPEC.typedValue("count", "42")).isEqualTo(42L);
        assertThat(SPEC.typedValue("ratio", " 0.5 ")).isEqualTo(0.5);
        assertThat(SPEC.typedValue("force", "true")).isEqualTo(true);
        assertThat(SPEC.typedValue("paths", "[\"a\", \"b\"]")).isEqualTo(List.of("a", "b"));
        assertThat(SPEC.typedValue("options", "{\"x\": 1}")).isEqualTo(Map.of("x", 1));
    }

    @Test
    void nullWordIsJsonNullOnlyForNonStringParameters() {
        assertThat(SPEC.typedValue("count", "null")).isNull();
        assertThat(SPEC.typedValue("name", "null")).isEqualTo("null");
    }

    @Test
    void textThatIsNotOfTheTypeStaysTextForBindingToReport() {
        assertThat(SPEC.typedValue("count", "many")).isEqualTo("many");
        assertThat(SPEC.typedValue("paths", "a, b")).isEqualTo("a, b");
    }

    @Test
    void stringsAndUndeclaredParametersAreLeftAsWritten() {
        assertThat(SPEC.typedValue("name", "42")).isEqualTo("42");
        assertThat(SPEC.typedValue("other", "42")).isEqualTo("42");
    }

    /** vLLM's and SGLang's qwen3-coder tests declare a parameter {"type": "float"}. */
    @Test
    void pythonTypeNamesInASchemaTypeAsTheJsonTypeTheyMean() {
        ToolSpec loose = new ToolSpec("t", "", "", List.of(
                Parameter.named("f", "float", "", false),
                Parameter.named("i", "int", "", false),
                Parameter.named("b", "bool", "", false),
                Parameter.named("d", "dict", "", false),
                Parameter.named("l", "list", "", false)), List.of(), List.of(), List.of());
        assertThat(loose.typedValue("f", "3.14")).isEqualTo(3.14);
        assertThat(loose.typedValue("i", "42")).isEqualTo(42L);
        assertThat(loose.typedValue("b", "true")).isEqualTo(true);
        assertThat(loose.typedValue("d", "{\"k\": \"v\"}")).isEqualTo(Map.of("k", "v"));
        assertThat(loose.typedValue("l", "[1]")).isEqualTo(List.of(1));
        assertThat(loose.parameter("f").orElseThrow().type()).isEqualTo("number");
    }

    /** SGLang's GLM-4.6 case: the array written as if inside a JSON string, its quotes escaped. */
    @Test
    void aValueEscapedOnceMoreIsReadThrough() {
        assertThat(SPEC.typedValue("paths", "[\\\"a\\\", \\\"b\\\"]")).isEqualTo(List.of("a", "b"));
        assertThat(SPEC.typedValue("options", "{\\\"x\\\": 1}")).isEqualTo(Map.of("x", 1));
        assertThat(SPEC.typedValue("name", "say \\\"hi\\\"")).as("a string keeps its backslashes")
                .isEqualTo("say \\\"hi\\\"");
    }
}
