package dev.rosetta.llm.openai;

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
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.Thinking;
import mockwebserver3.MockResponse;
import tools.jackson.databind.JsonNode;

/**
 * {@code minimax/}: MiniMax over its OpenAI-compatible endpoint, against a loopback server that
 * answers as MiniMax does (platform.minimax.io text-openai-api; MiniMax-M2 issue 95; the closing
 * {@code chat.completion} frame several clients had to learn): thinking apart in {@code
 * reasoning_details} when {@code reasoning_split} is asked, placeholder usage on every chunk, a
 * call whole in one delta, and a last frame that repeats the whole message with the real usage.
 */
class MiniMaxWireTest {

    private static final ChatRequest LIST_FILES = ChatRequest.of("MiniMax-M2.7",
            List.of(Message.user("List the files."))).withTools(List.of(ChatCompletionsRequestTest.SHELL));
    private static final String CALL = "call_function_4qk2w8x1m3n5_1";
    private static final List<ChatEvent> EXPECTED = List.of(
            new ThinkingDelta("The user"), new ThinkingDelta(" wants the files listed."),
            new ReasoningCompleted(Reasoning.of("openai-chat", "The user wants the files listed.", null)),
            new TextDelta("Let me look."),
            new ToolCallStarted(0, CALL, "shell"),
            new ToolCallDelta(0, CALL, "{\"command\": \"ls -la\"}"),
            new ToolCallCompleted(0, CALL, "shell", "{\"command\": \"ls -la\"}"),
            new Usage(220, 46, 1024, 0),
            new Finished(StopReason.TOOL_USE, "tool_calls", null));

    @AutoClose
    private final Harness harness = Harness.started();

    private List<ChatEvent> reply(ChatRequest request, MockResponse response) throws Exception {
        return harness.reply("minimax", request, response);
    }

    @Test
    void reasoningSplitIsAskedForAndTheClosingWholeMessageRepeatsNothing() throws Exception {
        List<ChatEvent> events = reply(LIST_FILES, sse(resource("minimax-reasoning-split.sse")));

        assertThat(events).as("one call, the text once, the real usage only").isEqualTo(EXPECTED);
        JsonNode body = harness.body();
        assertThat(body.get("reasoning_split").asBoolean()).isTrue();
        assertThat(body.has("tool_stream")).isFalse();
    }

    /** MiniMax's own streaming example reads each reasoning text as everything so far; its API sends pieces. */
    @Test
    void reasoningTextsThatCarryEverythingSoFarGiveTheSameThinking() throws Exception {
        assertThat(reply(LIST_FILES, sse(resource("minimax-reasoning-whole-so-far.sse")))).isEqualTo(EXPECTED);
    }

    @Test
    void theOutputLimitGoesAsMaxCompletionTokens() throws Exception {
        reply(LIST_FILES.withMaxTokens(2048), sse(resource("minimax-reasoning-split.sse")));

        JsonNode body = harness.body();
        assertThat(body.get("max_completion_tokens").asInt()).isEqualTo(2048);
        assertThat(body.has("max_tokens")).as("deprecated in MiniMax's docs").isFalse();
    }

    /** MiniMax's docs: the thinking of a calling turn must go back whole, in reasoning_details when split. */
    @Test
    void theThinkingOfACallingTurnGoesBackInReasoningDetails() throws Exception {
        reply(ChatRequest.of("MiniMax-M2.7", ChatCompletionsRequestTest.CONVERSATION)
                .withTools(List.of(ChatCompletionsRequestTest.SHELL)), sse(resource("minimax-reasoning-split.sse")));

        JsonNode assistant = harness.body().get("messages").get(2);
        assertThat(assistant.get("reasoning_details")).isEqualTo(Json.MAPPER.readTree(
                "[{\"type\":\"reasoning.text\",\"text\":\"Two commands will do.\"}]"));
        assertThat(assistant.has("reasoning_content")).isFalse();
    }

