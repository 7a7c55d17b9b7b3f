package dev.rosetta.agent.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ToolUse;

/** The bound that spares a short conversation the vocabulary: never below what counting would give. */
class ContextMeterTest {

    private static final String[] PIECES = {"the ", "func(", "日本語", "🦀", "\u00e9", "  ", "\n", "{\"a\": 1}", "ſ",
            "\u0627\u0644", "x", "0123456789", "\t", "<tool_call>", "ü"};

    @Test
    void theUpperBoundIsNeverBelowTheEstimateAtTheLargestScale() {
        ContextMeter meter = new ContextMeter(TokenEstimator.shared());
        meter.calibrate(100, 1_000); // the largest scale a report can set
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            List<Message> messages = new ArrayList<>();
            for (int m = 0; m < 1 + random.nextInt(4); m++) {
                String text = text(random);
                messages.add(random.nextBoolean() ? Message.user(text)
                        : Message.assistant(text, List.of(ToolUse.named("shell", Map.of("command", text(random)), "c" + m)),
                                List.of(Reasoning.of("openai-chat", text(random), null))));
            }
            long estimate = 0;
            for (Message m : messages) {
                estimate += meter.message(m);
            }
            assertThat(ContextMeter.upperBound(messages, List.of())).as("round %d", round)
                    .isGreaterThanOrEqualTo(meter.scaled(estimate));
        }
    }

    private static String text(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(60); i > 0; i--) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }
}
