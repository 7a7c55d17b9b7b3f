package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.model.ModelInfo;

/** The warning before a request the model's window cannot hold: said when it outgrows it, not otherwise. */
class ContextFitTest {

    private static final ModelInfo SMALL = new ModelInfo("ollama", "qwen3:8b", 200, null, null, null, null, null,
            List.of(), null);
    private final ContextFit fit = new ContextFit(TokenEstimator.shared());

    @Test
    void aRequestThatFitsIsNotWarnedOf() {
        assertThat(fit.overflow(ChatRequest.of("qwen3:8b", List.of(Message.user("hello"))), SMALL)).isEmpty();
    }

    @Test
    void aRequestLargerThanTheWindowIsOneLineSayingWhatToDo() {
        String long_ = "word ".repeat(400);
        assertThat(fit.overflow(ChatRequest.of("qwen3:8b", List.of(Message.user(long_))), SMALL))
                .hasValueSatisfying(line -> assertThat(line).contains("more than the 200 of ollama/qwen3:8b")
                        .contains("raise [models] local_context"));
    }

    @Test
    void aMessageLargerThanTheWindowIsRefusedSayingWhatToDo() {
        String huge = "word ".repeat(2_000);
        assertThat(fit.unsendable(huge, 1_000, SMALL)).hasValueSatisfying(line -> assertThat(line)
                .startsWith("your message is more than 1,000 tokens (9.8 KiB of UTF-8)")
                .contains("more than ollama/qwen3:8b's context window holds").contains("nothing was sent").contains("head, tail, grep"));
    }

    @Test
    void aMessageThatFitsTheWindowIsSentWhateverTheRestWeighs() {
        assertThat(fit.unsendable("word ".repeat(150), 1_000, SMALL)).isEmpty();
        assertThat(fit.unsendable("hello", 2, SMALL)).as("counted, not only bounded").isEmpty();
    }
}
