package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.llm.Providers.Described;
import dev.rosetta.llm.model.LocalModel;
import dev.rosetta.llm.model.ModelRegistry;

/**
 * What the servers a user runs say about their models reaches the model's entry: Ollama's
 * /api/show, llama.cpp's /props, vLLM's and llama.cpp's /v1/models — each answered here by a
 * loopback server as the real one answers (llama.cpp tools/server/README.md, vLLM's ModelCard).
 */
class DescribedModelsTest {

    private JsonAnswers server;
    private Providers providers;
    private ModelRegistry registry;

    @BeforeEach
    void start() throws IOException {
        server = new JsonAnswers();
        use(server.env(), null);
    }

    private void use(Map<String, String> env, Integer localContext) {
        registry = ModelRegistry.bundled(server.directory(env), w -> { });
        providers = server.providers(env, localContext);
    }

    @AfterEach
    void stop() {
        providers.close();
        server.close();
    }

    @Test
    void anOllamaModelsContextIsTheNumCtxItsRequestsAskFor() throws Exception {
        server.answer("POST /api/show", "{\"details\":{\"family\":\"qwen3\"},\"model_info\":{\"general.architecture\":"
                + "\"qwen3\",\"qwen3.context_length\":40960},\"capabilities\":[\"completion\",\"tools\",\"thinking\"]}");

        Described d = providers.describe(registry.resolve("ollama/qwen3:8b"));

        assertThat(d.model().contextWindow()).isEqualTo(40960);
        assertThat(d.model().nativeDialect()).isEqualTo("hermes");
        assertThat(d.served().local()).isTrue();
        assertThat(d.served().nativeTools()).isTrue();
        assertThat(d.served().thinking()).isTrue();
    }

    @Test
    void localContextCapsAnOllamaModelsContext() throws Exception {
        use(Map.of("OLLAMA_HOST", server.root()), 8192);
        server.answer("POST /api/show", "{\"model_info\":{\"general.architecture\":\"llama\",\"llama.context_length\":131072},"
                + "\"capabilities\":[\"completion\"]}");

        Described d = providers.describe(registry.resolve("ollama/llama3.2"));

        assertThat(d.model().contextWindow()).isEqualTo(8192);
        assertThat(d.model().note()).contains("[models] local_context");
        assertThat(d.served().nativeTools()).isFalse();
    }

    @Test
    void anOllamaModelNotPulledFailsTheDescription() {
        assertThatThrownBy(() -> providers.describe(registry.resolve("ollama/qwen3:8b")))
                .hasMessageContaining("ollama pull qwen3:8b");
    }

    @Test
    void llamaCppReportsTheContextOfItsSlotsInProps() throws Exception {
        server.answer("GET /props", """
                {"default_generation_settings":{"id":0,"id_task":-1,"n_ctx":16384,"speculative":false,"is_processing":false},
                 "total_slots":1,"model_path":"../models/Qwen3-Coder-30B-A3B-Instruct-Q4_K_M.gguf","chat_template":"...",
                 "modalities":{"vision":false},"build_info":"b6123-79c1160b"}""");
        server.answer("GET /v1/models", """
                {"object":"list","data":[{"id":"qwen3-coder","object":"model","created":1735142223,"owned_by":"llamacpp",
                 "meta":{"vocab_type":2,"n_vocab":151936,"n_ctx_train":262144,"n_embd":2048,"n_params":30532122624,"size":18556682240}}]}""");

        Described d = providers.describe(registry.resolve("local/qwen3-coder"));

        assertThat(d.model().contextWindow()).as("the context it runs with, not the one it was trained with")
                .isEqualTo(16384);
        assertThat(d.model().nativeDialect()).isEqualTo("qwen3-coder");
    }

    @Test
    void withoutPropsTheModelListSaysItVllmsMaxModelLenOrLlamaCppsTrainingContext() throws Exception {
        server.answer("GET /vllm/v1/models", """
                {"object":"list","data":[{"id":"Qwen/Qwen2.5-Coder-32B-Instruct","object":"model","created":1754922000,
                 "owned_by":"vllm","root":"Qwen/Qwen2.5-Coder-32B-Instruct","parent":null,"max_model_len":32768,
                 "permission":[]}]}""");
        server.answer("GET /v1/models", """
                {"object":"list","data":[{"id":"../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf","object":"model",
                 "created":1735142223,"owned_by":"llamacpp","meta":{"n_ctx_train":131072,"size":4912898304}}]}""");

        assertThat(providers.describe(registry.resolve("vllm/Qwen/Qwen2.5-Coder-32B-Instruct")).model().contextWindow())
                .isEqualTo(32768);
        assertThat(providers.describe(registry.resolve("local/llama3.1")).model().contextWindow())
                .as("the only model the server has").isEqualTo(131072);
    }

    @Test
    void aServerThatSaysNothingLeavesTheRegistrysDefault() throws Exception {
        Described d = providers.describe(registry.resolve("local/mystery"));

        assertThat(d.model().contextWindow()).isNull();
        assertThat(d.model().contextWindowOrDefault()).isEqualTo(128_000);
        assertThat(d.served().local()).isTrue();
    }

    @Test
    void aHostedModelIsNotAsked() throws Exception {
        Described d = providers.describe(registry.resolve("deepseek/deepseek-chat"));

        assertThat(d.served().local()).isFalse();
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void theLocalModelsAreOllamasTagsAndAnotherServersModelList() throws Exception {
        server.answer("GET /api/tags", "{\"models\":[{\"name\":\"qwen3:8b\",\"model\":\"qwen3:8b\",\"size\":5225388164,"
                + "\"details\":{\"parameter_size\":\"8.2B\",\"quantization_level\":\"Q4_K_M\"}}]}");
        server.answer("GET /v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"gemma-3-12b\",\"object\":\"model\"}]}");

        assertThat(providers.localModels("ollama")).containsExactly(
                new LocalModel("ollama/qwen3:8b", 5225388164L, "8.2B", "Q4_K_M"));
        assertThat(providers.localModels("local")).containsExactly(new LocalModel("local/gemma-3-12b", null, null, null));
    }
}
