package dev.rosetta.llm.ollama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.provider.ProviderDirectory;
import tools.jackson.databind.JsonNode;

/** Ollama's /api/chat against a loopback server that answers as Ollama's docs and server code do. */
class OllamaProviderTest {

    private static final ToolSpec SHELL = new ToolSpec("shell", "Runs a command.", "",
            List.of(Parameter.body("command", "the command", true)), List.of("shell"), List.of(), List.of());
    private static final String DONE = "{\"model\":\"qwen3:8b\",\"created_at\":\"2025-07-07T20:22:19.19314Z\","
            + "\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done_reason\":\"stop\",\"done\":true,"
            + "\"total_duration\":182242375,\"load_duration\":41295167,\"prompt_eval_count\":169,"
            + "\"prompt_eval_duration\":24573166,\"eval_count\":15,\"eval_duration\":115959084}";

    private final OllamaServer ollama = server();
    private final List<Duration> waits = new ArrayList<>();
    private HttpTransport transport;

    @AfterEach
    void stop() {
        ollama.close();
        if (transport != null) {
            transport.close();
        }
    }

    @Test
    void thinkingThenTextStreamAsOllamaSendsThem() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"\",\"thinking\":\"The user \"}"),
                line("{\"role\":\"assistant\",\"content\":\"\",\"thinking\":\"greets.\"}"),
                line("{\"role\":\"assistant\",\"content\":\"Hel\"}"),
                line("{\"role\":\"assistant\",\"content\":\"lo!\"}"), DONE);

        List<ChatEvent> events = drain(provider(null).chat(request("hi")));

        assertThat(events).containsExactly(new ThinkingDelta("The user "), new ThinkingDelta("greets."),
                new ReasoningCompleted(Reasoning.of(OllamaProvider.REASONING_ORIGIN, "The user greets.", null)),
                new TextDelta("Hel"), new TextDelta("lo!"), new Usage(169, 15, 0, 0),
                new Finished(StopReason.END_TURN, "stop", null));
    }

    @Test
    void aNativeCallWithoutAnIdGetsOneAndComesWhole() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"function\":{\"name\":\"shell\","
                + "\"arguments\":{\"command\":\"ls -la\"}}},{\"function\":{\"name\":\"shell\",\"arguments\":"
                + "{\"command\":\"pwd\"}}}]}"), DONE);

        List<ChatEvent> events = drain(provider(null).chat(request("list").withTools(List.of(SHELL))));

        List<ToolCallCompleted> calls = events.stream().filter(ToolCallCompleted.class::isInstance)
                .map(ToolCallCompleted.class::cast).toList();
        assertThat(calls).extracting(ToolCallCompleted::index).containsExactly(0, 1);
        assertThat(calls).extracting(ToolCallCompleted::argumentsJson)
                .containsExactly("{\"command\":\"ls -la\"}", "{\"command\":\"pwd\"}");
        assertThat(calls).extracting(ToolCallCompleted::id).allMatch(id -> id.startsWith("call_")).doesNotHaveDuplicates();
        assertThat(((Finished) events.getLast()).reason()).isEqualTo(StopReason.TOOL_USE);
    }

    @Test
    void aCallIdTheServerSendsIsKept() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"id\":\"call_k2jz0a1q\","
                + "\"function\":{\"index\":0,\"name\":\"shell\",\"arguments\":{\"command\":\"date\"}}}]}"), DONE);

        List<ChatEvent> events = drain(provider(null).chat(request("date").withTools(List.of(SHELL))));

        assertThat(events).filteredOn(ToolCallCompleted.class::isInstance)
                .containsExactly(new ToolCallCompleted(0, "call_k2jz0a1q", "shell", "{\"command\":\"date\"}"));
    }

    @Test
    void numCtxIsTheModelsOwnContextFromApiShowAskedOnce() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"one\"}"), DONE);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"two\"}"), DONE);
        OllamaProvider provider = provider(null);

        drain(provider.chat(request("first")));
        drain(provider.chat(request("second")));

        assertThat(ollama.chatBody(0).path("options").path("num_ctx").intValue()).isEqualTo(40960);
        assertThat(ollama.chatBody(1).path("options").path("num_ctx").intValue()).isEqualTo(40960);
        assertThat(ollama.requests("/api/show")).hasSize(1);
    }

    @Test
    void localContextCapsTheContextAndARecordedOneIsUsedOverTheServers() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"a\"}"), DONE);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"b\"}"), DONE);

        drain(provider(new OllamaProvider.ContextLimit(null, 16384)).chat(request("capped")));
        drain(provider(new OllamaProvider.ContextLimit(32768, null)).chat(request("recorded")));

        assertThat(ollama.chatBody(0).path("options").path("num_ctx").intValue()).isEqualTo(16384);
        assertThat(ollama.chatBody(1).path("options").path("num_ctx").intValue()).isEqualTo(32768);
    }

    @Test
    void aModelNotPulledIsOneLineSayingOllamaPull() throws Exception {
        assertThatThrownBy(() -> provider(null).chat(request("hi")))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind()).isEqualTo(Kind.CONFIG))
                .hasMessage("Ollama at " + ollama.base() + " has no model 'qwen3:8b': pull it with `ollama pull qwen3:8b`"
                        + " (`ollama list` shows what it has)");
        assertThat(ollama.requests("/api/chat")).isEmpty();
    }

    @Test
    void aServerNotRunningIsOneLineNamingTheUrlAndOllamaServe() throws Exception {
        URI nobody = closedPort();
        OllamaModels models = new OllamaModels(nobody, transport(), Map.of());
        OllamaProvider provider = new OllamaProvider(new ProviderDirectory(List.of(), Map.of()).require("ollama"), models,
                Optional.empty(), transport(), new OllamaProvider.ContextLimit(null, null), null);

        assertThatThrownBy(() -> provider.chat(request("hi")))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind()).isEqualTo(Kind.CONNECTION))
                .hasMessageStartingWith("Ollama is not answering at " + nobody + " (ollama refused the connection)")
                .hasMessageEndingWith("start it with `ollama serve`, or set OLLAMA_HOST to where it runs");
        assertThat(waits).as("a server that is not there is said at once").isEmpty();
    }

    @Test
    void aModelWithoutToolsInToolFormatSaysSoAndSuggestsTheNativeFormat() throws Exception {
        ollama.model("gemma3", OllamaServer.GEMMA3_SHOW);

        assertThatThrownBy(() -> provider(null).chat(ChatRequest.of("gemma3", List.of(Message.user("ls")))
                .withTools(List.of(SHELL))))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind()).isEqualTo(Kind.CONFIG))
                .hasMessage("ollama/gemma3 takes no native tools (Ollama lists its capabilities as completion, vision);"
                        + " use --tool-format native to have it write its calls as text");
        assertThat(ollama.requests("/api/chat")).isEmpty();
    }

    @Test
    void historyIsSpelledAsOllamaTakesItWithEachResultNamingItsToolAndCall() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"Done.\"}"), DONE);
        List<Message> history = List.of(Message.system("You are Rosetta."), Message.system("Tools: shell."),
                Message.user("where am I?"),
                new Message(dev.rosetta.core.message.Role.ASSISTANT, "Checking.",
                        List.of(ToolUse.named("shell", Map.of("command", "pwd"), "call_1")), null, false, null,
                        List.of(Reasoning.of(OllamaProvider.REASONING_ORIGIN, "Run pwd.", null))),
                Message.toolResult("call_1", ToolResult.ok("/home/me")), Message.system("The user is watching."));

        drain(provider(null).chat(new ChatRequest("qwen3:8b", history, List.of(SHELL), 512, 0.2, List.of("</end>"),
                null, true)));

        JsonNode body = ollama.chatBody(0);
        assertThat(body.path("messages")).isEqualTo(dev.rosetta.core.json.Json.MAPPER.readTree("""
                [{"role":"system","content":"You are Rosetta.\\n\\nTools: shell."},
                 {"role":"user","content":"where am I?"},
                 {"role":"assistant","content":"Checking.","thinking":"Run pwd.",
                  "tool_calls":[{"id":"call_1","function":{"name":"shell","arguments":{"command":"pwd"}}}]},
                 {"role":"tool","content":"/home/me","tool_name":"shell","tool_call_id":"call_1"},
                 {"role":"user","content":"<system>\\nThe user is watching.\\n</system>"}]"""));
        assertThat(body.path("tools").get(0).path("function").path("parameters").path("required").get(0).stringValue())
                .isEqualTo("command");
        assertThat(body.path("options")).isEqualTo(dev.rosetta.core.json.Json.MAPPER.readTree(
                "{\"num_ctx\":40960,\"num_predict\":512,\"temperature\":0.2,\"stop\":[\"</end>\"]}"));
        assertThat(body.has("think")).as("the model's own default").isFalse();
    }

    @Test
    void thinkIsTrueOrFalseAndALevelForGptOss() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.model("gpt-oss:20b", OllamaServer.GPT_OSS_SHOW);
        for (int i = 0; i < 3; i++) {
            ollama.chat(line("{\"role\":\"assistant\",\"content\":\"ok\"}"), DONE);
        }
        OllamaProvider provider = provider(null);

        drain(provider.chat(request("a").withThinking(Thinking.HIGH)));
        drain(provider.chat(request("b").withThinking(Thinking.OFF)));
        drain(provider.chat(ChatRequest.of("gpt-oss:20b", List.of(Message.user("c"))).withThinking(Thinking.LOW)));

        assertThat(ollama.chatBody(0).path("think").booleanValue()).isTrue();
        assertThat(ollama.chatBody(1).path("think").isBoolean()).isTrue();
        assertThat(ollama.chatBody(1).path("think").booleanValue()).isFalse();
        assertThat(ollama.chatBody(2).path("think").stringValue()).isEqualTo("low");
    }

    @Test
    void aModelThatDoesNotThinkIsSaidSoAndNotSentThink() throws Exception {
        ollama.model("gemma3", OllamaServer.GEMMA3_SHOW);
        ollama.model("gpt-oss:20b", OllamaServer.GPT_OSS_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"ok\"}"), DONE);
        OllamaProvider provider = provider(null);

        assertThat(provider.thinkingProblem("gemma3", Thinking.MEDIUM)).contains("ollama/gemma3 does not think (Ollama"
                + " lists no thinking capability for it); thinking medium is not sent");
        assertThat(provider.thinkingProblem("gpt-oss:20b", Thinking.OFF)).hasValueSatisfying(p -> assertThat(p)
                .contains("always thinks"));
        assertThat(provider.thinkingProblem("gemma3", Thinking.OFF)).isEmpty();
        drain(provider.chat(ChatRequest.of("gemma3", List.of(Message.user("x"))).withThinking(Thinking.MEDIUM)));
        assertThat(ollama.chatBody(0).has("think")).as("think: true would be a 400").isFalse();
    }

    @Test
    void anErrorLineAfterOutputEndsTheReplyKeepingTheText() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"Par\"}"), "{\"error\":\"an error was encountered while"
                + " running the model: unexpected EOF\"}");

        List<ChatEvent> events = drain(provider(null).chat(request("hi")));

        assertThat(events.getFirst()).isEqualTo(new TextDelta("Par"));
        Finished end = (Finished) events.getLast();
        assertThat(end.reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(end.error().getMessage()).isEqualTo("ollama reported an error: an error was encountered while"
                + " running the model: unexpected EOF");
    }

    @Test
    void aReplyNotStreamedIsOneObjectReadTheSameWay() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(OllamaServer.json(200, "{\"model\":\"qwen3:8b\",\"created_at\":\"2023-12-12T14:13:43.416799Z\","
                + "\"message\":{\"role\":\"assistant\",\"content\":\"Hello! How are you today?\"},\"done_reason\":\"stop\","
                + "\"done\":true,\"total_duration\":5191566416,\"prompt_eval_count\":26,\"eval_count\":298}"));

        List<ChatEvent> events = drain(provider(null).chat(request("hi").withStream(false)));

        assertThat(events).containsExactly(new TextDelta("Hello! How are you today?"), new Usage(26, 298, 0, 0),
                new Finished(StopReason.END_TURN, "stop", null));
        assertThat(ollama.chatBody(0).path("stream").booleanValue()).isFalse();
    }

    @Test
    void aModelTooLargeForMemorySaysWhichContextWasAskedForAndHowToLowerIt() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(OllamaServer.json(400, "{\"error\":\"model requires more system memory (23.4 GiB) than is"
                + " available (15.2 GiB)\"}"));

        assertThatThrownBy(() -> drain(provider(null).chat(request("hi"))))
                .hasMessageContaining("model requires more system memory")
                .hasMessageEndingWith("Rosetta asked for a context of 40960 tokens (num_ctx): set a smaller [models]"
                        + " local_context in config.toml");
    }

    @Test
    void keepAliveIsSentWhenSet() throws Exception {
        ollama.model("qwen3:8b", OllamaServer.QWEN3_SHOW);
        ollama.chat(line("{\"role\":\"assistant\",\"content\":\"ok\"}"), DONE);
        OllamaProvider provider = new OllamaProvider(new ProviderDirectory(List.of(), Map.of()).require("ollama"),
                new OllamaModels(ollama.base(), transport(), Map.of()), Optional.empty(), transport(),
                new OllamaProvider.ContextLimit(null, null), "30m");

        drain(provider.chat(request("hi")));

        assertThat(ollama.chatBody(0).path("keep_alive").stringValue()).isEqualTo("30m");
    }

    @Test
    void tagsListEveryModelWithItsSizeAndQuantisation() throws Exception {
        ollama.tags("""
                {"models":[{"name":"deepseek-r1:latest","model":"deepseek-r1:latest","modified_at":"2025-05-10T08:06:48.639712648-07:00","size":4683075271,"digest":"0a8c266910232fd3291e71e5ba1e058cc5af9d411192cf88b6d30e92b6e73163","details":{"parent_model":"","format":"gguf","family":"qwen2","families":["qwen2"],"parameter_size":"7.6B","quantization_level":"Q4_K_M"}},
                 {"name":"llama3.2:latest","model":"llama3.2:latest","modified_at":"2025-05-04T17:37:44.706015396-07:00","size":2019393189,"digest":"a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72","details":{"parent_model":"","format":"gguf","family":"llama","families":["llama"],"parameter_size":"3.2B","quantization_level":"Q4_K_M"}}]}""");

        var models = new OllamaModels(ollama.base(), transport(), Map.of()).tags();

        assertThat(models).containsExactly(
                new dev.rosetta.llm.model.LocalModel("ollama/deepseek-r1:latest", 4683075271L, "7.6B", "Q4_K_M"),
                new dev.rosetta.llm.model.LocalModel("ollama/llama3.2:latest", 2019393189L, "3.2B", "Q4_K_M"));
    }

    @Test
    void theContextLengthIsTheArchitecturesAndFallsBackToAnyOrTheDetails() {
        var json = dev.rosetta.core.json.Json.MAPPER;
        assertThat(OllamaModels.contextLength(json.readTree("{\"general.architecture\":\"llama\","
                + "\"llama.context_length\":8192,\"clip.context_length\":77}"), json.createObjectNode())).isEqualTo(8192);
        assertThat(OllamaModels.contextLength(json.readTree("{\"qwen2.context_length\":32768}"),
                json.createObjectNode())).isEqualTo(32768);
        assertThat(OllamaModels.contextLength(json.createObjectNode(), json.readTree("{\"context_length\":4096}")))
                .isEqualTo(4096);
        assertThat(OllamaModels.contextLength(json.createObjectNode(), json.createObjectNode())).isNull();
    }

    private OllamaProvider provider(OllamaProvider.ContextLimit limit) {
        return new OllamaProvider(new ProviderDirectory(List.of(), Map.of()).require("ollama"),
                new OllamaModels(ollama.base(), transport(), Map.of()), Optional.empty(), transport(),
                limit == null ? new OllamaProvider.ContextLimit(null, null) : limit, null);
    }

    private HttpTransport transport() {
        if (transport == null) {
            transport = new HttpTransport("ollama", new HttpTransport.Settings(Duration.ofSeconds(2),
                    Duration.ofSeconds(5), Duration.ofSeconds(5), new RetryPolicy(2, Duration.ofMillis(10),
                            Duration.ofSeconds(1))), waits::add);
        }
        return transport;
    }

    private static ChatRequest request(String text) {
        return ChatRequest.of("qwen3:8b", List.of(Message.user(text)));
    }

    private static String line(String message) {
        return "{\"model\":\"qwen3:8b\",\"created_at\":\"2025-07-07T20:22:19.184789Z\",\"message\":" + message
                + ",\"done\":false}";
    }

    private static List<ChatEvent> drain(ChatStream stream) {
        List<ChatEvent> events = new ArrayList<>();
        try (stream) {
            for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
                events.add(e);
            }
        }
        return events;
    }

    private static URI closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
    }

    private static OllamaServer server() {
        try {
            return new OllamaServer();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
