package dev.rosetta.agent.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.agent.log.StoredSegment.Prose;
import dev.rosetta.agent.log.StoredSegment.Span;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * Token counts used below, from o200k_base: "hello world" 2, "hello" 1,
 * "The quick brown fox jumps over the lazy dog." 10, "hello world\nhello" 4.
 */
class TokenTallyTest {

    private static final String FOX = "The quick brown fox jumps over the lazy dog.";

    private final TokenEstimator estimator = TokenEstimator.shared();

    private static LoggedMessage user(String text) {
        return LoggedMessage.of(Message.user(text), ToolFormat.MARKDOWN);
    }

    private static LoggedMessage reply(String text, Usage usage, Double cost) {
        return LoggedMessage.reply(text, List.of(new Prose(new Span(0, text.length()))), List.of(), ToolFormat.MARKDOWN,
                "openai/gpt-test", usage, cost);
    }

    @Test
    void repliesWithUsageUseTheProvidersNumbersExactly() {
        List<LoggedMessage> conversation = List.of(
                user("hello world"),
                reply(FOX, new Usage(100, 20, 50, 10), 0.01),
                LoggedMessage.of(Message.toolResult(null, ToolResult.ok("hello")), ToolFormat.MARKDOWN),
                reply("hello world", new Usage(200, 30, 0, 0), 0.02));

        TokenTally tally = TokenTally.of(conversation, estimator);

        assertThat(tally.inputTokens()).isEqualTo(100 + 50 + 10 + 200);
        assertThat(tally.cacheReadTokens()).isEqualTo(50);
        assertThat(tally.outputTokens()).isEqualTo(50);
        assertThat(tally.costUsd()).isCloseTo(0.03, within(1e-12));
        assertThat(tally.repliesWithoutUsage()).isZero();
        assertThat(tally.estimated()).isFalse();
        assertThat(tally.contextTokens()).as("the last request and its reply, as reported")
                .isEqualTo(200 + 30);
    }

    @Test
    void repliesWithoutUsageAreEstimatedFromTheirTextAndEverythingBefore() {
        List<LoggedMessage> conversation = List.of(
                user("hello world"),
                reply(FOX, null, null),
                user("hello"),
                reply("hello world", null, null));

        TokenTally tally = TokenTally.of(conversation, estimator);

        assertThat(tally.inputTokens()).isEqualTo(2 + (2 + 10 + 1));
        assertThat(tally.cacheReadTokens()).isZero();
        assertThat(tally.outputTokens()).isEqualTo(10 + 2);
        assertThat(tally.costUsd()).isNull();
        assertThat(tally.repliesWithoutUsage()).isEqualTo(2);
        assertThat(tally.estimated()).isTrue();
        assertThat(tally.contextTokens()).isEqualTo(2 + 10 + 1 + 2);
    }

    @Test
    void mixedConversationAddsProviderNumbersToEstimates() {
        List<LoggedMessage> conversation = List.of(
                user("hello world"),
                reply(FOX, new Usage(1000, 40, 300, 0), 0.005),
                user("hello"),
                reply("hello world", null, null));

        TokenTally tally = TokenTally.of(conversation, estimator);

        assertThat(tally.inputTokens()).isEqualTo(1000 + 300 + (2 + 10 + 1));
        assertThat(tally.cacheReadTokens()).isEqualTo(300);
        assertThat(tally.outputTokens()).isEqualTo(40 + 2);
        assertThat(tally.costUsd()).as("one reply has no price").isNull();
        assertThat(tally.repliesWithoutUsage()).isEqualTo(1);
        assertThat(tally.contextTokens()).as("reported up to the first reply, estimated after it")
                .isEqualTo(1000 + 300 + 40 + 1 + 2);
    }

    @Test
    void anUnpricedReplyMakesTheCostUnknownEvenWithUsage() {
        List<LoggedMessage> conversation = List.of(
                user("hello"),
                reply("hello world", new Usage(10, 2, 0, 0), 0.001),
                user("hello"),
                reply("hello world", new Usage(20, 2, 0, 0), null));

        TokenTally tally = TokenTally.of(conversation, estimator);

        assertThat(tally.costUsd()).isNull();
        assertThat(tally.estimated()).isFalse();
    }

    @Test
    void emptyConversationIsFreeAndEmpty() {
        TokenTally tally = TokenTally.of(List.of(), estimator);

        assertThat(tally).isEqualTo(new TokenTally(0, 0, 0, 0.0, 0, 0));
    }

    @Test
    void nativeCallArgumentsCountButTextCallsAreNotCountedTwice() {
        ToolUse nativeSave = ToolUse.named("save", Map.of("path", "x.py", "content", "print(1)"), "n1");
        ToolUse textSave = new ToolUse("save", List.of("y.py"), "print(2)", Map.of(), "t1");
        LoggedMessage nativeReply = LoggedMessage.reply("", List.of(StoredSegment.Call.nativeCall(nativeSave)),
                List.of(), ToolFormat.TOOL, "openai/gpt-test", null, null);
        LoggedMessage textReply = LoggedMessage.reply("hello world", List.of(new Prose(new Span(0, 5)),
                new StoredSegment.Call(textSave, MarkdownDialect.INSTANCE, new Span(5, 11))), List.of(),
                ToolFormat.MARKDOWN, "openai/gpt-test", null, null);

        assertThat(TokenTally.of(List.of(nativeReply), estimator).outputTokens())
                .as("a native call's arguments are what the model wrote")
                .isGreaterThan(5);
        assertThat(TokenTally.of(List.of(textReply), estimator).contextTokens())
                .as("a text call is already in the text")
                .isEqualTo(2);
    }

    @Test
    void shownReasoningIsOutputButNotContext() {
        LoggedMessage thoughtful = LoggedMessage.reply("hello world", List.of(new Prose(new Span(0, 11))),
                List.of(Reasoning.of("deepseek", "hello", null)), ToolFormat.MARKDOWN, "deepseek/r1", null, null);

        TokenTally tally = TokenTally.of(List.of(thoughtful), estimator);

        assertThat(tally.outputTokens()).isEqualTo(4); // "hello world\nhello"
        assertThat(tally.contextTokens()).isEqualTo(2);
    }
}
