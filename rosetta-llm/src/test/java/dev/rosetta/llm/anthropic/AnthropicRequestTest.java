package dev.rosetta.llm.anthropic;

import static dev.rosetta.llm.anthropic.MessagesServer.drain;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.UnansweredCall;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/** What goes over the wire to the Messages API, read back from a real HTTP server on loopback. */
class AnthropicRequestTest {

    private static final String MODEL = "claude-sonnet-4-20250514";

    private final MessagesServer server = new MessagesServer();
    private RecordedRequest last;

    private static final ToolSpec SHELL = new ToolSpec("shell", "Executes shell commands.", "Run one command per call.",
            List.of(Parameter.named("command", "string", "The command to run", true)), List.of("shell"), List.of(),
            List.of());
    private static final ToolSpec WEATHER = new ToolSpec("weather", "Gets the weather.", "",
            List.of(Parameter.named("location", "string", "A city", true)), List.of("get_weather"), List.of(),
            List.of());

    @AfterEach
    void stop() {
        server.close();
    }

    /** The JSON body the server received for {@code request}. */
    private JsonNode sent(ChatRequest request) {
        return sent(request, ModelTraits.UNKNOWN);
    }

    private JsonNode sent(ChatRequest request, ModelTraits traits) {
        server.stream("text-with-ping.sse");
        try (ChatStream reply = server.provider(traits).chat(request)) {
            drain(reply);
        }
        last = server.request();
        return server.body(last);
    }

    private static ChatRequest request(Message... messages) {
        return ChatRequest.of(MODEL, List.of(messages));
    }

