package dev.rosetta.llm.openai;

import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.Thinking;
import static dev.rosetta.llm.openai.Harness.drain;
import static dev.rosetta.llm.openai.Harness.resource;
import static dev.rosetta.llm.openai.Harness.sse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.UnansweredCall;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/** What goes over the wire: the URL, the headers and the body, for each kind of provider. */
class ChatCompletionsRequestTest {

    static final ToolSpec SHELL = new ToolSpec("shell", "Executes shell commands.", "",
            List.of(Parameter.named("command", "string", "The command to run", true)), List.of("shell"), List.of(),
            List.of());
    static final ToolSpec READ = new ToolSpec("read", "Reads a file.", "",
            List.of(Parameter.named("path", "string", "The file", true),
                    Parameter.named("limit", "integer", "At most this many lines", false)),
            List.of("read"), List.of(), List.of());

    /**
     * Two native calls; a plain system message lands between them and their results; the first
     * call has two results, the second none; a result answers a call that does not exist.
     */
    static final List<Message> CONVERSATION = List.of(
            Message.system("You are Rosetta."),
            Message.user("List the files and show the date."),
            Message.assistant("Let me check.",
                    List.of(ToolUse.named("shell", Map.of("command", "ls"), "call_1"),
                            ToolUse.named("shell", Map.of("command", "date"), "call_2")),
                    List.of(Reasoning.of("openai-chat", "Two commands will do.", null))),
            Message.system("The workspace is /tmp/w."),
            Message.toolResult("call_1", ToolResult.ok("a.txt")),
            Message.toolResult("call_1", ToolResult.error(ErrorCode.TIMEOUT, "ls timed out on b/")),
            Message.toolResult("call_9", ToolResult.ok("stray output")),
            Message.user("Thanks."));

    private Harness harness;

    @BeforeEach
    void start() throws Exception {
        harness = new Harness();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private RecordedRequest send(ChatCompletionsProvider provider, ChatRequest request) throws Exception {
        harness.server.enqueue(sse(resource("openai-text.sse")));
        try (ChatStream stream = provider.chat(request)) {
            drain(stream);
        }
        return harness.take();
    }

    private static JsonNode body(RecordedRequest request) {
        return Json.MAPPER.readTree(request.getBody().utf8());
    }

    private static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }

    @Test
    void streamingRequestGoesToChatCompletionsWithTheBearerKeyAndAsksForUsage() throws Exception {
        RecordedRequest request = send(harness.provider("openai"),
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withMaxTokens(500));

        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
        assertThat(request.getHeaders().get("authorization")).isEqualTo("Bearer " + Harness.KEY);
        assertThat(body(request)).isEqualTo(json("""
                {"model":"gpt-4.1","messages":[{"role":"user","content":"hi"}],"stream":true,
                 "stream_options":{"include_usage":true},"max_completion_tokens":500}"""));
    }

    @Test
    void compatibleServersGetMaxTokensAndNoStreamOptionsWhenNotStreaming() throws Exception {
        harness.server.enqueue(Harness.json(resource("openai-completion-text.json")));
        try (ChatStream stream = harness.provider("deepseek").chat(
                ChatRequest.of("deepseek-chat", List.of(Message.user("hi"))).withMaxTokens(500).withStream(false))) {
            drain(stream);
        }
        assertThat(harness.body()).isEqualTo(json("""
                {"model":"deepseek-chat","messages":[{"role":"user","content":"hi"}],"stream":false,"max_tokens":500}"""));
    }

