package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.tools.mcp.McpForm;

class FormValuesTest {

    private static final McpForm.Field HERO = new McpForm.Field("hero", "Hero", null, "string", false, "hero-1",
            List.of("hero-1", "hero-2"), List.of("Superman", "Green Lantern"));
    private static final McpForm.Field FISH = new McpForm.Field("fish", "Fish", null, "array", false, null,
            List.of("fish-1", "fish-2"), List.of("Tuna", "Salmon"));

    @Test
    void aTitledChoiceIsTypedByItsTitleOrItsValueAndSentAsItsValue() {
        assertThat(FormValues.parse(HERO, "Green Lantern")).isEqualTo("hero-2");
        assertThat(FormValues.parse(HERO, "green lantern")).isEqualTo("hero-2");
        assertThat(FormValues.parse(HERO, "hero-1")).isEqualTo("hero-1");
        assertThat(FormValues.parse(HERO, "Batman")).isNull();
        assertThat(FormValues.expected(HERO)).isEqualTo("Hero is one of: Superman (hero-1), Green Lantern (hero-2)");
    }

    @Test
    void aListOfTitledChoicesTakesTitlesAndValuesAndRefusesAnyOther() {
        assertThat(FormValues.parse(FISH, "Tuna, fish-2")).isEqualTo(List.of("fish-1", "fish-2"));
        assertThat(FormValues.parse(FISH, "Tuna, Trout")).isNull();
        assertThat(FormValues.parse(FISH, " , ")).isNull();
    }

    @Test
    void aValueOutsideTheServersLimitsIsAskedAgainWithWhatItMustBe() {
        McpForm.Field age = new McpForm.Field("age", "Age", null, "integer", true, null, List.of(), null,
                new McpForm.Limits(null, null, null, null, 18, 120, null, null));

        Object typed = FormValues.parse(age, "12");
        assertThat(age.limits().problem(typed)).isNotNull();
        assertThat(FormValues.expected(age, typed)).isEqualTo("Age must be at least 18");
        assertThat(FormValues.expected(age, null)).isEqualTo("Age is a whole number");
        assertThat(age.limits().problem(FormValues.parse(age, "30"))).isNull();
    }

    @Test
    void choicesWithoutTitlesAreShownAndTakenAsTheyAre() {
        McpForm.Field plain = new McpForm.Field("size", null, null, "string", false, null, List.of("S", "M"));

        assertThat(FormValues.parse(plain, "M")).isEqualTo("M");
        assertThat(FormValues.expected(plain)).isEqualTo("size is one of: S, M");
    }
}
