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
}
