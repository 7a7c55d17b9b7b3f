package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;

class McpFormTest {

    private static McpForm.Field field(String property) {
        Map<String, Object> schema = Json.readObject("{\"type\": \"object\", \"properties\": {\"f\": "
                + property + "}}");
        return McpForm.of("srv", "say", schema).fields().getFirst();
    }

    @Test
    void aTitledEnumsChoicesAreItsConstsCalledByTheirTitles() {
        McpForm.Field hero = field("""
                {"type": "string", "oneOf": [{"const": "hero-1", "title": "Superman"}, {"const": "hero-2"},
                 {"const": "hero-3", "title": "Wonder Woman"}]}""");

        assertThat(hero.choices()).containsExactly("hero-1", "hero-2", "hero-3");
        assertThat(hero.choiceTitles()).containsExactly("Superman", "hero-2", "Wonder Woman");
    }

    @Test
    void aLegacyEnumIsCalledByItsEnumNamesWhenThereIsOneForEachValue() {
        assertThat(field("{\"type\": \"string\", \"enum\": [\"pet-1\", \"pet-2\"], \"enumNames\": [\"Cats\", \"Dogs\"]}")
                .choiceTitles()).containsExactly("Cats", "Dogs");
        assertThat(field("{\"type\": \"string\", \"enum\": [\"pet-1\", \"pet-2\"], \"enumNames\": [\"Cats\"]}")
                .choiceTitles()).containsExactly("pet-1", "pet-2");
        assertThat(field("{\"type\": \"string\", \"enum\": [\"a\", \"b\"]}").choiceTitles()).containsExactly("a", "b");
    }

    @Test
    void aListOfTitledItemsTakesTheItemsTitles() {
        McpForm.Field fish = field("""
                {"type": "array", "items": {"anyOf": [{"const": "fish-1", "title": "Tuna"},
                 {"const": "fish-2", "title": "Salmon"}]}, "default": ["fish-1"]}""");

        assertThat(fish.type()).isEqualTo("array");
        assertThat(fish.choices()).containsExactly("fish-1", "fish-2");
        assertThat(fish.choiceTitles()).containsExactly("Tuna", "Salmon");
        assertThat(fish.fallback()).isEqualTo(List.of("fish-1"));
    }

    @Test
    void aFieldWithoutChoicesHasNoTitlesEither() {
        McpForm.Field name = field("{\"type\": \"string\", \"title\": \"Name\"}");

        assertThat(name.choices()).isEmpty();
        assertThat(name.choiceTitles()).isEmpty();
        assertThat(name.label()).isEqualTo("Name");
    }

    @Test
    void aFieldKeepsTheLimitsItsSchemaSets() {
        assertThat(field("{\"type\": \"string\", \"minLength\": 2, \"maxLength\": 8.0, \"pattern\": \"^[a-z]+$\","
                + " \"format\": \"email\"}").limits())
                .isEqualTo(new McpForm.Limits(2, 8, "^[a-z]+$", "email", null, null, null, null));
        McpForm.Limits number = field("{\"type\": \"number\", \"minimum\": -1.5, \"maximum\": 10}").limits();
        assertThat(number.given()).containsExactly(Map.entry("minimum", -1.5), Map.entry("maximum", 10));
        assertThat(field("{\"type\": \"array\", \"items\": {\"enum\": [\"a\", \"b\"]}, \"minItems\": 1,"
                + " \"maxItems\": 2}").limits().given()).containsExactly(Map.entry("minItems", 1), Map.entry("maxItems", 2));
    }

    @Test
    void limitsThatAreNotLimitsAreLeftOut() {
        assertThat(field("{\"type\": \"string\", \"minLength\": -1, \"maxLength\": 2.5, \"pattern\": 7}").limits())
                .isEqualTo(McpForm.Limits.NONE);
        assertThat(field("{\"type\": \"integer\", \"minimum\": \"3\"}").limits().given()).isEmpty();
    }

    @Test
    void aValueOutsideItsLimitsIsSaidWhatItMustBe() {
        McpForm.Limits login = new McpForm.Limits(3, 5, "^[a-z]+$", null, null, null, null, null);
        assertThat(login.problem("ab")).isEqualTo("at least 3 characters");
        assertThat(login.problem("abcdef")).isEqualTo("at most 5 characters");
        assertThat(login.problem("abC")).isEqualTo("text matching ^[a-z]+$");
        assertThat(login.problem("abc")).isNull();
        McpForm.Limits age = new McpForm.Limits(null, null, null, null, 18, 120.5, null, null);
        assertThat(age.problem(17L)).isEqualTo("at least 18");
        assertThat(age.problem(121L)).isEqualTo("at most 120.5");
        assertThat(age.problem(18L)).isNull();
        McpForm.Limits tags = new McpForm.Limits(null, null, null, null, null, null, 1, 2);
        assertThat(tags.problem(List.of())).isEqualTo("at least 1 of them");
        assertThat(tags.problem(List.of("a", "b", "c"))).isEqualTo("at most 2 of them");
        assertThat(new McpForm.Limits(null, null, "([", null, null, null, null, null).problem("x")).isNull();
    }
}
