package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.Providers.Described;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.ModelInfo;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local model without a registry entry gets the dialect its chat template writes calls in, as
 * its server shows the template: llama.cpp's GET /props ({@code chat_template}, and {@code
 * chat_template_tool_use} where it has one), vLLM's GET /tokenizer_info, Ollama's POST /api/show
 * ({@code template}, and {@code parser} for the models Ollama parses itself) — each answered by a
 * loopback server in the shape the real one answers, with real templates.
 */
class TemplateDialectTest {

    private JsonAnswers server;

    @BeforeEach
    void start() throws IOException {
        server = new JsonAnswers();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Described describe(String model) throws Exception {
        return server.providers().describe(server.registry().resolve(model));
    }

    @Test
    void llamaCppsToolUseTemplateNamesTheDialectOfAModelTheRegistryDoesNotKnow() throws Exception {
        ObjectNode props = llamaCppProps(template("llama.cpp/Qwen-Qwen2.5-7B-Instruct.jinja"));
        props.put("chat_template_tool_use", template("llama.cpp/GLM-4.6.jinja"));
        server.answer("GET /props", props.toString());

        Described d = describe("local/model.gguf");

        assertThat(d.model().nativeDialect()).as("the template requests with tools are rendered with").isEqualTo("glm");
        assertThat(d.model().dialectOrigin().source()).isEqualTo(DialectOrigin.Source.CHAT_TEMPLATE);
        assertThat(d.model().nativeDialectReason()).contains("<arg_key>");
        assertThat(d.model().contextWindow()).isEqualTo(32768);
    }

    /** llama.cpp's router answers a bare /props for itself (no template, n_ctx 0): the model is named. */
    @Test
    void llamaCppsRouterIsAskedForTheModelsOwnProps() throws Exception {
        server.answer("GET /props", "{\"role\":\"router\",\"max_instances\":4,\"models_autoload\":true,"
                + "\"model_alias\":\"llama-server\",\"model_path\":\"none\",\"default_generation_settings\":"
                + "{\"params\":{},\"n_ctx\":0},\"build_info\":\"b7100-3a2f1c9d\"}");
        server.answer("GET /props?model=ggml-org%2Fgemma-3-4b-it-GGUF%3AQ4_K_M",
                llamaCppProps(template("llama.cpp/Kimi-K2-Instruct.jinja")).toString());

        Described d = describe("local/ggml-org/gemma-3-4b-it-GGUF:Q4_K_M");

        assertThat(d.model().nativeDialect()).isEqualTo("kimi");
        assertThat(d.model().contextWindow()).isEqualTo(32768);
    }

    @Test
    void llamaCppsOnlyTemplateOutranksTheGuessFromTheModelsName() throws Exception {
        server.answer("GET /props", llamaCppProps(template("llama.cpp/Qwen3-Coder.jinja")).toString());

        Described d = describe("local/qwen3-30b-a3b-custom");

        assertThat(d.model().nativeDialect()).isEqualTo("qwen3-coder");
    }

    @Test
    void aTemplateOfNoKnownFamilyFallsBackAndSaysSo() throws Exception {
        server.answer("GET /props", llamaCppProps(template("llama.cpp/upstage-Solar-Open-100B.jinja")).toString());

        Described d = describe("local/solar-open");

        assertThat(d.model().nativeDialect()).isNull();
        assertThat(d.model().nativeDialectReason()).startsWith("hermes, the most widely trained dialect")
                .contains("<|tool_call:begin|>");
    }

    @Test
    void vllmShowsItsTemplateAtTokenizerInfo() throws Exception {
        ObjectNode info = Json.MAPPER.createObjectNode().put("tokenizer_class", "LlamaTokenizerFast")
                .put("model_max_length", 131072).put("chat_template", template("vllm/tool_chat_template_llama4_pythonic.jinja"));
        server.answer("GET /vllm/tokenizer_info", info.toString());
        server.answer("GET /vllm/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"my-llama\",\"object\":\"model\","
                + "\"owned_by\":\"vllm\",\"root\":\"my-llama\",\"max_model_len\":65536}]}");

        Described d = describe("vllm/my-llama");

        assertThat(d.model().nativeDialect()).isEqualTo("pythonic");
        assertThat(d.model().contextWindow()).isEqualTo(65536);
    }

    @Test
    void ollamasTemplateNamesTheDialect() throws Exception {
        server.answer("POST /api/show", ollamaShow(template("ollama/mistral-tools-example.gotmpl"), null).toString());

        Described d = describe("ollama/my-finetune:7b");

        assertThat(d.model().nativeDialect()).isEqualTo("mistral");
        assertThat(d.model().nativeDialectReason()).contains("[TOOL_CALLS]");
    }

    @Test
    void ollamasParserOutranksATemplateThatIsOnlyThePrompt() throws Exception {
        server.answer("POST /api/show", ollamaShow("{{ .Prompt }}", "glm-4.7").toString());

        Described d = describe("ollama/my-glm:latest");

        assertThat(d.model().nativeDialect()).isEqualTo("glm");
        assertThat(d.model().nativeDialectReason()).isEqualTo(
                "glm: Ollama reads its calls with its 'glm-4.7' parser (GLM-4.5 and later)");
    }

    @Test
    void aTemplateOfAFamilyOverrulesTheDialectOfTheModelsName() throws Exception {
        server.answer("POST /api/show", ollamaShow(template("ollama/command-r.gotmpl"), null).toString());

        Described d = describe("ollama/qwen3:8b");

        assertThat(d.model().nativeDialect()).as("Command R+'s template, not the Qwen3 name").isEqualTo("react");
    }

    @Test
    void aModelWhoseEntryNamesItsDialectAndContextAsksTheServerNothing() throws Exception {
        server.answer("GET /props", llamaCppProps(template("llama.cpp/GLM-4.6.jinja")).toString());
        ModelInfo entry = ModelInfo.generic("local", "my-mistral").withContextWindow(32768, "its entry")
                .withNativeDialect("mistral");

        Described d = server.providers().describe(entry);

        assertThat(d.model().nativeDialect()).isEqualTo("mistral");
        assertThat(server.requestCount()).isZero();
    }

    /** GET /props as llama-server answers it (tools/server/README.md), with {@code template} as its chat_template. */
    private static ObjectNode llamaCppProps(String template) {
        ObjectNode props = Json.MAPPER.createObjectNode();
        props.putObject("default_generation_settings").put("id", 0).put("n_ctx", 32768).put("speculative", false);
        props.put("total_slots", 1).put("model_alias", "model.gguf").put("model_path", "../models/model.gguf")
                .put("chat_template", template).put("bos_token", "<|endoftext|>").put("eos_token", "<|im_end|>")
                .put("build_info", "b6123-79c1160b").put("is_sleeping", false);
        props.putObject("modalities").put("vision", false).put("audio", false);
        props.putObject("chat_template_caps").put("supports_tools", true).put("supports_tool_calls", true);
        return props;
    }

    /** POST /api/show as Ollama answers it (api/types.go ShowResponse), tokenizer arrays left out. */
    private static ObjectNode ollamaShow(String template, String parser) {
        ObjectNode show = Json.MAPPER.createObjectNode();
        show.put("modelfile", "FROM /models/blobs/sha256-…").put("parameters", "stop \"</s>\"").put("template", template);
        if (parser != null) {
            show.put("renderer", parser).put("parser", parser);
        }
        show.putObject("details").put("format", "gguf").put("family", "llama").put("parameter_size", "7.2B")
                .put("quantization_level", "Q4_K_M");
        show.putObject("model_info").put("general.architecture", "llama").put("llama.context_length", 32768);
        show.putArray("capabilities").add("completion").add("tools");
        return show;
    }

    private static String template(String file) {
        try (InputStream in = TemplateDialectTest.class.getResourceAsStream("/dev/rosetta/llm/template/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
