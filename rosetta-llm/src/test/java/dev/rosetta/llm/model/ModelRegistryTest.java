package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.provider.ProviderDirectory;

class ModelRegistryTest {

    @TempDir
    Path dir;

    private final ProviderDirectory directory = new ProviderDirectory(
            List.of(ProviderDirectory.custom("mylab", "http://gpu-box:8000/v1", null)), Map.of());
    private final List<String> warnings = new ArrayList<>();

    private ModelRegistry bundled() {
        return ModelRegistry.bundled(directory, warnings::add);
    }

    private ModelRegistry withUserFile(String json) throws IOException {
        Path file = dir.resolve("models.json");
        Files.writeString(file, json);
        return ModelRegistry.load(directory, file, warnings::add);
    }

    private RosettaException userFileError(String json) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> withUserFile(json));
        assertThat(t).isInstanceOf(RosettaException.class);
        assertThat(t.getMessage()).contains(dir.resolve("models.json").toString());
        return (RosettaException) t;
    }

    // --- lookup ---

    @Test
    void aFullNameFindsItsEntry() {
        ModelInfo m = bundled().resolve("openai/gpt-4.1");
        assertThat(m.name()).isEqualTo("openai/gpt-4.1");
        assertThat(m.contextWindow()).isEqualTo(1_047_576);
    }

    @Test
    void aBareIdFindsTheOneProviderThatHasIt() {
        assertThat(bundled().ref("gpt-4.1")).isEqualTo(new ModelRef("openai", "gpt-4.1"));
        assertThat(bundled().ref("deepseek-reasoner")).isEqualTo(new ModelRef("deepseek", "deepseek-reasoner"));
    }

    @Test
    void aBareIdContainingASlashFindsAnOpenRouterModel() {
        assertThat(bundled().ref("google/gemini-2.5-pro")).isEqualTo(new ModelRef("openrouter", "google/gemini-2.5-pro"));
    }

    @Test
    void anAliasResolvesToTheCurrentModel() {
        assertThat(bundled().ref("sonnet")).isEqualTo(new ModelRef("anthropic", "claude-sonnet-4-6"));
        assertThat(bundled().ref("haiku")).isEqualTo(new ModelRef("anthropic", "claude-haiku-4-5-20251001"));
    }

    @Test
    void aProvidersOwnAliasAfterTheProviderNameResolvesToTheDatedId() {
        ModelRegistry r = bundled();
        assertThat(r.ref("anthropic/claude-sonnet-4-5")).isEqualTo(new ModelRef("anthropic", "claude-sonnet-4-5-20250929"));
        assertThat(r.resolve("anthropic/claude-sonnet-4-5").maxOutputTokens()).isEqualTo(64_000);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aKnownProviderPrefixIsNeverReroutedToAnotherProvider() {
        // "anthropic/claude-sonnet-4.5" is an OpenRouter id, but written this way it means Anthropic's API
        ModelRegistry r = bundled();
        assertThat(r.ref("anthropic/claude-sonnet-4.5")).isEqualTo(new ModelRef("anthropic", "claude-sonnet-4.5"));
        assertThat(r.resolve("anthropic/claude-sonnet-4.5").prices().input()).isNull();
    }

    @Test
    void anUnknownModelOfAKnownProviderGetsAGenericEntryAndOneWarning() {
        ModelRegistry r = bundled();
        ModelInfo first = r.resolve("openai/gpt-9");
        ModelInfo again = r.resolve("openai/gpt-9");
        r.resolve("openai/gpt-10");
        assertThat(first.contextWindowOrDefault()).isEqualTo(128_000);
        assertThat(first.supportsParallelToolCalls()).isNull();
        assertThat(again).isEqualTo(first);
        assertThat(warnings).hasSize(2);
        assertThat(warnings.getFirst()).contains("openai/gpt-9 is not in the model registry").contains("128k");
    }

    @Test
    void theWarningIsOncePerRegistryInstance() {
        bundled().resolve("openai/gpt-9");
        bundled().resolve("openai/gpt-9");
        assertThat(warnings).hasSize(2);
    }

    @Test
    void theGpt4oFamilyMakesParallelCallsAndTheClaude46ModelsThinkAdaptively() {
        ModelRegistry r = bundled();
        assertThat(r.resolve("openai/gpt-4o").parallelToolCallsOrFalse()).isTrue();
        assertThat(r.resolve("openai/gpt-4o-mini").parallelToolCallsOrFalse()).isTrue();
        assertThat(r.resolve("anthropic/claude-opus-4-6").adaptiveThinkingOrFalse()).isTrue();
        assertThat(r.resolve("anthropic/claude-sonnet-4-6").adaptiveThinkingOrFalse()).isTrue();
        assertThat(r.resolve("anthropic/claude-sonnet-4-5-20250929").adaptiveThinkingOrFalse()).isFalse();
    }

    @Test
    void aModelOfAServerTheUserRunsIsNotWarnedAbout() {
        ModelRegistry r = bundled();
        r.resolve("local/qwen3-coder");
        r.resolve("ollama/llama3.2");
        assertThat(warnings).as("the server is asked for its context instead").isEmpty();
    }

    @Test
    void aModelOfAnOpenFamilyKnowsItsNativeDialect() {
        ModelRegistry r = bundled();
        assertThat(r.resolve("ollama/qwen2.5-coder:7b").nativeDialect()).isEqualTo("hermes");
        assertThat(r.resolve("local/Qwen/Qwen3-Coder-30B-A3B-Instruct").nativeDialect()).isEqualTo("qwen3-coder");
        assertThat(r.resolve("ollama/llama3.2").nativeDialect()).isEqualTo("llama3");
        assertThat(r.resolve("groq/llama-3.3-70b-versatile").nativeDialect()).isEqualTo("llama3");
        assertThat(r.resolve("deepseek/deepseek-chat").nativeDialect()).isEqualTo("deepseek");
        assertThat(r.resolve("ollama/gemma3").nativeDialect()).isNull();
        assertThat(r.resolve("openai/gpt-4.1").nativeDialect()).isNull();
    }

    @Test
    void aUserEntryNamesTheNativeDialectOverTheFamily() throws Exception {
        ModelRegistry r = withUserFile("{\"models\": {\"ollama/my-qwen\": {\"native_dialect\": \"llama3\"},"
                + " \"ollama/qwen3:8b\": {\"native_dialect\": \"qwen3-coder\"}}}");
        assertThat(r.resolve("ollama/my-qwen").nativeDialect()).isEqualTo("llama3");
        assertThat(r.resolve("ollama/qwen3:8b").nativeDialect()).isEqualTo("qwen3-coder");
    }

    @Test
    void aNativeDialectThatIsNoneIsAnErrorNamingTheChoices() {
        assertThat(userFileError("{\"models\": {\"ollama/x\": {\"native_dialect\": \"chatml\"}}}"))
                .hasMessageContaining("native_dialect must be one of").hasMessageContaining("hermes");
    }

    @Test
    void findDoesNotWarn() {
        assertThat(bundled().find(new ModelRef("openai", "gpt-9"))).isEmpty();
        assertThat(warnings).isEmpty();
    }

    @Test
    void anUnknownBareNameIsAnErrorNamingTheProviders() {
        assertThatThrownBy(() -> bundled().ref("gpt-9")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("unknown model 'gpt-9'").hasMessageContaining("provider/model")
                .hasMessageContaining("anthropic");
    }

    @Test
    void aBareIdServedByTwoProvidersMustBeQualified() throws IOException {
        ModelRegistry r = withUserFile("{\"models\": {\"azure/gpt-4.1\": {\"context_window\": 1047576}}}");
        assertThatThrownBy(() -> r.ref("gpt-4.1")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("openai/gpt-4.1").hasMessageContaining("azure/gpt-4.1");
    }

    // --- the user file ---

    @Test
    void aMissingUserFileLeavesTheBundledModels() {
        ModelRegistry r = ModelRegistry.load(directory, dir.resolve("absent.json"), warnings::add);
        assertThat(r.all()).hasSameSizeAs(bundled().all());
    }

    /** Issue 10 #18: the decoder's "Input length = 1" was all the user was told. */
    @Test
    void aUserFileThatIsNotUtf8SaysSoNotTheDecodersWords() throws IOException {
        Path file = Files.write(dir.resolve("models.json"), new byte[] {'{', (byte) 0xFF, (byte) 0xFE, '}'});
        assertThatThrownBy(() -> ModelRegistry.load(directory, file, warnings::add)).isInstanceOf(RosettaException.class)
                .hasMessage(file + ": not UTF-8 text; save it as UTF-8");
    }

    @Test
    void theUserFileAddsAModelOfACustomProvider() throws IOException {
        ModelRegistry r = withUserFile("""
                {"models": {"mylab/qwen3-coder-30b": {
                    "aliases": ["qc"], "context_window": 262144, "supports": {"parallel_tool_calls": true}}}}
                """);
        ModelInfo m = r.resolve("qc");
        assertThat(m.name()).isEqualTo("mylab/qwen3-coder-30b");
        assertThat(m.contextWindow()).isEqualTo(262_144);
        assertThat(m.parallelToolCallsOrFalse()).isTrue();
        assertThat(m.supportsVision()).isNull();
        assertThat(r.all()).hasSize(bundled().all().size() + 1);
    }

    @Test
    void anOverrideMaySetOnlyAPrice() throws IOException {
        ModelRegistry r = withUserFile("{\"models\": {\"openai/gpt-4.1\": {\"price\": {\"input\": 1.5}}}}");
        ModelInfo m = r.resolve("openai/gpt-4.1");
        assertThat(m.prices().input()).isEqualTo(1.5);
        assertThat(m.prices().output()).isEqualTo(8.0);
        assertThat(m.prices().cacheRead()).isEqualTo(0.5);
        assertThat(m.contextWindow()).isEqualTo(1_047_576);
        assertThat(m.parallelToolCallsOrFalse()).isTrue();
    }

    @Test
    void nullInAnOverrideClearsAValueBackToNotRecorded() throws IOException {
        ModelRegistry r = withUserFile("""
                {"models": {"openai/gpt-4.1": {"supports": {"parallel_tool_calls": null}, "max_output_tokens": null}}}
                """);
        ModelInfo m = r.resolve("openai/gpt-4.1");
        assertThat(m.supportsParallelToolCalls()).isNull();
        assertThat(m.maxOutputTokens()).isNull();
        assertThat(m.supportsStrictTools()).isTrue();
    }

    @Test
    void aUsersAliasTakesABundledOneOver() throws IOException {
        ModelRegistry r = withUserFile("{\"models\": {\"openrouter/anthropic/claude-sonnet-4.5\": {\"aliases\": [\"sonnet\"]}}}");
        assertThat(r.ref("sonnet")).isEqualTo(new ModelRef("openrouter", "anthropic/claude-sonnet-4.5"));
    }

    @Test
    void twoUserEntriesClaimingOneAliasAreAnError() {
        RosettaException e = userFileError("""
                {"models": {"openai/gpt-4.1": {"aliases": ["fast"]}, "openai/gpt-5-mini": {"aliases": ["fast"]}}}
                """);
        assertThat(e).hasMessageContaining("alias 'fast'").hasMessageContaining("openai/gpt-4.1")
                .hasMessageContaining("openai/gpt-5-mini");
    }

    // --- a malformed user file names the file and the problem ---

    @Test
    void invalidJsonGivesTheLineAndColumn() {
        RosettaException e = userFileError("{\n  \"models\": {\n    \"openai/gpt-4.1\": {\"context_window\": 12,,}\n  }\n}\n");
        assertThat(e).hasMessageContaining("line 3, column").hasMessageContaining("not valid JSON");
    }

    @Test
    void theSameModelTwiceInOneFileIsAnError() {
        RosettaException e = userFileError("""
                {"models": {"openai/gpt-4.1": {"context_window": 1}, "openai/gpt-4.1": {"context_window": 2}}}
                """);
        assertThat(e).hasMessageContaining("line 1").hasMessageContaining("openai/gpt-4.1");
    }

    @Test
    void aMisspelledFieldIsNamedWithTheFieldsThatExist() {
        RosettaException e = userFileError("{\"models\": {\"openai/gpt-4.1\": {\"context_windw\": 5}}}");
        assertThat(e).hasMessageContaining("entry \"openai/gpt-4.1\"").hasMessageContaining("unknown field 'context_windw'")
                .hasMessageContaining("context_window");
    }

    @Test
    void aMisspelledNestedFieldIsNamedWithItsPath() {
        RosettaException e = userFileError("{\"models\": {\"openai/gpt-4.1\": {\"price\": {\"inptu\": 5}}}}");
        assertThat(e).hasMessageContaining("unknown field 'price.inptu'");
    }

    @Test
    void aValueOfTheWrongTypeIsNamed() {
        RosettaException e = userFileError("{\"models\": {\"openai/gpt-4.1\": {\"price\": {\"input\": \"cheap\"}}}}");
        assertThat(e).hasMessageContaining("price.input must be US dollars per million tokens")
                .hasMessageContaining("\"cheap\"");
        assertThat(userFileError("{\"models\": {\"openai/gpt-4.1\": {\"supports\": {\"vision\": \"yes\"}}}}"))
                .hasMessageContaining("supports.vision must be true, false or null");
        assertThat(userFileError("{\"models\": {\"openai/gpt-4.1\": {\"context_window\": -1}}}"))
                .hasMessageContaining("context_window must be a positive whole number");
        assertThat(userFileError("{\"models\": {\"openai/gpt-4.1\": {\"preferred_edit_format\": \"patch\"}}}"))
                .hasMessageContaining("preferred_edit_format must be one of diff, whole");
    }

    @Test
    void aKeyWithoutAProviderIsAnError() {
        assertThat(userFileError("{\"models\": {\"gpt-4.1\": {}}}")).hasMessageContaining("provider/model");
    }

    @Test
    void anUnknownProviderIsNamedWithTheKnownOnes() {
        assertThat(userFileError("{\"models\": {\"acme/rocket-1\": {}}}")).hasMessageContaining("unknown provider 'acme'")
                .hasMessageContaining("mylab").hasMessageContaining("[[providers]]");
    }

    @Test
    void aFileWithoutModelsIsAnError() {
        assertThat(userFileError("[]")).hasMessageContaining("expected a JSON object");
        assertThat(userFileError("{\"model\": {}}")).hasMessageContaining("unknown field 'model'");
        assertThat(userFileError("")).hasMessageContaining("empty");
    }
}
