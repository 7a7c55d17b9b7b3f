package dev.rosetta.llm.openai;

import static dev.rosetta.llm.openai.Harness.drain;
import static dev.rosetta.llm.openai.Harness.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.ToolCallCompleted;
import dev.rosetta.llm.ChatEvent.ToolCallDelta;
import dev.rosetta.llm.ChatEvent.ToolCallStarted;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/** A whole {@code chat.completion} body comes back as the same events a stream would give. */
class ChatCompletionsNonStreamingTest {

    private static final ChatRequest HELLO = ChatRequest.of("gpt-4o", List.of(Message.user("a joke"))).withStream(false);

    private Harness harness;

    @BeforeEach
    void start() throws Exception {
        harness = new Harness();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private List<ChatEvent> reply(String body) throws Exception {
        harness.server.enqueue(Harness.json(body));
        try (ChatStream stream = harness.provider("openai").chat(HELLO)) {
            return drain(stream);
        }
    }

    @Test
    void textCompletionIsTextThenUsageThenEndTurn() throws Exception {
        assertThat(reply(resource("openai-completion-text.json"))).containsExactly(
                new TextDelta("Why don't skeletons fight each other? They don't have the guts."),
                new Usage(23, 14, 0, 0),
                new Finished(StopReason.END_TURN, "stop", null));
        assertThat(harness.body().get("stream").asBoolean()).isFalse();
    }

    @Test
    void toolCallCompletionGivesEachCallStartedArgumentsAndCompleted() throws Exception {
        String shell = "call_qOfTGgDrItLORNfC6VwUbyLL";
        String read = "call_Vt5nB2xQp8LmR4wZ7cKs1HjD";
        assertThat(reply(resource("openai-completion-tools.json"))).containsExactly(
                new ToolCallStarted(0, shell, "shell"),
                new ToolCallDelta(0, shell, "{\"command\":\"ls\"}"),
                new ToolCallStarted(1, read, "read"),
                new ToolCallDelta(1, read, "{\"path\":\"notes.md\"}"),
                new ToolCallCompleted(0, shell, "shell", "{\"command\":\"ls\"}"),
                new ToolCallCompleted(1, read, "read", "{\"path\":\"notes.md\"}"),
                new Usage(91, 14, 0, 0),
                new Finished(StopReason.TOOL_USE, "tool_calls", null));
    }

    @Test
    void anErrorBodyWithStatus200Throws() {
        assertThatThrownBy(() -> reply("{\"object\":\"error\",\"message\":\"model is loading\",\"type\":\"BadRequestError\",\"code\":400}"))
                .isInstanceOfSatisfying(ProviderException.class,
                        e -> assertThat(e.providerMessage()).isEqualTo("model is loading"));
    }
}
