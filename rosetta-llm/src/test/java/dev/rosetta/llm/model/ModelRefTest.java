package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.RosettaException;

class ModelRefTest {

    @Test
    void providerAndModelSplitAtTheSlash() {
        ModelRef ref = ModelRef.parse("openai/gpt-4.1");
        assertThat(ref.provider()).isEqualTo("openai");
        assertThat(ref.model()).isEqualTo("gpt-4.1");
    }

    @Test
    void aModelIdMayItselfContainSlashesSoOnlyTheFirstSplits() {
        ModelRef ref = ModelRef.parse("openrouter/anthropic/claude-sonnet-4");
        assertThat(ref.provider()).isEqualTo("openrouter");
        assertThat(ref.model()).isEqualTo("anthropic/claude-sonnet-4");
        assertThat(ref).hasToString("openrouter/anthropic/claude-sonnet-4");
    }

    @Test
    void surroundingWhitespaceIsIgnored() {
        assertThat(ModelRef.parse("  deepseek/deepseek-chat\n")).isEqualTo(new ModelRef("deepseek", "deepseek-chat"));
    }

    @Test
    void aBareIdIsNotAProviderModelName() {
        assertThatThrownBy(() -> ModelRef.parse("sonnet")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("'sonnet' is not a provider/model name").hasMessageContaining("openai/gpt-4.1");
    }

    @Test
    void anEmptyProviderOrModelIsRejected() {
        assertThatThrownBy(() -> ModelRef.parse("/gpt-4.1")).isInstanceOf(RosettaException.class);
        assertThatThrownBy(() -> ModelRef.parse("openai/")).isInstanceOf(RosettaException.class);
        assertThatThrownBy(() -> ModelRef.parse("")).isInstanceOf(RosettaException.class);
    }
}
