package dev.rosetta.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.UnansweredCall;
import dev.rosetta.llm.openai.WireMessage.AssistantTurn;
import dev.rosetta.llm.openai.WireMessage.SystemText;
import dev.rosetta.llm.openai.WireMessage.ToolOutput;
import dev.rosetta.llm.openai.WireMessage.UserText;
import dev.rosetta.llm.openai.WireMessage.WireCall;

/** The pairing rules on their own, without a server. */
class ChatHistoryTest {

    private final ChatHistory history = new ChatHistory(name -> name.equals("ipython") ? "py" : name);

    private static Message calls(String text, ToolUse... uses) {
        return Message.assistant(text, List.of(uses));
    }

    @Test
    void aResultThatArrivesAfterTheNextUserMessageIsNotPairedAndTheCallGetsOne() {
        List<WireMessage> out = history.convert(List.of(
                calls("", ToolUse.named("shell", Map.of("command", "ls"), "c1")),
                Message.user("never mind"),
                Message.toolResult("c1", ToolResult.ok("late"))));

        assertThat(out).containsExactly(
                new AssistantTurn("", List.of(new WireCall("c1", "shell", "{\"command\":\"ls\"}")), ""),
                new ToolOutput("c1", UnansweredCall.RESULT),
                new UserText("never mind"),
                new SystemText("late"));
    }

    @Test
    void consecutiveToolTurnsEachGetTheirOwnResults() {
        List<WireMessage> out = history.convert(List.of(
                calls("", ToolUse.named("shell", Map.of(), "c1")),
                calls("", ToolUse.named("shell", Map.of(), "c2")),
                Message.toolResult("c2", ToolResult.ok("two")),
                Message.toolResult("c1", ToolResult.ok("one, too late"))));

        assertThat(out).containsExactly(
                new AssistantTurn("", List.of(new WireCall("c1", "shell", "{}")), ""),
                new ToolOutput("c1", UnansweredCall.RESULT),
                new AssistantTurn("", List.of(new WireCall("c2", "shell", "{}")), ""),
                new ToolOutput("c2", "two"),
                new SystemText("one, too late"));
    }

    @Test
    void callsAreNamedAsTheModelCalledThemAndTheTextGoesAsTheHistoryViewGaveIt() {
        List<WireMessage> out = history.convert(List.of(calls(
                "Computing.\nDone?",
                ToolUse.named("ipython", Map.of("code", "1+1"), "c1"))));

        assertThat(out.get(0)).isEqualTo(new AssistantTurn("Computing.\nDone?",
                List.of(new WireCall("c1", "py", "{\"code\":\"1+1\"}")), ""));
    }

    @Test
    void anEmptyAssistantTurnWithoutCallsIsLeftOut() {
        assertThat(history.convert(List.of(Message.user("hi"), Message.assistant("", List.of()), Message.user("hello?"))))
                .containsExactly(new UserText("hi"), new UserText("hello?"));
    }

    @Test
    void aCallWithoutAnIdIsNotNative() {
        assertThat(ChatHistory.isNative(ToolUse.named("shell", Map.of("command", "ls"), null))).isFalse();
        assertThat(ChatHistory.isNative(ToolUse.positional("shell", List.of(), "ls").withCallId("c1"))).isFalse();
        assertThat(ChatHistory.isNative(ToolUse.named("shell", Map.of(), "c1"))).isTrue();
    }
}
