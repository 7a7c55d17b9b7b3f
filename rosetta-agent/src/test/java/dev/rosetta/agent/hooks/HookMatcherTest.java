package dev.rosetta.agent.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class HookMatcherTest {

    @Test
    void nothingEmptyAndStarMatchEverything() {
        for (String written : new String[] {null, "", "  ", "*"}) {
            assertThat(HookMatcher.of(written).matches(List.of("anything"))).isTrue();
            assertThat(HookMatcher.of(written).written()).isEmpty();
        }
    }

    @Test
    void plainNamesAreExactAndSeparatedByBarsOrCommas() {
        HookMatcher bars = HookMatcher.of("Edit|Write");
        assertThat(bars.matches(List.of("Write"))).isTrue();
        assertThat(bars.matches(List.of("NotebookEdit"))).isFalse(); // exact, not found inside
        HookMatcher commas = HookMatcher.of("shell, save");
        assertThat(commas.matches(List.of("save"))).isTrue();
        assertThat(commas.matches(List.of("saved"))).isFalse();
        assertThat(HookMatcher.of("code-reviewer").matches(List.of("senior-code-reviewer"))).isFalse();
    }

    @Test
    void anyOtherCharacterMakesAnUnanchoredRegularExpression() {
        assertThat(HookMatcher.of("mcp__memory__.*").matches(List.of("mcp__memory__create_entities"))).isTrue();
        assertThat(HookMatcher.of("Edit.*").matches(List.of("NotebookEdit"))).isTrue(); // found anywhere
        assertThat(HookMatcher.of("^Edit$").matches(List.of("NotebookEdit"))).isFalse();
    }

    @Test
    void matchesWhenAnyOfTheNamesMatches() {
        assertThat(HookMatcher.of("Bash").matches(List.of("Bash", "shell"))).isTrue();
        assertThat(HookMatcher.of("shell").matches(List.of("Bash", "shell"))).isTrue();
        assertThat(HookMatcher.of("Write").matches(List.of("Bash", "shell"))).isFalse();
    }

    @Test
    void aRegularExpressionThatDoesNotCompileSaysWhy() {
        assertThatThrownBy(() -> HookMatcher.of("mcp__(.*"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a regular expression");
    }
}
