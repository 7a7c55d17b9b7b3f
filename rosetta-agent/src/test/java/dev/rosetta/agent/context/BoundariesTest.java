package dev.rosetta.agent.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** A summary never cuts between a call and its result. */
class BoundariesTest {

    private static LoggedMessage user(String text) {
        return LoggedMessage.of(Message.user(text), ToolFormat.TOOL);
    }

    private static LoggedMessage calls(String... ids) {
        List<StoredSegment> segments = java.util.Arrays.stream(ids)
                .map(id -> (StoredSegment) StoredSegment.Call.nativeCall(ToolUse.named("read", Map.of("path", id), id)))
                .toList();
        return LoggedMessage.reply("", segments, List.of(), ToolFormat.TOOL, "m/x", null, null);
    }

    private static LoggedMessage result(String id) {
        return LoggedMessage.of(Message.toolResult(id, ToolResult.ok("ok")), ToolFormat.TOOL);
    }

    @Test
    void cutsFallBeforeUserMessagesAndRepliesWhoseCallsWereAllAnsweredBefore() {
        List<LoggedMessage> messages = List.of(user("go"), calls("a", "b"), result("a"), result("b"),
                calls("c"), result("c"), user("more"), calls("d"), result("d"));
        Boundaries b = Boundaries.of(messages, 1);

        assertThat(b.canCutBefore(1)).isTrue();
        assertThat(b.canCutBefore(2)).as("between a call and its result").isFalse();
        assertThat(b.canCutBefore(3)).as("between two results of one reply").isFalse();
        assertThat(b.canCutBefore(4)).isTrue();
        assertThat(b.canCutBefore(6)).isTrue();
        assertThat(b.keepFrom()).isEqualTo(7);
        assertThat(b.latestCut(0)).isEqualTo(7);
    }

    @Test
    void aResultThatCameLateHoldsTheCutBackUntilIt() {
        // A result logged after a later message (a tool that answered twice): nothing in between is a cut.
        List<LoggedMessage> messages = List.of(user("go"), calls("a"), user("wait"), result("a"), calls("b"),
                result("b"));
        Boundaries b = Boundaries.of(messages, 1);
        assertThat(b.canCutBefore(2)).isFalse();
        assertThat(b.canCutBefore(3)).isFalse();
        assertThat(b.canCutBefore(4)).isTrue();
    }

    @Test
    void fewerRepliesThanAreKeptLeaveNothingToCut() {
        Boundaries b = Boundaries.of(List.of(user("go"), calls("a"), result("a")), 4);
        assertThat(b.keepFrom()).isZero();
        assertThat(b.latestCut(0)).isEqualTo(-1);
    }
}
