package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

/** The data file shipped in the jar: it parses, and it says what the seed says. */
class BundledModelsTest {

    private final ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of());
    private final List<String> warnings = new ArrayList<>();
    private final ModelRegistry registry = ModelRegistry.bundled(directory, warnings::add);

    private ModelInfo model(String name) {
        return registry.find(ModelRef.parse(name)).orElseThrow(() -> new AssertionError(name + " is not bundled"));
    }

    @Test
    void aboutFiftyModelsParse() {
        assertThat(registry.all()).hasSizeBetween(45, 55);
        assertThat(warnings).isEmpty();
    }

    @Test
    void everyNameIsUnique() {
        List<String> names = registry.all().stream().map(ModelInfo::name).toList();
        assertThat(new HashSet<>(names)).hasSameSizeAs(names);
    }

    @Test
    void everyProviderIsKnownToTheProviderDirectory() {
        Set<String> known = directory.all().stream().map(ProviderSettings::name).collect(Collectors.toSet());
        assertThat(registry.all()).allSatisfy(m -> assertThat(known).contains(m.provider()));
        assertThat(registry.all().stream().map(ModelInfo::provider).distinct())
                .contains("openai", "anthropic", "deepseek", "moonshot", "gemini", "xai", "groq", "openrouter");
    }

    @Test
    void aliasesAreUniqueAndNeverShadowAModelId() {
        List<String> aliases = registry.all().stream().flatMap(m -> m.aliases().stream()).toList();
        Set<String> ids = registry.all().stream().map(ModelInfo::id).collect(Collectors.toSet());
        assertThat(new HashSet<>(aliases)).hasSameSizeAs(aliases);
        assertThat(aliases).doesNotContainAnyElementsOf(ids);
    }

    @Test
    void recordedNumbersAreSane() {
        assertThat(registry.all()).allSatisfy(m -> {
            assertThat(m.contextWindow()).as(m.name()).isNotNull();
            if (m.maxOutputTokens() != null) {
                assertThat(m.maxOutputTokens()).as(m.name()).isLessThanOrEqualTo(m.contextWindow());
            }
            var p = m.prices();
            if (p.input() != null) {
                assertThat(p.output()).as(m.name() + " output price").isNotNull().isGreaterThanOrEqualTo(p.input());
            }
            if (p.cacheRead() != null) {
                assertThat(p.cacheRead()).as(m.name() + " cache read").isLessThan(p.input());
            }
        });
    }

    @Test
    void parallelToolCallsAreRecordedForClaudeFourAndTheGpt41AndGpt5Families() {
        assertThat(List.of("anthropic/claude-opus-4-6", "anthropic/claude-opus-4-1-20250805",
                "anthropic/claude-sonnet-4-5-20250929", "anthropic/claude-sonnet-4-20250514",
                "openrouter/anthropic/claude-sonnet-4.5", "openai/gpt-4.1", "openai/gpt-4.1-mini", "openai/gpt-5",
                "openai/gpt-5-mini", "openai/gpt-5.1"))
                .allSatisfy(name -> assertThat(model(name).supportsParallelToolCalls()).as(name).isTrue());
    }

    @Test
    void haikuFourFiveLeavesParallelToolCallsUnrecordedAndSaysWhy() {
        for (String name : List.of("anthropic/claude-haiku-4-5-20251001", "openrouter/anthropic/claude-haiku-4.5")) {
            ModelInfo haiku = model(name);
            assertThat(haiku.supportsParallelToolCalls()).as(name).isNull();
            assertThat(haiku.parallelToolCallsOrFalse()).isFalse();
            assertThat(haiku.note()).contains("parallel_tool_calls").contains("does not emit several tool calls");
        }
    }

    @Test
    void strictToolsAreRecordedOnEveryOpenAiModelAndNowhereElse() {
        assertThat(registry.all()).allSatisfy(m -> {
            if (m.provider().equals("openai")) {
                assertThat(m.supportsStrictTools()).as(m.name()).isTrue();
            } else {
                assertThat(m.supportsStrictTools()).as(m.name()).isNull();
            }
        });
    }

    @Test
    void noBundledModelDeclaresADefaultToolFormat() {
        // gptme sets one only for its subscription models; an absent value falls through to markdown
        assertThat(registry.all()).allSatisfy(m -> assertThat(m.defaultToolFormat()).as(m.name()).isNull());
    }

    @Test
    void anthropicCacheWritesCostAQuarterMoreThanInput() {
        assertThat(registry.all().stream().filter(m -> m.provider().equals("anthropic")))
                .allSatisfy(m -> assertThat(m.prices().cacheWrite()).as(m.name()).isEqualTo(m.prices().input() * 1.25));
    }
}
