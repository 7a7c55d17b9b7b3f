package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.model.ModelInfo.Capabilities;
import dev.rosetta.llm.model.ModelInfo.Prices;

class ModelInfoTest {

    private static ModelInfo priced(Prices prices) {
        return new ModelInfo("anthropic", "claude-x", 200_000, 64_000, prices, Capabilities.NONE, null, null,
                List.of(), null);
    }

    @Test
    void costAddsEveryKindOfTokenAtItsPricePerMillion() {
        ModelInfo m = priced(new Prices(3.0, 15.0, 0.30, 3.75));
        // 10k input, 2k output, 100k cache reads, 20k cache writes
        Double cost = m.cost(new ChatEvent.Usage(10_000, 2_000, 100_000, 20_000));
        assertThat(cost).isCloseTo(0.03 + 0.03 + 0.03 + 0.075, within(1e-12));
    }

    @Test
    void costIsUnknownWithoutInputAndOutputPrices() {
        assertThat(priced(Prices.NONE).cost(new ChatEvent.Usage(1, 1, 0, 0))).isNull();
        assertThat(priced(new Prices(1.0, null, null, null)).cost(new ChatEvent.Usage(1, 1, 0, 0))).isNull();
    }

    @Test
    void anUnrecordedCachePriceFallsBackToTheInputPrice() {
        ModelInfo m = priced(new Prices(2.0, 8.0, null, null));
        assertThat(m.cost(new ChatEvent.Usage(0, 0, 1_000_000, 500_000))).isCloseTo(3.0, within(1e-12));
    }

    @Test
    void aGenericEntryHasA128kContextAndNothingRecorded() {
        ModelInfo m = ModelInfo.generic("openai", "gpt-9");
        assertThat(m.name()).isEqualTo("openai/gpt-9");
        assertThat(m.contextWindowOrDefault()).isEqualTo(128_000);
        assertThat(m.maxOutputTokens()).isNull();
        assertThat(m.supportsParallelToolCalls()).isNull();
        assertThat(m.supportsStrictTools()).isNull();
        assertThat(m.cost(new ChatEvent.Usage(1, 1, 0, 0))).isNull();
    }

    @Test
    void unrecordedFlagsStayNullAndTheNamedDefaultsDecide() {
        ModelInfo m = ModelInfo.generic("local", "qwen");
        assertThat(m.supportsStreaming()).isNull();
        assertThat(m.streamingOrTrue()).isTrue();
        assertThat(m.parallelToolCallsOrFalse()).isFalse();
        assertThat(m.strictToolsOrFalse()).isFalse();
        assertThat(m.responsesApiOrFalse()).isFalse();
        assertThat(m.visionOrFalse()).isFalse();
        assertThat(m.reasoningOrFalse()).isFalse();
    }

    @Test
    void recordedFlagsAreReportedAsRecorded() {
        ModelInfo m = new ModelInfo("openai", "gpt-x", null, null, null,
                new Capabilities(false, true, true, true, true, true), null, EditFormat.DIFF, null, null);
        assertThat(m.supportsStreaming()).isFalse();
        assertThat(m.streamingOrTrue()).isFalse();
        assertThat(m.parallelToolCallsOrFalse()).isTrue();
        assertThat(m.strictToolsOrFalse()).isTrue();
        assertThat(m.usesResponsesApi()).isTrue();
        assertThat(m.contextWindowOrDefault()).isEqualTo(ModelInfo.GENERIC_CONTEXT_WINDOW);
    }
}