    @Test
    void thinkingIsAdaptiveOrOffAndALevelIsSaidToBeSentAsAdaptive() throws Exception {
        reply(LIST_FILES.withThinking(Thinking.LOW), sse(resource("minimax-reasoning-split.sse")));
        JsonNode on = harness.body();
        reply(LIST_FILES.withThinking(Thinking.OFF), sse(resource("minimax-reasoning-split.sse")));
        JsonNode off = harness.body();

        assertThat(on.get("thinking")).isEqualTo(Json.MAPPER.readTree("{\"type\":\"adaptive\"}"));
        assertThat(off.get("thinking")).isEqualTo(Json.MAPPER.readTree("{\"type\":\"disabled\"}"));
        assertThat(harness.provider("minimax").thinkingProblem("MiniMax-M2.7", Thinking.LOW))
                .contains("MiniMax decides how long it thinks: thinking low is sent as adaptive");
    }

    @Test
    void insufficientBalanceIsAQuotaFailureAndIsNotRetried() throws Exception {
        harness.server.enqueue(Harness.json(429, "{\"type\":\"error\",\"error\":{\"type\":\"insufficient_balance_error\",\"message\":"
                        + "\"insufficient balance (1008)\",\"http_code\":\"429\"},\"request_id\":"
                        + "\"0635a1c0b9f2d7e84c1a6e3b5d0f9a27\"}"));

        assertThatThrownBy(() -> harness.provider("minimax").chat(LIST_FILES))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.QUOTA);
                    assertThat(e.getMessage()).isEqualTo("minimax answered HTTP 429: insufficient balance (1008)"
                            + " (check the plan and billing)");
                });
        assertThat(harness.server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aKeyItDoesNotKnowIsAnAuthFailure() throws Exception {
        harness.server.enqueue(Harness.json(401, "{\"type\":\"error\",\"error\":{\"type\":\"authorized_error\",\"message\":\"login fail: Please"
                        + " carry the API secret key in the 'Authorization' field of the request header (1004)\","
                        + "\"http_code\":\"401\"},\"request_id\":\"063432299e74d9b466b94f06aa8d7835\"}"));

        assertThatThrownBy(() -> harness.provider("minimax").chat(LIST_FILES))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind()).isEqualTo(Kind.AUTH));
    }

    /** MiniMax's documented failure: HTTP 200, no choices, and base_resp holding a status code other than 0. */
    @Test
    void anErrorInA200BodyIsAFailureNotAnEmptyReply() throws Exception {
        harness.server.enqueue(Harness.json("{\"id\":\"0635a1c0\",\"choices\":null,\"created\":1764900000,"
                + "\"model\":\"MiniMax-M2.7\",\"object\":\"chat.completion\",\"usage\":{\"total_tokens\":0},"
                + "\"base_resp\":{\"status_code\":1008,\"status_msg\":\"insufficient balance\"}}"));

        assertThatThrownBy(() -> Harness.drain(harness.provider("minimax").chat(LIST_FILES)))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.QUOTA);
                    assertThat(e.getMessage()).isEqualTo("minimax reported 1008: insufficient balance"
                            + " (check the plan and billing)");
                });
    }

    @Test
    void aBaseRespChunkInTheStreamIsAFailure() throws Exception {
        harness.server.enqueue(sse("data: {\"choices\":null,\"base_resp\":{\"status_code\":1004,"
                + "\"status_msg\":\"login fail: Please carry the API secret key\"}}\n\n"));

        assertThatThrownBy(() -> Harness.drain(harness.provider("minimax").chat(LIST_FILES)))
                .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind()).isEqualTo(Kind.AUTH));
    }

    @Test
    void aBaseRespOfZeroIsSuccessAndTheReplyIsRead() throws Exception {
        harness.server.enqueue(Harness.json("{\"id\":\"1\",\"object\":\"chat.completion\",\"model\":\"MiniMax-M2.7\","
                + "\"choices\":[{\"index\":0,\"finish_reason\":\"stop\",\"message\":{\"role\":\"assistant\","
                + "\"content\":\"Hello.\"}}],\"base_resp\":{\"status_code\":0,\"status_msg\":\"\"}}"));

        assertThat(Harness.text(Harness.drain(harness.provider("minimax").chat(LIST_FILES)))).isEqualTo("Hello.");
    }
}
