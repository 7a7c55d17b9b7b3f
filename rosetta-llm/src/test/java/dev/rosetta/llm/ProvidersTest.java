package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.Providers.OpenAiApi;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/** Each model reaches the API its registry entry names, on a real server on loopback. */
class ProvidersTest {

    private final MockWebServer server = new MockWebServer();
    private ProviderDirectory directory;
    private ModelRegistry registry;

    @BeforeEach
    void start() throws IOException {
        server.start();
        String base = server.url("").toString().replaceAll("/$", "");
        directory = new ProviderDirectory(List.of(), Map.of(
                "OPENAI_BASE_URL", base + "/v1", "OPENAI_API_KEY", "sk-test-SECRET-4242",
                "ANTHROPIC_BASE_URL", base, "ANTHROPIC_API_KEY", "sk-ant-test-SECRET-4242",
                "DEEPSEEK_BASE_URL", base + "/deepseek", "DEEPSEEK_API_KEY", "ds-test"));
        registry = ModelRegistry.bundled(directory, w -> { });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private RecordedRequest sendTo(String model, OpenAiApi api) throws Exception {
        return sendTo(model, api, List.of());
    }

    private RecordedRequest sendTo(String model, OpenAiApi api, List<ToolSpec> tools) throws Exception {
        server.enqueue(new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"stop here\"}}").build());
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5),
                RetryPolicy.NONE);
        Provider provider = new Providers(directory, settings, api).forModel(registry.resolve(model));
        ChatRequest request = ChatRequest.of(registry.resolve(model).id(), List.of(Message.user("hi"))).withTools(tools);
        assertThatThrownBy(() -> provider.chat(request))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.providerMessage()).isEqualTo("stop here"));
        return server.takeRequest();
    }

    @Test
    void responsesModelsGoToResponses() throws Exception {
        assertThat(sendTo("openai/gpt-5", OpenAiApi.AUTO).getUrl().encodedPath()).isEqualTo("/v1/responses");
    }

    @Test
    void otherOpenAiModelsGoToChatCompletions() throws Exception {
        assertThat(sendTo("openai/gpt-4.1", OpenAiApi.AUTO).getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
    }

    @Test
    void configCanChooseTheOpenAiApi() throws Exception {
        assertThat(sendTo("openai/gpt-5", OpenAiApi.CHAT_COMPLETIONS).getUrl().encodedPath())
                .isEqualTo("/v1/chat/completions");
        assertThat(sendTo("openai/gpt-4.1", OpenAiApi.RESPONSES).getUrl().encodedPath()).isEqualTo("/v1/responses");
    }

    @Test
    void anthropicModelsGoToMessagesWithTheirHeaders() throws Exception {
        RecordedRequest r = sendTo("sonnet", OpenAiApi.AUTO);
        assertThat(r.getUrl().encodedPath()).isEqualTo("/v1/messages");
        assertThat(r.getHeaders().get("x-api-key")).isEqualTo("sk-ant-test-SECRET-4242");
        assertThat(r.getHeaders().get("anthropic-version")).isEqualTo("2023-06-01");
    }

    @Test
    void whetherAModelMayCallToolsInParallelReachesEveryApiFromTheRegistry() throws Exception {
        List<ToolSpec> shell = List.of(ToolSpec.named("shell"));
        JsonNode haiku = body(sendTo("anthropic/claude-haiku-4-5-20251001", OpenAiApi.AUTO, shell));
        JsonNode sonnet = body(sendTo("sonnet", OpenAiApi.AUTO, shell));
        JsonNode gpt41 = body(sendTo("openai/gpt-4.1", OpenAiApi.AUTO, shell));
        assertThat(haiku.path("tool_choice").path("disable_parallel_tool_use").asBoolean(false)).isTrue();
        assertThat(sonnet.has("tool_choice")).isFalse();
        assertThat(gpt41.path("parallel_tool_calls").asBoolean(false)).isTrue();
    }

    private static JsonNode body(RecordedRequest request) {
        return Json.MAPPER.readTree(request.getBody().utf8());
    }

    @Test
    void compatibleProvidersNeverGoToResponses() throws Exception {
        assertThat(sendTo("deepseek/deepseek-chat", OpenAiApi.RESPONSES).getUrl().encodedPath())
                .isEqualTo("/deepseek/chat/completions");
    }

    @Test
    void missingKeyFailsBeforeAnyRequestNamingTheVariable() {
        ProviderDirectory noKeys = new ProviderDirectory(List.of(), Map.of());
        Providers providers = new Providers(noKeys, HttpTransport.Settings.DEFAULT, OpenAiApi.AUTO);
        assertThatThrownBy(() -> providers.forModel(registry.resolve("openai/gpt-4.1")))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ProviderException.Kind.CONFIG);
                    assertThat(e.getMessage()).contains("OPENAI_API_KEY");
                });
        assertThat(server.getRequestCount()).isZero();
    }

    /** Issue 24 §4: the providers of ChatCLI's native tool use, at the endpoints and keys their docs give. */
    @Test
    void zaiAndMiniMaxAreHostedCompatibleProvidersWithTheirDocumentedKeysAndEndpoints() throws Exception {
        ProviderDirectory noKeys = new ProviderDirectory(List.of(), Map.of());
        for (String[] p : new String[][] {{"zai", "ZAI_API_KEY", "https://api.z.ai/api/paas/v4"},
                {"minimax", "MINIMAX_API_KEY", "https://api.minimax.io/v1"}}) {
            var settings = noKeys.require(p[0]);
            assertThat(settings.keyEnv()).isEqualTo(p[1]);
            assertThat(settings.nativeTools()).isTrue();
            assertThat(ProviderDirectory.selfHosted(settings)).as("hosted: never asked for its models").isFalse();
            assertThat(noKeys.baseUrl(settings)).hasToString(p[2]);
            assertThatThrownBy(() -> noKeys.key(settings)).hasMessage("no API key for " + p[0] + ": set " + p[1]
                    + " (in the environment, or in the [env] table of ~/.config/rosetta/config.local.toml)");
        }
        assertThat(registry.resolve("glm").name()).isEqualTo("zai/glm-4.7");
        assertThat(registry.resolve("minimax").name()).isEqualTo("minimax/MiniMax-M2.7");
        assertThat(registry.resolve("zai/glm-4.7").nativeDialect()).as("GLM, by name").isEqualTo("glm");
    }

    /** Issue 10 #3: the HTTP client's own error quoted the whole header, key and all. */
    @Test
    void aKeyHoldingAControlCharacterIsOneLineNamingTheVariableNeverTheValue() {
        for (String bad : List.of("sk-live-SECRET-4242\u0001", "sk-live-\nSECRET-4242", "sk-live-SECRET\u200b-4242")) {
            ProviderDirectory keys = new ProviderDirectory(List.of(), Map.of("OPENAI_API_KEY", bad));
            Providers providers = new Providers(keys, HttpTransport.Settings.DEFAULT, OpenAiApi.AUTO);
            assertThatThrownBy(() -> providers.forModel(registry.resolve("openai/gpt-4.1")))
                    .isInstanceOfSatisfying(ProviderException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ProviderException.Kind.CONFIG);
                        assertThat(e.getMessage()).startsWith("the value of OPENAI_API_KEY holds a")
                                .doesNotContain("SECRET").doesNotContain("\n");
                    });
        }
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void reasoningTraitsAreOnlyForOpenAisOwnApis() {
        var openai = directory.find("openai").orElseThrow();
        var deepseek = directory.find("deepseek").orElseThrow();
        assertThat(Providers.traits(openai, registry.resolve("openai/o3")).reasoning()).isTrue();
        assertThat(Providers.traits(deepseek, registry.resolve("deepseek/deepseek-reasoner")).reasoning()).isFalse();
    }
}
