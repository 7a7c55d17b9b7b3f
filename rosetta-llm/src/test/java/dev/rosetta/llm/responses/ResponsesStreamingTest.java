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
import dev.rosetta.llm.ChatEvent.ThinkingDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;

/** Streamed replies, as recorded from the API, through a real HTTP connection. */
class ResponsesStreamingTest {

    private final LoopbackOpenAi openai = new LoopbackOpenAi();
    private final ChatRequest hello = ChatRequest.of("gpt-4.1", List.of(Message.user("hello")));

    @AfterEach
    void stop() {
        openai.close();
    }

    private List<ChatEvent> chat(String fixture) throws ProviderException {
        openai.stream(fixture);
        return drain(openai.provider(ModelTraits.UNKNOWN).chat(hello));
    }

    private static String text(List<ChatEvent> events) {
        StringBuilder out = new StringBuilder();
        events.stream().filter(TextDelta.class::isInstance).forEach(e -> out.append(((TextDelta) e).text()));
        return out.toString();
    }

    @Test
    void textDeltasArriveInOrderThenUsageAndEndOfTurn() throws Exception {
        List<ChatEvent> events = chat("text.sse");
        assertThat(events).filteredOn(TextDelta.class::isInstance).hasSize(14).first()
                .isEqualTo(new TextDelta("I"));
        assertThat(text(events)).isEqualTo("I'm an artificial intelligence trained to assist with tasks and provide information.");
        assertThat(events.subList(events.size() - 2, events.size())).containsExactly(
                new Usage(10, 16, 0, 0), new Finished(StopReason.END_TURN, "completed", null));
    }

    @Test
    void functionCallStartsStreamsItsArgumentsAndCompletesOnce() throws Exception {
        List<ChatEvent> events = chat("function-call.sse");
        String id = "call_Kfzsl8lPJayEwvd0rkI7731q";
        assertThat(events).containsExactly(
                new ToolCallStarted(0, id, "weather"),
                new ToolCallDelta(0, id, "{\""),
                new ToolCallDelta(0, id, "city"),
                new ToolCallDelta(0, id, "\":"),
                new ToolCallDelta(0, id, " \""),
                new ToolCallDelta(0, id, "Detroit"),
                new ToolCallDelta(0, id, "\"}"),
                new ToolCallCompleted(0, id, "weather", "{\"city\": \"Detroit\"}"),
                new Usage(78, 719, 0, 0),
                new Finished(StopReason.TOOL_USE, "completed", null));
    }

