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
}
