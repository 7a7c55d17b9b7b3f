package dev.rosetta.llm.openai;

import static dev.rosetta.llm.openai.Harness.drain;
import static dev.rosetta.llm.openai.Harness.resource;
import static dev.rosetta.llm.openai.Harness.sse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.Thinking;
import mockwebserver3.MockResponse;
import tools.jackson.databind.JsonNode;

/**
 * {@code zai/}: Z.AI's GLM over its OpenAI-compatible endpoint, against a loopback server that
 * answers as Z.AI does (docs.z.ai: stream-tool, thinking-mode, api-code): chunks without an
 * {@code object}, reasoning in {@code reasoning_content}, a call sent whole with its finish reason
 * unless {@code tool_stream} is asked, usage in the chunk that finishes.
 */
class ZaiWireTest {

    private static final ChatRequest LIST_FILES = ChatRequest.of("glm-4.7", List.of(Message.user("List the files.")))
            .withTools(List.of(ChatCompletionsRequestTest.SHELL));

    @AutoClose
    private final Harness harness = Harness.started();

    private List<ChatEvent> reply(ChatRequest request, MockResponse response) throws Exception {
        return harness.reply("zai", request, response);
    }

    @Test
    void toolStreamIsAskedForAndTheCallsArgumentsStreamAfterTheThinking() throws Exception {
        List<ChatEvent> events = reply(LIST_FILES, sse(resource("zai-tool-stream.sse")));

        String id = "call_-8219547329117414926";
        assertThat(events).containsExactly(
                new ThinkingDelta("The user"), new ThinkingDelta(" wants the files listed."),
                new ReasoningCompleted(Reasoning.of("openai-chat", "The user wants the files listed.", null)),
                new TextDelta("Let me look."),
                new ToolCallStarted(0, id, "shell"),
                new ToolCallDelta(0, id, "{\"command\":"),
                new ToolCallDelta(0, id, " \"ls -la\"}"),
                new ToolCallCompleted(0, id, "shell", "{\"command\": \"ls -la\"}"),
                new Usage(156, 38, 256, 0),
                new Finished(StopReason.TOOL_USE, "tool_calls", null));
        JsonNode body = harness.body();
        assertThat(body.get("tool_stream").asBoolean()).isTrue();
        assertThat(body.get("max_tokens")).as("Z.AI takes max_tokens").isNull();
    }

    @Test
    void aCallSentWholeWithItsFinishReasonInOneChunkIsOneCall() throws Exception {
        List<ChatEvent> events = reply(LIST_FILES, sse(resource("zai-whole-call.sse")));

        String id = "call_2026120423160263d1f0a9b8c74e11";
        assertThat(events).containsExactly(
                new ThinkingDelta("A listing will tell."),
                new ReasoningCompleted(Reasoning.of("openai-chat", "A listing will tell.", null)),
                new ToolCallStarted(0, id, "shell"),
                new ToolCallDelta(0, id, "{\"command\": \"ls\"}"),
                new ToolCallCompleted(0, id, "shell", "{\"command\": \"ls\"}"),
                new Usage(398, 21, 0, 0),
                new Finished(StopReason.TOOL_USE, "tool_calls", null));
    }

    @Test
    void noToolStreamIsAskedForWithoutTools() throws Exception {
        reply(ChatRequest.of("glm-4.7", List.of(Message.user("hi"))), sse(resource("zai-tool-stream.sse")));

        assertThat(harness.body().has("tool_stream")).isFalse();
    }

    /** Interleaved thinking: GLM asks for the reasoning of a calling turn back with the tool results. */
    @Test
    void theReasoningOfACallingTurnGoesBackWithItsResults() throws Exception {
        reply(ChatRequest.of("glm-4.7", ChatCompletionsRequestTest.CONVERSATION)
                .withTools(List.of(ChatCompletionsRequestTest.SHELL)), sse(resource("zai-whole-call.sse")));

        JsonNode assistant = harness.body().get("messages").get(2);
        assertThat(assistant.get("reasoning_content").stringValue()).isEqualTo("Two commands will do.");
    }

    @Test
    void thinkingIsOnOrOffAndALevelIsSentAsOnAndSaidSo() throws Exception {
        reply(ChatRequest.of("glm-4.7", List.of(Message.user("hi"))).withThinking(Thinking.HIGH),
                sse(resource("zai-whole-call.sse")));
        JsonNode on = harness.body();
        reply(ChatRequest.of("glm-4.7", List.of(Message.user("hi"))).withThinking(Thinking.OFF),
                sse(resource("zai-whole-call.sse")));
        JsonNode off = harness.body();

        assertThat(on.get("thinking")).isEqualTo(Json.MAPPER.readTree("{\"type\":\"enabled\"}"));
        assertThat(on.has("reasoning_effort")).isFalse();
        assertThat(off.get("thinking")).isEqualTo(Json.MAPPER.readTree("{\"type\":\"disabled\"}"));
        assertThat(harness.provider("zai").thinkingProblem("glm-4.7", Thinking.HIGH))
                .contains("Z.AI turns thinking on or off, with no level: thinking high is sent as on");
    }

    /** Z.AI answers 429 both for too many requests and for an account in arrears (business code 1113). */
    @Test
    void anAccountInArrearsIsAQuotaFailureAndIsNotRetried() throws Exception {
        harness.server.enqueue(Harness.json(429, "{\"error\":{\"code\":\"1113\",\"message\":\"Your account is in arrears, please recharge and try"
                        + " again\"}}"));

        assertThatThrownBy(() -> harness.provider("zai").chat(LIST_FILES))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.QUOTA);
                    assertThat(e.getMessage()).isEqualTo("zai answered HTTP 429: Your account is in arrears, please"
                            + " recharge and try again (check the plan and billing)");
                });
        assertThat(harness.server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void tooManyConcurrentRequestsAreStillRetried() throws Exception {
        harness.server.enqueue(Harness.json(429, "{\"error\":{\"code\":\"1302\",\"message\":\"High concurrency usage of this API, please reduce"
                        + " concurrency or contact customer service to increase limits\"}}"));
        harness.server.enqueue(sse(resource("zai-whole-call.sse")));

        try (ChatStream stream = harness.provider("zai").chat(LIST_FILES)) {
            assertThat(Harness.finished(drain(stream)).reason()).isEqualTo(StopReason.TOOL_USE);
        }
        assertThat(harness.server.getRequestCount()).isEqualTo(2);
    }
}
