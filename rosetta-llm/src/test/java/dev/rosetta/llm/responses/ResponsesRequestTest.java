package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.Thinking;
import static dev.rosetta.llm.responses.LoopbackOpenAi.drain;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.UnansweredCall;
import tools.jackson.databind.JsonNode;

/** The request body as the server receives it. */
class ResponsesRequestTest {

    private static final ToolSpec SHELL = new ToolSpec("shell", "Runs a shell command.", "",
            List.of(Parameter.named("command", "string", "The command", true)), List.of("shell"), List.of(), List.of());
    private static final ToolSpec READ = new ToolSpec("read", "Reads a file.", "",
            List.of(Parameter.named("path", "string", "", true), Parameter.named("limit", "integer", "Lines", false)),
            List.of("read"), List.of(), List.of());

    private final LoopbackOpenAi openai = new LoopbackOpenAi();

    @AfterEach
    void stop() {
        openai.close();
    }

    private JsonNode send(ChatRequest request, ModelTraits traits) throws Exception {
        openai.stream("text.sse");
        drain(openai.provider(traits).chat(request));
        return openai.takeBody();
    }

    private static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }

    /** A turn with two native calls, one answered twice with a note in between, one not answered. */
    private static List<Message> conversationWithCalls() {
        ToolUse ls = ToolUse.named("shell", Map.of("command", "ls"), "call_1");
        ToolUse read = ToolUse.named("read", Map.of("path", "a.txt"), "call_2");
        return List.of(
                Message.system("You are Rosetta."),
                Message.user("List the files, then read a.txt."),
                Message.assistant("I'll look.", List.of(ls, read),
                        List.of(new Reasoning("openai-responses", "Planning the listing", null, "gAAAAABenc=="))),
                Message.toolResult("call_1", new ToolResult("a.txt\nb.txt", false, null)),
                Message.system("The user is watching."),
                Message.toolResult("call_1", new ToolResult("(exit 0)", false, null)),
                Message.user("thanks"),
                Message.toolResult("call_9", new ToolResult("late output", false, null)));
    }

    @Test
    void conversationBecomesInstructionsAndInputItemsWithOneOutputPerCall() throws Exception {
        ChatRequest request = ChatRequest.of("o4-mini", conversationWithCalls()).withTools(List.of(SHELL, READ));
        JsonNode body = send(request, new ModelTraits(true, true, true));
        assertThat(body.path("instructions").stringValue()).isEqualTo("You are Rosetta.");
        assertThat(body.path("input")).isEqualTo(json("""
                [
                  {"type":"message","role":"user","content":[{"type":"input_text","text":"List the files, then read a.txt."}]},
                  {"type":"reasoning","summary":[{"type":"summary_text","text":"Planning the listing"}],"encrypted_content":"gAAAAABenc=="},
                  {"type":"message","role":"assistant","content":[{"type":"output_text","text":"I'll look."}]},
                  {"type":"function_call","call_id":"call_1","name":"shell","arguments":"{\\"command\\":\\"ls\\"}"},
                  {"type":"function_call","call_id":"call_2","name":"read","arguments":"{\\"path\\":\\"a.txt\\"}"},
                  {"type":"function_call_output","call_id":"call_1","output":"a.txt\\nb.txt\\n\\n(exit 0)"},
                  {"type":"function_call_output","call_id":"call_2","output":"%s"},
                  {"type":"message","role":"developer","content":[{"type":"input_text","text":"The user is watching."}]},
                  {"type":"message","role":"user","content":[{"type":"input_text","text":"thanks"}]},
                  {"type":"message","role":"developer","content":[{"type":"input_text","text":"Result of tool call call_9:\\nlate output"}]}
                ]""".formatted(UnansweredCall.RESULT)));
    }

    @Test
    void statelessRequestForAReasoningModel() throws Exception {
        ChatRequest request = new ChatRequest("o4-mini", conversationWithCalls(), List.of(SHELL, READ), 4000, 0.2,
                List.of(), Thinking.budget(16000), true);
        JsonNode body = send(request, new ModelTraits(true, false, true));
        assertThat(body.path("model").stringValue()).isEqualTo("o4-mini");
        assertThat(body.path("store").booleanValue()).isFalse();
        assertThat(body.path("stream").booleanValue()).isTrue();
        assertThat(body.has("previous_response_id")).isFalse();
        assertThat(body.path("max_output_tokens").intValue()).isEqualTo(4000);
        assertThat(body.has("temperature")).as("reasoning models reject temperature").isFalse();
        assertThat(body.path("reasoning")).isEqualTo(json("{\"effort\":\"high\",\"summary\":\"auto\"}"));
        assertThat(body.path("include")).isEqualTo(json("[\"reasoning.encrypted_content\"]"));
        assertThat(body.path("parallel_tool_calls").booleanValue()).isFalse();
    }

    @Test
    void aLevelIsTheReasoningEffortAndOneTheModelCannotTakeIsOneLine() throws Exception {
        JsonNode low = send(ChatRequest.of("o4-mini", List.of(Message.user("hi"))).withThinking(Thinking.LOW),
                new ModelTraits(false, false, true));
        assertThat(low.path("reasoning")).isEqualTo(json("{\"effort\":\"low\",\"summary\":\"auto\"}"));
        assertThat(RequestBody.problem(Thinking.OFF, new ModelTraits(false, false, true), "openai/o4-mini"))
                .contains("cannot be turned off");
        assertThat(RequestBody.problem(Thinking.HIGH, new ModelTraits(false, false, false), "openai/gpt-4.1"))
                .isEqualTo("openai/gpt-4.1 is not a reasoning model; thinking high is not sent");
        assertThat(RequestBody.problem(null, new ModelTraits(false, false, false), "openai/gpt-4.1")).isNull();
    }

    @Test
    void plainModelGetsTemperatureAndNoReasoningItems() throws Exception {
        ChatRequest request = new ChatRequest("gpt-4.1", conversationWithCalls(), List.of(SHELL, READ), null, 0.2,
                List.of(), null, true);
        JsonNode body = send(request, new ModelTraits(true, true, false));
        assertThat(body.path("temperature").doubleValue()).isEqualTo(0.2);
        assertThat(body.has("reasoning")).isFalse();
        assertThat(body.has("include")).isFalse();
        assertThat(body.has("max_output_tokens")).isFalse();
        assertThat(body.path("input").valueStream().map(i -> i.path("type").stringValue())).doesNotContain("reasoning");
    }

    @Test
    void toolsAreFlatAndStrictWheneverTheModelAllowsWithOptionalParametersNullable() throws Exception {
        ChatRequest request = ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(List.of(SHELL, READ));
        JsonNode strict = send(request, new ModelTraits(true, true, false));
        assertThat(strict.path("tools").get(0)).isEqualTo(json("""
                {"type":"function","name":"shell","description":"Runs a shell command.",
                 "parameters":{"type":"object","properties":{"command":{"type":"string","description":"The command"}},
                               "required":["command"],"additionalProperties":false},
                 "strict":true}"""));
        assertThat(strict.path("tools").get(1).path("strict").booleanValue()).as("limit is optional").isTrue();
        assertThat(strict.path("tools").get(1).path("parameters")).isEqualTo(json("""
                {"type":"object","properties":{"path":{"type":"string"},"limit":{"type":["integer","null"],"description":"Lines"}},
                 "required":["path","limit"],"additionalProperties":false}"""));
        assertThat(strict.path("parallel_tool_calls").booleanValue()).isTrue();

        JsonNode loose = send(request, new ModelTraits(false, true, false));
        assertThat(loose.path("tools").get(0).path("strict").isBoolean()).as("the API's default is true").isTrue();
        assertThat(loose.path("tools").get(0).path("strict").booleanValue()).isFalse();
    }

    @Test
    void noToolsMeansNoToolFields() throws Exception {
        JsonNode body = send(ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))), ModelTraits.UNKNOWN);
        assertThat(body.has("tools")).isFalse();
        assertThat(body.has("parallel_tool_calls")).isFalse();
        assertThat(body.has("instructions")).isFalse();
    }

    @Test
    void longDescriptionIsCutTo1024WithANotice() throws Exception {
        ToolSpec verbose = new ToolSpec("patch", "Applies a patch.", "x".repeat(2000),
                List.of(Parameter.named("patch", "string", "", true)), List.of("patch"), List.of(), List.of());
        openai.stream("text.sse");
        List<ChatEvent> events = drain(openai.provider(ModelTraits.UNKNOWN)
                .chat(ChatRequest.of("gpt-4.1", List.of(Message.user("hi"))).withTools(List.of(verbose))));
        assertThat(openai.takeBody().path("tools").get(0).path("description").stringValue()).hasSize(1024);
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class,
                n -> assertThat(n.text()).contains("patch").contains("1024"));
    }

    @Test
    void signedThinkingFromAnotherProviderIsNotSentAsReasoning() throws Exception {
        Message fromClaude = Message.assistant("Done.", List.of(),
                List.of(Reasoning.of("anthropic", "thinking", "EqQBCkYIBxgC…signature")));
        ChatRequest request = ChatRequest.of("o4-mini", List.of(Message.user("go"), fromClaude, Message.user("and?")));
        JsonNode body = send(request, new ModelTraits(true, true, true));
        assertThat(body.path("input").valueStream().map(i -> i.path("type").stringValue()))
                .containsExactly("message", "message", "message");
    }

    @Test
    void emptyAssistantTurnIsLeftOut() throws Exception {
        ChatRequest request = ChatRequest.of("gpt-4.1",
                List.of(Message.user("go"), Message.assistant("", List.of()), Message.user("again")));
        JsonNode body = send(request, ModelTraits.UNKNOWN);
        assertThat(body.path("input").size()).isEqualTo(2);
    }

    @Test
    void failedResultKeepsItsErrorTagAsTheApiHasNoErrorFlag() throws Exception {
        ToolUse ls = ToolUse.named("shell", Map.of("command", "ls"), "call_1");
        ChatRequest request = ChatRequest.of("gpt-4.1", List.of(Message.user("go"), Message.assistant("", List.of(ls)),
                Message.toolResult("call_1", ToolResult.error(ErrorCode.ENOENT, "ls: cannot open directory"))));
        JsonNode body = send(request, ModelTraits.UNKNOWN);
        assertThat(body.path("input").get(1).path("type").stringValue()).isEqualTo("function_call");
        assertThat(body.path("input").get(2).path("output").stringValue())
                .isEqualTo("[ERROR:ENOENT] ls: cannot open directory");
        // Issue 10 #9: a call left without a result may have run (Rosetta was killed while it ran).
        assertThat(UnansweredCall.RESULT).startsWith("[ERROR:Canceled] interrupted; it may have run partly")
                .doesNotContain("not run");
    }

    @Test
    void azureTakesTheKeyInItsOwnHeaderAtTheSamePath() throws Exception {
        openai.stream("text.sse");
        drain(openai.provider("azure", ModelTraits.UNKNOWN, Duration.ofSeconds(5))
                .chat(ChatRequest.of("gpt-4.1", List.of(Message.user("hi")))));
        var request = openai.take();
        assertThat(request.getHeaders().get("api-key")).isEqualTo(LoopbackOpenAi.KEY);
        assertThat(request.getHeaders().get("authorization")).isNull();
        assertThat(request.getUrl().encodedPath()).isEqualTo("/v1/responses");
    }

    @Test
    void stopSequencesAreNotSentAndTheUserIsTold() throws Exception {
        openai.stream("text.sse");
        List<ChatEvent> events = drain(openai.provider(ModelTraits.UNKNOWN).chat(new ChatRequest("gpt-4.1",
                List.of(Message.user("hi")), List.of(), null, null, List.of("</tool>"), null, true)));
        assertThat(openai.takeBody().has("stop")).isFalse();
        assertThat(events.getFirst()).isInstanceOfSatisfying(Notice.class,
                n -> assertThat(n.text()).contains("stop sequences"));
    }
}
