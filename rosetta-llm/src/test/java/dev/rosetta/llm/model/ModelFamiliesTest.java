package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelFamiliesTest {

    @Test
    void everyExampleOfAFamilyIsMatchedByThatFamilyFirst() {
        for (ModelFamilies.Family family : ModelFamilies.all()) {
            assertThat(family.source()).as(family.name()).isNotBlank();
            if (family.match() == null) {
                assertThat(family.templateMarkers()).as(family.name() + ", known only by its template").isNotEmpty();
                continue;
            }
            assertThat(family.examples()).as(family.name()).isNotEmpty();
            for (String id : family.examples()) {
                assertThat(ModelFamilies.of(id)).as(id).contains(family);
            }
        }
    }

    @Test
    void everyDialectAFamilyMayNameIsAToolFormat() {
        for (String dialect : ModelFamilies.DIALECTS) {
            assertThat(dev.rosetta.core.dialect.ToolFormat.of(dialect).id()).isEqualTo(dialect);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "qwen2.5-coder:7b, hermes",
        "Qwen/Qwen3-Coder-30B-A3B-Instruct, qwen3-coder",
        "qwen3-coder, qwen3-coder",
        "qwen3:30b-a3b, hermes",
        "llama3.2, llama3",
        "llama3.1:8b-instruct-q4_K_M, llama3",
        "llama4:maverick, pythonic",
        "mistral-small3.1, mistral",
        "deepseek-r1:8b, deepseek",
        "kimi-k2-thinking, kimi",
        "glm-4.6, glm",
        "gpt-oss:120b, harmony",
    })
    void aModelIdNamesTheDialectItsFamilyWasTrainedOn(String id, String dialect) {
        assertThat(ModelFamilies.of(id)).map(ModelFamilies.Family::nativeDialect).contains(dialect);
    }

    @ParameterizedTest
    @CsvSource({"gemma3:12b", "llama3", "llama2", "phi4", "glm4:9b", "qwen2:7b", "gpt-4.1", "claude-sonnet-4-6",
            "deepseek-coder:6.7b", "my-qwen3-finetune"})
    void aModelOfNoKnownFamilyHasNoDialect(String id) {
        assertThat(ModelFamilies.of(id)).isEmpty();
    }
}
