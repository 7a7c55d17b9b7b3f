package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.model.ModelRef;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;

/** The models picked by key alone are real entries of the bundled registry, of the provider they stand for. */
class DefaultModelsTest {

    @Test
    void everyDefaultModelIsInTheBundledRegistryUnderItsProvider() {
        ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of());
        ModelRegistry registry = ModelRegistry.bundled(directory, w -> { });
        for (DefaultModels.Choice choice : DefaultModels.ORDER) {
            ModelRef ref = ModelRef.parse(choice.model());
            assertThat(ref.provider()).isEqualTo(choice.provider());
            assertThat(directory.find(choice.provider())).as(choice.provider()).isPresent();
            assertThat(registry.find(ref)).as(choice.model()).isPresent();
        }
    }

    @Test
    void anthropicComesFirstThenOpenAiThenOpenRouter() {
        assertThat(DefaultModels.ORDER).extracting(DefaultModels.Choice::provider).startsWith("anthropic", "openai",
                "openrouter", "deepseek").doesNotHaveDuplicates();
    }
}
