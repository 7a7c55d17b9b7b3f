package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelTraitsTest {

    @ParameterizedTest
    @CsvSource({"1, low", "1024, low", "2048, low", "2049, medium", "8192, medium", "8193, high", "64000, high"})
    void budgetMapsToTheEffortEveryReasoningModelAccepts(int budget, String effort) {
        assertThat(ModelTraits.reasoningEffort(budget)).isEqualTo(effort);
    }
}
