package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import static dev.rosetta.llm.responses.LoopbackOpenAi.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.ReasoningCompleted;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;

/** Replies to {@code stream: false}: one response object, handed out as the same events. */
class ResponsesNonStreamingTest {

    private final LoopbackOpenAi openai = new LoopbackOpenAi();
    private final ChatRequest whole = ChatRequest.of("gpt-4.1", List.of(Message.user("a story"))).withStream(false);

    @AfterEach
    void stop() {
        openai.close();
    }

    @Test
    void textResponseBecomesTextUsageAndEndOfTurn() throws Exception {
        openai.json("text-response.json");
        List<ChatEvent> events = drain(openai.provider(ModelTraits.UNKNOWN).chat(whole));
        assertThat(events).containsExactly(
                new TextDelta("In a peaceful grove beneath a silver moon, a unicorn named Lumina discovered a hidden pool"
                        + " that reflected the stars."),
                new Usage(36, 87, 0, 0),
                new Finished(StopReason.END_TURN, "completed", null));
        assertThat(openai.takeBody().path("stream").booleanValue()).isFalse();
    }

    @Test
    void functionCallsComeOutAsWholeCallsAfterTheKeptReasoning() throws Exception {
        openai.json("calls-response.json");
        List<ChatEvent> events = drain(openai.provider(new ModelTraits(true, true, true)).chat(whole));
        assertThat(events).containsExactly(
                new ReasoningCompleted(new Reasoning("openai-responses", null, null, "gAAAAABosLLV9xY_encrypted==")),
                new ToolCallStarted(0, "call_12345xyz", "get_weather"),
                new ToolCallDelta(0, "call_12345xyz", "{\"location\":\"Paris, France\"}"),
                new ToolCallCompleted(0, "call_12345xyz", "get_weather", "{\"location\":\"Paris, France\"}"),
                new ToolCallStarted(1, "call_67890abc", "get_weather"),
                new ToolCallDelta(1, "call_67890abc", "{\"location\":\"Bogotá, Colombia\"}"),
                new ToolCallCompleted(1, "call_67890abc", "get_weather", "{\"location\":\"Bogotá, Colombia\"}"),
                new Usage(163, 23, 128, 0),
                new Finished(StopReason.TOOL_USE, "completed", null));
    }

    @Test
    void failedResponseWithoutOutputIsRetriedThenThrown() {
        for (int i = 0; i < 3; i++) {
            openai.server.enqueue(new mockwebserver3.MockResponse.Builder().setHeader("content-type", "application/json")
                    .body("{\"id\":\"resp_1\",\"object\":\"response\",\"status\":\"failed\",\"output\":[],"
                            + "\"error\":{\"code\":\"server_error\",\"message\":\"The model failed to generate a response.\"}}")
                    .build());
        }
        assertThatThrownBy(() -> LoopbackOpenAi.drain(openai.provider(ModelTraits.UNKNOWN).chat(whole)))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.SERVER);
                    assertThat(e.providerMessage()).isEqualTo("The model failed to generate a response.");
                });
    }

    @Test
    void closingBeforeReadingEndsCanceled() throws Exception {
        openai.json("text-response.json");
        ChatStream stream = openai.provider(ModelTraits.UNKNOWN).chat(whole);
        stream.close();
        assertThat(stream.next()).isEqualTo(new Finished(StopReason.CANCELED, null, null));
        assertThat(stream.next()).isNull();
    }
}
