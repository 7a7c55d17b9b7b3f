package dev.rosetta.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.llm.schema.ToolSchemas;

/**
 * Every built-in tool goes out with {@code strict: true} to a model that takes it — {@code read}
 * and its optional line range too — and a server that checks strict schemas as OpenAI does takes
 * them all.
 */
class StrictToolsTest {

    private final StrictModeServer openai = server();

    @AfterEach
    void stop() {
        openai.close();
    }

    @Test
    void everyBuiltinToolIsStrictAndAServerThatValidatesLikeOpenAiAcceptsThem() throws Exception {
        List<ToolSpec> tools = BuiltinTools.catalog().tools();

        try (ChatStream reply = provider().chat(ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(tools))) {
            assertThat(Harness.text(Harness.drain(reply))).isEqualTo("ok");
        }

        assertThat(openai.refusals).isEmpty();
        var sent = Json.MAPPER.readTree(openai.server.takeRequest().getBody().utf8()).path("tools");
        assertThat(sent.size()).isEqualTo(tools.size());
        assertThat(sent.valueStream().map(t -> t.path("function").path("strict").asBoolean(false))).containsOnly(true);
        var read = sent.valueStream().filter(t -> t.path("function").path("name").asString().equals("read")).findFirst()
                .orElseThrow().path("function").path("parameters");
        assertThat(read.path("properties").path("lines").path("type")).isEqualTo(Json.MAPPER.readTree("[\"string\",\"null\"]"));
        assertThat(read.path("required")).isEqualTo(Json.MAPPER.readTree("[\"path\",\"lines\"]"));
    }

    @Test
    void theServerRefusesAnOptionalParameterLeftOutOfRequiredAsOpenAiDoes() {
        ToolSpec read = BuiltinTools.catalog().resolve("read").orElseThrow();
        tools.jackson.databind.JsonNode loose = Json.MAPPER.valueToTree(ToolSchemas.parameters(read));

        assertThat(StrictModeServer.problem(loose, "()"))
                .isEqualTo("In context=(), 'required' is required to be supplied and to be an array including every"
                        + " key in properties. Missing 'lines'.");
        assertThat(StrictModeServer.problem(Json.MAPPER.valueToTree(ToolSchemas.strictParameters(read)), "()")).isNull();
    }

    @Test
    void aToolWhoseParametersCannotBeSaidStrictlyIsSentWithoutStrict() throws Exception {
        ToolSpec listing = new ToolSpec("tag", "Tags files.", "",
                List.of(dev.rosetta.core.tool.Parameter.named("paths", "array", "files", true)), List.of("tag"),
                List.of(), List.of());

        assertThat(ToolSchemas.strict(listing, true)).as("an array without its items").isFalse();
        try (ChatStream reply = provider().chat(ChatRequest.of("gpt-4.1", List.of(Message.user("hi")))
                .withTools(List.of(listing)))) {
            Harness.drain(reply);
        }
        assertThat(openai.refusals).isEmpty();
    }

    private ChatCompletionsProvider provider() {
        ProviderSettings settings = new ProviderDirectory(List.of(), Map.of()).require("openai");
        var transport = new HttpTransport("openai", new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5),
                Duration.ofSeconds(5), RetryPolicy.NONE));
        return new ChatCompletionsProvider(settings, URI.create(openai.server.url("/v1").toString()),
                Optional.of(ApiKey.of("sk-test-SECRET-4242", "OPENAI_API_KEY")), transport,
                new ModelTraits(true, true, false));
    }

    private static StrictModeServer server() {
        try {
            return new StrictModeServer();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
