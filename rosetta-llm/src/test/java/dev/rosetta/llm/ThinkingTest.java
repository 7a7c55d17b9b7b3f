package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.rosetta.core.RosettaException;

class ThinkingTest {

    @ParameterizedTest
    @CsvSource({"off, OFF, 0", "None, OFF, 0", "0, OFF, 0", "LOW, LOW, 2048", "medium, MEDIUM, 8192",
            "high, HIGH, 24576", "1500, LOW, 1500", "4096, MEDIUM, 4096", "32000, HIGH, 32000"})
    void aLevelOrABudgetIsReadAndEachHasTheOther(String text, Thinking.Level level, int tokens) {
        Thinking t = Thinking.parse(text, "--thinking");
        assertThat(t.level()).isEqualTo(level);
        assertThat(t.tokens()).isEqualTo(tokens);
    }

    @Test
    void aLevelsBudgetMapsBackToTheSameEffort() {
        for (Thinking t : new Thinking[] {Thinking.LOW, Thinking.MEDIUM, Thinking.HIGH}) {
            assertThat(ModelTraits.reasoningEffort(t.tokens())).isEqualTo(t.effort());
            assertThat(Thinking.budget(t.tokens()).effort()).isEqualTo(t.effort());
        }
    }

    @Test
    void aBudgetIsSaidInTokensAndALevelByName() {
        assertThat(Thinking.budget(4096)).hasToString("4096 tokens");
        assertThat(Thinking.HIGH).hasToString("high");
        assertThat(Thinking.budget(4096).isBudget()).isTrue();
        assertThat(Thinking.HIGH.isBudget()).isFalse();
    }

    @Test
    void anythingElseIsOneLineNamingWhereAndWhatIsTaken() {
        assertThatThrownBy(() -> Thinking.parse("max", "[models] thinking")).isInstanceOf(RosettaException.class)
                .hasMessage("[models] thinking: thinking must be off, low, medium, high, or a budget in tokens"
                        + " (e.g. 4096), not 'max'");
        assertThatThrownBy(() -> Thinking.parse("-5", "--thinking")).isInstanceOf(RosettaException.class);
        assertThatThrownBy(() -> Thinking.parse("99999999", "--thinking")).isInstanceOf(RosettaException.class);
    }
}