    @Test
    void parallelCallsKeepTheirOwnIndexIdAndArguments() throws Exception {
        List<ChatEvent> events = chat("parallel-calls.sse");
        assertThat(events).filteredOn(ToolCallStarted.class::isInstance).containsExactly(
                new ToolCallStarted(0, "call_okunv0eUNIXE8kqY81fgYvCs", "search"),
                new ToolCallStarted(1, "call_ydtVlYcFLcDX2C7dcHgKZjl3", "weather"));
        assertThat(events).filteredOn(ToolCallCompleted.class::isInstance).containsExactly(
                new ToolCallCompleted(0, "call_okunv0eUNIXE8kqY81fgYvCs", "search",
                        "{\"query\":\"Detroit Tigers game schedule October 10, 2023\"}"),
                new ToolCallCompleted(1, "call_ydtVlYcFLcDX2C7dcHgKZjl3", "weather", "{\"city\":\"Detroit\"}"));
        StringBuilder second = new StringBuilder();
        events.stream().filter(e -> e instanceof ToolCallDelta d && d.index() == 1)
                .forEach(e -> second.append(((ToolCallDelta) e).fragment()));
        assertThat(second).hasToString("{\"city\":\"Detroit\"}");
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.TOOL_USE, "completed", null));
    }

    @Test
    void reasoningSummaryIsThinkingAndItsEncryptedContentIsKept() throws Exception {
        List<ChatEvent> events = chat("reasoning-summary.sse");
        StringBuilder thinking = new StringBuilder();
        events.stream().filter(ThinkingDelta.class::isInstance).forEach(e -> thinking.append(((ThinkingDelta) e).text()));
        String summary = "**Reading the request**\n\nThe user wants a greeting.\n\n**Answering**\n\nKeep it short.";
        assertThat(thinking).hasToString(summary);
        assertThat(events).filteredOn(ReasoningCompleted.class::isInstance).containsExactly(new ReasoningCompleted(
                new Reasoning("openai-responses", summary, null, "gAAAAABosKHD3kL9_full-encrypted-reasoning==")));
        assertThat(text(events)).isEqualTo("Hello there!");
        int reasoningAt = events.indexOf(events.stream().filter(ReasoningCompleted.class::isInstance).findFirst().get());
        int textAt = events.indexOf(new TextDelta("Hello"));
        assertThat(reasoningAt).isLessThan(textAt);
    }

    @Test
    void cachedTokensAreReportedApartFromTheOtherInputTokens() throws Exception {
        List<ChatEvent> events = chat("reasoning-summary.sse");
        // input_tokens 1830 includes the 1536 cached ones.
        assertThat(events).contains(new Usage(294, 214, 1536, 0));
    }

    @Test
    void incompleteForMaxOutputTokensEndsAsMaxTokens() throws Exception {
        List<ChatEvent> events = chat("incomplete.sse");
        assertThat(text(events)).isEqualTo("Once upon a time, in a");
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.MAX_TOKENS, "max_output_tokens", null));
    }

    @Test
    void errorEventBeforeAnyOutputIsRetriedThenThrownWithTheProvidersMessage() throws Exception {
        for (int i = 0; i < 3; i++) {
            openai.stream("error-before-output.sse");
        }
        var stream = openai.provider(ModelTraits.UNKNOWN).chat(hello);
        assertThat(stream.next()).isInstanceOf(ChatEvent.Notice.class);
        assertThat(stream.next()).isInstanceOf(ChatEvent.Notice.class);
        assertThatThrownBy(stream::next).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
            assertThat(e.providerMessage()).startsWith("Rate limit reached for gpt-5-mini");
            assertThat(e.getMessage()).contains("rate_limit_exceeded").contains("gave up after 3 attempts");
        });
        assertThat(stream.next()).isNull();
        assertThat(openai.server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void failureAfterOutputKeepsWhatArrivedAndEndsInterrupted() throws Exception {
        List<ChatEvent> events = chat("failed-after-output.sse");
        assertThat(text(events)).isEqualTo("Partial answer");
        assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.raw()).isEqualTo("failed");
            assertThat(f.error().kind()).isEqualTo(Kind.SERVER);
            assertThat(f.error().providerMessage()).startsWith("An error occurred while processing your request.");
        });
    }

    @Test
    void commentsAndUnknownEventTypesAreSkipped() throws Exception {
        List<ChatEvent> events = chat("unknown-events.sse");
        assertThat(events).containsExactly(
                new TextDelta("Grüße aus Köln 🎉"),
                new TextDelta(" — 日本語 ✓"),
                new Usage(20, 9, 0, 0),
                new Finished(StopReason.END_TURN, "completed", null));
    }

    @Test
    void terseCompatibleServerStillGivesTextCallsAndAnEnd() throws Exception {
        // Servers that implement the API loosely: whole items without deltas, no response object at the end.
        openai.server.enqueue(new mockwebserver3.MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .body("event: response.output_item.done\n"
                        + "data: {\"type\":\"response.output_item.done\",\"output_index\":0,\"item\":{\"id\":\"msg_1\","
                        + "\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"Let me look.\"}]}}\n\n"
                        + "event: response.output_item.done\n"
                        + "data: {\"type\":\"response.output_item.done\",\"output_index\":1,\"item\":{\"id\":\"fc_1\","
                        + "\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{\\\"command\\\":\\\"ls\\\"}\"}}\n\n"
                        + "event: response.completed\ndata: {\"type\":\"response.completed\"}\n\n"
                        + "data: [DONE]\n\n")
                .build());
        List<ChatEvent> events = drain(openai.provider(ModelTraits.UNKNOWN).chat(hello));
        assertThat(events).containsExactly(
                new TextDelta("Let me look."),
                new ToolCallStarted(0, "fc_1", "shell"),
                new ToolCallCompleted(0, "fc_1", "shell", "{\"command\":\"ls\"}"),
                new Finished(StopReason.TOOL_USE, "completed", null));
    }

    @Test
    void multiByteCharactersSplitAcrossChunksArriveWhole() throws Exception {
        openai.streamInTinyChunks("unknown-events.sse");
        List<ChatEvent> events = drain(openai.provider(ModelTraits.UNKNOWN).chat(hello));
        assertThat(text(events)).isEqualTo("Grüße aus Köln 🎉 — 日本語 ✓");
        assertThat(events.getLast()).isEqualTo(new Finished(StopReason.END_TURN, "completed", null));
    }
}