    private static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }

    private static Message result(String callId, String output, boolean error) {
        return Message.toolResult(callId, new ToolResult(output, error, error ? ErrorCode.ENOENT : null));
    }

    private static Message calls(String text, ToolUse... uses) {
        return Message.assistant(text, List.of(uses));
    }

    private static ToolUse shell(String command, String id) {
        return ToolUse.named("shell", Map.of("command", command), id);
    }

    @Test
    void requestGoesToMessagesWithTheVersionHeaderAndTheRequiredMaxTokens() {
        JsonNode body = sent(request(Message.user("Hello")));
        assertThat(last.getUrl().encodedPath()).isEqualTo("/v1/messages");
        assertThat(last.getMethod()).isEqualTo("POST");
        assertThat(last.getHeaders().get("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(last.getHeaders().get("content-type")).startsWith("application/json");
        assertThat(body).isEqualTo(json("""
                {"model":"claude-sonnet-4-20250514","max_tokens":8192,
                 "messages":[{"role":"user","content":[{"type":"text","text":"Hello"}]}],"stream":true}"""));
    }

    @Test
    void leadingSystemMessagesBecomeSystemBlocksWithCacheControlOnTheLast() {
        JsonNode body = sent(request(Message.system("You are Rosetta."), Message.system("# Tools\n..."),
                Message.user("Hi")));
        assertThat(body.get("system")).isEqualTo(json("""
                [{"type":"text","text":"You are Rosetta."},
                 {"type":"text","text":"# Tools\\n...","cache_control":{"type":"ephemeral"}}]"""));
        assertThat(body.get("messages")).hasSize(1);
    }

    @Test
    void onlyTheLastToolIsMarkedForCachingAndNoDescriptionIsCut() {
        String longInstructions = "x".repeat(3000);
        ToolSpec save = new ToolSpec("save", "Saves a file.", longInstructions,
                List.of(Parameter.named("path", "string", "Where", true), Parameter.named("content", "string", "What",
                        false)), List.of("save"), List.of(), List.of());
        JsonNode tools = sent(request(Message.user("Hi")).withTools(List.of(save, WEATHER))).get("tools");
        assertThat(tools).hasSize(2);
        assertThat(tools.get(0).has("cache_control")).isFalse();
        assertThat(tools.get(0).has("strict")).isFalse();
        assertThat(tools.get(0).get("description").stringValue()).endsWith(longInstructions);
        assertThat(tools.get(1)).isEqualTo(json("""
                {"name":"get_weather","description":"Gets the weather.",
                 "input_schema":{"type":"object","properties":{"location":{"type":"string","description":"A city"}},
                                 "required":["location"],"additionalProperties":false},
                 "cache_control":{"type":"ephemeral"}}"""));
    }

    @Test
    void aModelNotMarkedParallelIsAskedForOneCallPerReplyAsOnTheOpenAiPaths() {
        JsonNode body = sent(request(Message.user("Hi")).withTools(List.of(SHELL)),
                new ModelTraits(false, false, false));
        assertThat(body.get("tool_choice")).isEqualTo(json("{\"type\": \"auto\", \"disable_parallel_tool_use\": true}"));
    }

    @Test
    void aParallelModelAndARequestWithoutToolsGetNoToolChoice() {
        assertThat(sent(request(Message.user("Hi")).withTools(List.of(SHELL)), new ModelTraits(false, true, false))
                .has("tool_choice")).isFalse();
        assertThat(sent(request(Message.user("Hi")), new ModelTraits(false, false, false)).has("tool_choice"))
                .as("the API rejects tool_choice without tools").isFalse();
    }

    @Test
    void aLaterSystemMessageTravelsAsSystemTaggedUserText() {
        JsonNode messages = sent(request(Message.system("prompt"), Message.user("Hi"), Message.assistant("Hello!",
                List.of()), Message.system("The user changed directory to /tmp"))).get("messages");
        assertThat(messages.get(2)).isEqualTo(json("""
                {"role":"user","content":[{"type":"text","text":"<system>\\nThe user changed directory to /tmp\\n</system>"}]}"""));
    }

    @Test
    void resultsOfOneTurnMergeIntoOneUserMessageBeforeTheNextUserText() {
        JsonNode messages = sent(request(Message.user("List and count"),
                calls("Running both.", shell("ls", "toolu_1"), shell("wc -l x", "toolu_2")),
                result("toolu_1", "a.txt\nb.txt", false),
                Message.system("a note between the results"),
                result("toolu_2", "wc: x: No such file or directory", true),
                Message.user("Thanks")).withTools(List.of(SHELL))).get("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.get(1)).isEqualTo(json("""
                {"role":"assistant","content":[{"type":"text","text":"Running both."},
                  {"type":"tool_use","id":"toolu_1","name":"shell","input":{"command":"ls"}},
                  {"type":"tool_use","id":"toolu_2","name":"shell","input":{"command":"wc -l x"}}]}"""));
        assertThat(messages.get(2)).isEqualTo(json("""
                {"role":"user","content":[
                  {"type":"tool_result","tool_use_id":"toolu_1","content":"a.txt\\nb.txt"},
                  {"type":"tool_result","tool_use_id":"toolu_2","content":"wc: x: No such file or directory","is_error":true},
                  {"type":"text","text":"<system>\\na note between the results\\n</system>"},
                  {"type":"text","text":"Thanks"}]}"""));
    }

    @Test
    void aCallWithoutAResultGetsAnErrorResultSoTheHistoryStaysValid() {
        JsonNode messages = sent(request(Message.user("Go"), calls("", shell("sleep 100", "toolu_9")),
                Message.user("Stop that.")).withTools(List.of(SHELL))).get("messages");
        assertThat(messages.get(2)).isEqualTo(json("""
                {"role":"user","content":[
                  {"type":"tool_result","tool_use_id":"toolu_9","content":"%s","is_error":true},
                  {"type":"text","text":"Stop that."}]}""".formatted(UnansweredCall.RESULT)));
        JsonNode last = sent(request(Message.user("Go"), calls("", shell("ls", "toolu_8")))
                .withTools(List.of(SHELL))).get("messages");
        assertThat(last).hasSize(3);
        assertThat(last.get(2).get("content").get(0).get("tool_use_id").stringValue()).isEqualTo("toolu_8");
    }

    @Test
    void aResultForACallNotMadeJustBeforeBecomesANote() {
        JsonNode messages = sent(request(Message.user("Go"), Message.assistant("Done.", List.of()),
                result("toolu_gone", "stale output", false)).withTools(List.of(SHELL))).get("messages");
        assertThat(messages.get(2)).isEqualTo(json("""
                {"role":"user","content":[{"type":"text","text":"<system>\\nstale output\\n</system>"}]}"""));
    }

    @Test
    void blankTextIsNeverSent() {
        JsonNode messages = sent(request(Message.user("Go"), calls("  \n", shell("touch x", "toolu_1")),
                result("toolu_1", "", false), Message.user("   "), Message.system(""))
                .withTools(List.of(SHELL))).get("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.get(1).get("content")).hasSize(1);
        assertThat(messages.get(2)).isEqualTo(json("""
                {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"(no output)"}]}"""));
    }

    @Test
    void signedThinkingFromAReplyGoesBackUnchangedInTheNextRequest() {
        server.stream("thinking-then-tool.sse");
        ChatRequest first = request(Message.user("Weather in Paris?")).withTools(List.of(WEATHER))
                .withThinkingBudget(2048);
        List<ChatEvent> events;
        try (ChatStream reply = server.provider().chat(first)) {
            events = drain(reply);
        }
        server.request();
        List<Reasoning> reasoning = new ArrayList<>();
        List<ToolUse> uses = new ArrayList<>();
        for (ChatEvent e : events) {
            if (e instanceof ReasoningCompleted r) {
                reasoning.add(r.reasoning());
            } else if (e instanceof ToolCallCompleted c) {
                uses.add(ToolUse.named("weather", Json.readObject(c.argumentsJson()), c.id()));
            }
        }
        Message answer = Message.assistant("", uses, reasoning);
        JsonNode messages = sent(request(Message.user("Weather in Paris?"), answer,
                result("toolu_01NRLabsLyVHZPKxbKvkfSMn", "18 °C, sunny", false))
                .withTools(List.of(WEATHER)).withThinkingBudget(2048)).get("messages");
        assertThat(messages.get(1)).isEqualTo(json("""
                {"role":"assistant","content":[
                  {"type":"thinking","thinking":"Let me solve this step by step:\\n\\n1. First break down 27 * 453\\n2. 453 = 400 + 50 + 3",
                   "signature":"EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds..."},
                  {"type":"tool_use","id":"toolu_01NRLabsLyVHZPKxbKvkfSMn","name":"get_weather","input":{"location":"Paris"}}]}"""));
    }

    @Test
    void redactedThinkingGoesBackAsItsDataAndOtherProvidersReasoningIsLeftOut() {
        Message answer = Message.assistant("Hi.", List.of(), List.of(Reasoning.redacted("anthropic", "EmwKAhgBEgy3va3pzix"),
                Reasoning.of("openai-chat", "thoughts from another provider", null),
                Reasoning.redacted("openai-responses", "gAAAAB-encrypted-by-openai"),
                Reasoning.of("some-proxy", "signed elsewhere", "c2lnbmF0dXJl")));
        JsonNode content = sent(request(Message.user("Hello"), answer, Message.user("Again"))).get("messages")
                .get(1).get("content");
        assertThat(content).isEqualTo(json("""
                [{"type":"redacted_thinking","data":"EmwKAhgBEgy3va3pzix"},{"type":"text","text":"Hi."}]"""));
    }

    @Test
    void temperatureIsOmittedWhenThinkingIsOnAndMaxTokensExceedsTheBudget() {
        ChatRequest base = new ChatRequest(MODEL, List.of(Message.user("Think")), List.of(), 4096, 0.7, List.of(), null,
                true);
        JsonNode plain = sent(base);
        assertThat(plain.get("temperature").asDouble()).isEqualTo(0.7);
        assertThat(plain.has("thinking")).isFalse();

        JsonNode thinking = sent(base.withThinkingBudget(10000));
        assertThat(thinking.has("temperature")).isFalse();
        assertThat(thinking.get("thinking")).isEqualTo(json("{\"type\":\"enabled\",\"budget_tokens\":10000}"));
        assertThat(thinking.get("max_tokens").asInt()).isGreaterThan(10000);

        assertThat(sent(base.withThinkingBudget(2000)).get("max_tokens").asInt()).isEqualTo(4096);
        assertThat(sent(base.withThinkingBudget(100)).get("thinking").get("budget_tokens").asInt()).isEqualTo(1024);
    }

    @Test
    void aLevelOnAModelThatThinksAdaptivelyIsAdaptiveThinkingWithThatEffort() {
        ModelTraits adaptive = new ModelTraits(false, true, false, true, true);
        ChatRequest base = new ChatRequest("claude-opus-4-6", List.of(Message.user("Think")), List.of(), 4096, 0.7,
                List.of(), null, true);

        JsonNode level = sent(base.withThinking(Thinking.HIGH), adaptive);
        JsonNode budget = sent(base.withThinking(Thinking.budget(6000)), adaptive);

        assertThat(level.get("thinking")).isEqualTo(json("{\"type\":\"adaptive\"}"));
        assertThat(level.get("output_config")).isEqualTo(json("{\"effort\":\"high\"}"));
        assertThat(level.get("max_tokens").asInt()).isEqualTo(4096);
        assertThat(level.has("temperature")).isFalse();
        assertThat(budget.get("thinking")).as("a budget asked for is a budget").isEqualTo(
                json("{\"type\":\"enabled\",\"budget_tokens\":6000}"));
        assertThat(budget.has("output_config")).isFalse();
    }

    @Test
    void aLevelIsItsBudgetOnOtherModelsAndOffIsNoThinking() {
        ChatRequest base = request(Message.user("Think"));
        assertThat(sent(base.withThinking(Thinking.LOW)).get("thinking"))
                .isEqualTo(json("{\"type\":\"enabled\",\"budget_tokens\":2048}"));
        assertThat(sent(base.withThinking(Thinking.HIGH)).get("thinking").get("budget_tokens").asInt()).isEqualTo(24576);
        assertThat(sent(base.withThinking(Thinking.OFF)).has("thinking")).isFalse();
    }

    @Test
    void aModelRecordedAsNotThinkingIsToldSoAndSentNoThinking() {
        ModelTraits plain = new ModelTraits(false, false, false, false, false);
        assertThat(server.provider(plain).thinkingProblem("claude-3-5-haiku", Thinking.MEDIUM))
                .contains("anthropic/claude-3-5-haiku does not think; thinking medium is not sent");
        assertThat(server.provider(plain).thinkingProblem("claude-3-5-haiku", Thinking.OFF)).isEmpty();
        assertThat(sent(request(Message.user("x")).withThinking(Thinking.MEDIUM), plain).has("thinking")).isFalse();
    }

    @Test
    void stopSequencesAreSentAsStopSequences() {
        ChatRequest request = new ChatRequest(MODEL, List.of(Message.user("Count")), List.of(), null, null,
                List.of("\n\nHuman:", "END"), null, true);
        assertThat(sent(request).get("stop_sequences")).isEqualTo(json("[\"\\n\\nHuman:\",\"END\"]"));
    }

    @Test
    void withoutToolDefinitionsEarlierNativeCallsAreWrittenAsText() {
        JsonNode messages = sent(request(Message.user("Go"), calls("Listing.", shell("ls", "toolu_1")),
                result("toolu_1", "a.txt", false))).get("messages");
        assertThat(messages.toString()).doesNotContain("tool_use").doesNotContain("tool_result");
        assertThat(messages.get(1).get("content").get(1).get("text").stringValue())
                .isEqualTo("@shell(toolu_1): {\"command\":\"ls\"}");
        assertThat(messages.get(2).get("content").get(0).get("text").stringValue())
                .isEqualTo("<system>\na.txt\n</system>");
    }
}