    @Test
    void withoutNativeToolsTheBodyHasNoToolsAndNoParallelToolCalls() throws Exception {
        JsonNode body = body(send(harness.provider("openai", new ModelTraits(true, true, false)),
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi")))));

        assertThat(body.has("tools")).isFalse();
        assertThat(body.has("parallel_tool_calls")).isFalse();
    }

    @Test
    void nativeCallsAreFollowedByExactlyOneResultEachAndStrayMessagesMoveAfterThem() throws Exception {
        JsonNode body = body(send(harness.provider("openai"),
                ChatRequest.of("gpt-4.1", CONVERSATION).withTools(List.of(SHELL))));

        assertThat(body.get("messages")).isEqualTo(json("""
                [{"role":"system","content":"You are Rosetta."},
                 {"role":"user","content":"List the files and show the date."},
                 {"role":"assistant","content":"Let me check.","tool_calls":[
                   {"id":"call_1","type":"function","function":{"name":"shell","arguments":"{\\"command\\":\\"ls\\"}"}},
                   {"id":"call_2","type":"function","function":{"name":"shell","arguments":"{\\"command\\":\\"date\\"}"}}]},
                 {"role":"tool","content":"a.txt\\n\\n[ERROR:Timeout] ls timed out on b/","tool_call_id":"call_1"},
                 {"role":"tool","content":"%s","tool_call_id":"call_2"},
                 {"role":"system","content":"The workspace is /tmp/w."},
                 {"role":"system","content":"stray output"},
                 {"role":"user","content":"Thanks."}]""".formatted(UnansweredCall.RESULT)));
        assertThat(body.get("parallel_tool_calls").asBoolean()).isFalse();
    }

    @Test
    void deepseekGetsTheReasoningOfToolCallingTurnsBack() throws Exception {
        JsonNode body = body(send(harness.provider("deepseek"),
                ChatRequest.of("deepseek-chat", CONVERSATION).withTools(List.of(SHELL))));

        JsonNode assistant = body.get("messages").get(2);
        assertThat(assistant.get("reasoning_content").stringValue()).isEqualTo("Two commands will do.");
        assertThat(body.get("messages").get(3).get("role").stringValue()).isEqualTo("tool");
        assertThat(body.get("messages").get(5).get("content").stringValue()).isEqualTo("The workspace is /tmp/w.");
    }

    @Test
    void openAiIsNotSentReasoningContent() throws Exception {
        JsonNode body = body(send(harness.provider("openai"),
                ChatRequest.of("gpt-4.1", CONVERSATION).withTools(List.of(SHELL))));

        assertThat(body.get("messages").get(2).has("reasoning_content")).isFalse();
    }

    @Test
    void localServerNeedsNoKeyAndGetsLaterSystemMessagesAsUserText() throws Exception {
        List<Message> messages = List.of(Message.system("You are Rosetta."), Message.system("Tools: shell."),
                Message.user("hi"), Message.assistant("Hello.", List.of()), Message.system("Be brief."));
        RecordedRequest request = send(harness.provider("local"), ChatRequest.of("qwen3:8b", messages));

        assertThat(request.getHeaders().get("authorization")).isNull();
        assertThat(body(request).get("messages")).isEqualTo(json("""
                [{"role":"system","content":"You are Rosetta.\\n\\nTools: shell."},
                 {"role":"user","content":"hi"},
                 {"role":"assistant","content":"Hello."},
                 {"role":"user","content":"<system>\\nBe brief.\\n</system>"}]"""));
    }

    @Test
    void callsWrittenInMarkdownStayInTheText() throws Exception {
        String reply = "I'll list them.\n```shell\nls\n```";
        List<Message> messages = List.of(Message.user("list"),
                Message.assistant(reply, List.of(ToolUse.positional("shell", List.of(), "ls"))),
                Message.system("Ran command: `ls`\n`a.txt`"));
        JsonNode body = body(send(harness.provider("openai"), ChatRequest.of("gpt-4.1", messages)));

        assertThat(body.get("messages").get(1)).isEqualTo(json(
                "{\"role\":\"assistant\",\"content\":" + Json.write(reply) + "}"));
        assertThat(body.get("messages").get(2).get("role").stringValue()).isEqualTo("system");
    }

    @Test
    void anAssistantTurnThatOnlyCallsToolsHasNoContent() throws Exception {
        List<Message> messages = List.of(Message.user("date?"),
                Message.assistant("",
                        List.of(ToolUse.named("shell", Map.of("command", "date"), "call_7"))),
                Message.toolResult("call_7", ToolResult.ok("Tue")));
        JsonNode body = body(send(harness.provider("openai"),
                ChatRequest.of("gpt-4.1", messages).withTools(List.of(SHELL))));

        assertThat(body.get("messages").get(1).has("content")).isFalse();
        assertThat(body.get("messages").get(2)).isEqualTo(json(
                "{\"role\":\"tool\",\"content\":\"Tue\",\"tool_call_id\":\"call_7\"}"));
    }

    @Test
    void strictIsSentForEveryToolOfAModelThatTakesItWithOptionalParametersNullable() throws Exception {
        JsonNode strict = body(send(harness.provider("openai", new ModelTraits(true, true, false)),
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(List.of(SHELL, READ))));
        JsonNode lax = body(send(harness.provider("openai", new ModelTraits(false, true, false)),
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(List.of(SHELL))));

        assertThat(strict.get("tools").get(0)).isEqualTo(json("""
                {"type":"function","function":{"name":"shell","description":"Executes shell commands.",
                 "parameters":{"type":"object","properties":{"command":{"type":"string","description":"The command to run"}},
                 "required":["command"],"additionalProperties":false},"strict":true}}"""));
        assertThat(strict.get("tools").get(1)).as("an optional parameter is one that may be null").isEqualTo(json("""
                {"type":"function","function":{"name":"read","description":"Reads a file.",
                 "parameters":{"type":"object","properties":{"path":{"type":"string","description":"The file"},
                   "limit":{"type":["integer","null"],"description":"At most this many lines"}},
                 "required":["path","limit"],"additionalProperties":false},"strict":true}}"""));
        assertThat(strict.get("parallel_tool_calls").asBoolean()).isTrue();
        assertThat(lax.get("tools").get(0).get("function").has("strict")).isFalse();
    }

    @Test
    void aDescriptionOverTheLimitIsCutAndTheCutIsANotice() throws Exception {
        ToolSpec wordy = new ToolSpec("shell", "Executes shell commands.", "x".repeat(2000),
                SHELL.parameters(), List.of("shell"), List.of(), List.of());
        harness.server.enqueue(sse(resource("openai-text.sse")));
        List<ChatEvent> events;
        try (ChatStream stream = harness.provider("openai").chat(
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(List.of(wordy)))) {
            events = drain(stream);
        }

        assertThat(events.get(0)).isInstanceOfSatisfying(Notice.class,
                n -> assertThat(n.text()).contains("'shell'").contains("1024"));
        String sent = harness.body().get("tools").get(0).get("function").get("description").stringValue();
        assertThat(sent).hasSize(1024);
    }

    @Test
    void reasoningModelGetsAnEffortForItsBudgetAndNoTemperature() throws Exception {
        ChatRequest request = new ChatRequest("o4-mini", List.of(Message.user("hi")), List.of(), null, 0.2,
                List.of(), Thinking.budget(4_000), true);
        harness.server.enqueue(sse(resource("openai-text.sse")));
        List<ChatEvent> events;
        try (ChatStream stream = harness.provider("openai", new ModelTraits(true, true, true)).chat(request)) {
            events = drain(stream);
        }
        JsonNode body = harness.body();

        assertThat(body.get("reasoning_effort").stringValue()).isEqualTo("medium");
        assertThat(body.has("temperature")).isFalse();
        assertThat(events.get(0)).isInstanceOf(Notice.class);
        assertThat(ModelTraits.reasoningEffort(2_048)).isEqualTo("low");
        assertThat(ModelTraits.reasoningEffort(8_193)).isEqualTo("high");
    }

    @Test
    void deepSeekTurnsThinkingOnAndOffWithItsOwnSwitch() throws Exception {
        ChatCompletionsProvider deepseek = harness.provider("deepseek");
        JsonNode on = body(send(deepseek, ChatRequest.of("deepseek-chat", List.of(Message.user("hi")))
                .withThinking(Thinking.HIGH)));
        JsonNode off = body(send(deepseek, ChatRequest.of("deepseek-reasoner", List.of(Message.user("hi")))
                .withThinking(Thinking.OFF)));

        assertThat(on.get("thinking")).isEqualTo(json("{\"type\":\"enabled\"}"));
        assertThat(on.get("reasoning_effort").stringValue()).isEqualTo("high");
        assertThat(off.get("thinking")).isEqualTo(json("{\"type\":\"disabled\"}"));
        assertThat(off.has("reasoning_effort")).isFalse();
        assertThat(deepseek.thinkingProblem("deepseek-chat", Thinking.LOW)).isEmpty();
    }

    /** OpenRouter maps one reasoning object to each model it routes to: effort, a budget, or off. */
    @Test
    void openRouterGetsItsReasoningObjectForALevelABudgetAndOff() throws Exception {
        ChatCompletionsProvider openrouter = harness.provider("openrouter");
        JsonNode level = body(send(openrouter, ChatRequest.of("anthropic/claude-sonnet-4.5",
                List.of(Message.user("hi"))).withThinking(Thinking.HIGH)));
        JsonNode budget = body(send(openrouter, ChatRequest.of("anthropic/claude-sonnet-4.5",
                List.of(Message.user("hi"))).withThinking(Thinking.budget(6000))));
        JsonNode off = body(send(openrouter, ChatRequest.of("deepseek/deepseek-r1", List.of(Message.user("hi")))
                .withThinking(Thinking.OFF)));

        assertThat(level.get("reasoning")).isEqualTo(json("{\"effort\":\"high\"}"));
        assertThat(budget.get("reasoning")).isEqualTo(json("{\"max_tokens\":6000}"));
        assertThat(off.get("reasoning")).isEqualTo(json("{\"enabled\":false}"));
        assertThat(level.has("reasoning_effort")).isFalse();
        assertThat(openrouter.thinkingProblem("anthropic/claude-sonnet-4.5", Thinking.LOW)).isEmpty();
    }

    /** llama.cpp, vLLM and SGLang pass chat_template_kwargs to the template: Qwen3's enable_thinking switch. */
    @Test
    void aServerYouRunGetsTheChatTemplatesThinkingSwitch() throws Exception {
        ChatCompletionsProvider local = harness.provider("local");
        JsonNode on = body(send(local, ChatRequest.of("qwen3-8b", List.of(Message.user("hi")))
                .withThinking(Thinking.LOW)));
        JsonNode off = body(send(local, ChatRequest.of("qwen3-8b", List.of(Message.user("hi")))
                .withThinking(Thinking.OFF)));
        JsonNode unset = body(send(local, ChatRequest.of("qwen3-8b", List.of(Message.user("hi")))));

        assertThat(on.get("chat_template_kwargs")).isEqualTo(json("{\"enable_thinking\":true}"));
        assertThat(on.get("reasoning_effort").stringValue()).isEqualTo("low");
        assertThat(off.get("chat_template_kwargs")).isEqualTo(json("{\"enable_thinking\":false}"));
        assertThat(off.has("reasoning_effort")).isFalse();
        assertThat(unset.has("chat_template_kwargs")).as("nothing asked, nothing sent").isFalse();
    }

    @Test
    void aLevelAModelCannotTakeIsOneLineAndIsNotSent() throws Exception {
        ChatCompletionsProvider o3 = harness.provider("openai", new ModelTraits(false, false, true, true, false));
        ChatCompletionsProvider gpt41 = harness.provider("openai", new ModelTraits(true, true, false, false, false));
        ChatCompletionsProvider local = harness.provider("local");

        assertThat(o3.thinkingProblem("o3", Thinking.OFF)).contains("openai/o3 always reasons, so thinking cannot be"
                + " turned off; it reasons at its default effort");
        assertThat(gpt41.thinkingProblem("gpt-4.1", Thinking.HIGH))
                .contains("openai/gpt-4.1 does not think; thinking high is not sent");
        assertThat(gpt41.thinkingProblem("gpt-4.1", Thinking.OFF)).isEmpty();
        assertThat(local.thinkingProblem("qwen3", Thinking.budget(4096)))
                .contains("a server you run takes no thinking budget: 4096 tokens is sent as effort medium");
        assertThat(local.thinkingProblem("qwen3", Thinking.HIGH)).isEmpty();
        JsonNode body = body(send(o3, ChatRequest.of("o3", List.of(Message.user("hi"))).withThinking(Thinking.OFF)));
        assertThat(body.has("reasoning_effort")).isFalse();
    }

    @Test
    void plainModelGetsTemperatureAndStopAndNoEffort() throws Exception {
        ChatRequest request = new ChatRequest("gpt-4.1", List.of(Message.user("hi")), List.of(), null, 0.2,
                List.of("</done>"), Thinking.budget(10_000), true);
        JsonNode body = body(send(harness.provider("openai"), request));

        assertThat(body.get("temperature").asDouble()).isEqualTo(0.2);
        assertThat(body.get("stop")).isEqualTo(json("[\"</done>\"]"));
        assertThat(body.has("reasoning_effort")).isFalse();
    }

    @Test
    void geminiRefusesNativeToolsBeforeAnyRequest() throws Exception {
        ChatCompletionsProvider gemini = harness.provider("gemini");

        assertThat(gemini.supportsNativeTools()).isFalse();
        assertThatThrownBy(() -> gemini.chat(ChatRequest.of("gemini-2.5-pro", List.of(Message.user("hi")))
                .withTools(List.of(SHELL)))).isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.CONFIG);
                    assertThat(e.getMessage()).isEqualTo(
                            "Provider 'gemini' doesn't support native tool calling; use --tool-format native (the model's"
                                    + " own text format), markdown or xml");
                });
        assertThat(harness.server.getRequestCount()).isZero();
    }

    @Test
    void geminiStillTalksWithoutNativeTools() throws Exception {
        RecordedRequest request = send(harness.provider("gemini"),
                ChatRequest.of("gemini-2.5-pro", List.of(Message.user("hi"))));

        assertThat(request.getHeaders().get("authorization")).isEqualTo("Bearer " + Harness.KEY);
        assertThat(body(request).has("max_completion_tokens")).isFalse();
    }

    @Test
    void azureSendsTheKeyInItsApiKeyHeaderAndKeepsTheApiVersion() throws Exception {
        var azure = new ProviderDirectory(List.of(), Map.of()).require("azure");
        URI base = URI.create(harness.server.url("/openai/deployments/gpt-4-1").toString() + "?api-version=2024-10-21");
        RecordedRequest request = send(
                harness.provider(azure, base, Optional.of(ApiKey.of(Harness.KEY, "AZURE_API_KEY")), ModelTraits.UNKNOWN),
                ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))));

        assertThat(request.getHeaders().get("api-key")).isEqualTo(Harness.KEY);
        assertThat(request.getHeaders().get("authorization")).isNull();
        assertThat(request.getUrl().encodedPath()).isEqualTo("/openai/deployments/gpt-4-1/chat/completions");
        assertThat(request.getUrl().queryParameter("api-version")).isEqualTo("2024-10-21");
    }

    @Test
    void customProvidersTakeNativeToolsAndTheirOwnHeaders() throws Exception {
        var vllm = ProviderDirectory.custom("vllm", null, null);
        RecordedRequest request = send(
                harness.provider(vllm, URI.create(harness.server.url("/v1").toString()), Optional.empty(),
                        ModelTraits.UNKNOWN),
                ChatRequest.of("Qwen/Qwen3-8B", List.of(Message.user("hi"))).withTools(List.of(SHELL)));

        assertThat(body(request).get("tools").get(0).get("function").get("name").stringValue()).isEqualTo("shell");
        assertThat(body(request).get("max_tokens")).isNull();
    }
}
