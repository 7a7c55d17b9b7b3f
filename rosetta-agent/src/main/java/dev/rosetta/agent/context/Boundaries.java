package dev.rosetta.agent.context;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.ToolUse;

/**
 * Where a conversation may be cut for a summary. Providers reject a request in which a call has
 * lost its result or a result its call, so a cut never falls between them: before message {@code
 * b} is a place to cut when {@code b} is no tool result and every call made before it was answered
 * before it. And where the latest replies start, which are always sent as they are.
 */
final class Boundaries {

    private final boolean[] cut;
    private final int keepFrom;

    private Boundaries(boolean[] cut, int keepFrom) {
        this.cut = cut;
        this.keepFrom = keepFrom;
    }

    /** @param keepRecent how many of the latest replies (with what follows them) are never compacted */
    static Boundaries of(List<LoggedMessage> messages, int keepRecent) {
        int n = messages.size();
        Map<String, Integer> madeAt = new HashMap<>();
        int[] answeredBy = new int[n];
        for (int i = 0; i < n; i++) {
            answeredBy[i] = -1;
            var m = messages.get(i).message();
            for (ToolUse use : m.calls()) {
                if (use.callId() != null) {
                    madeAt.put(use.callId(), i);
                }
            }
            Integer call = m.isToolResult() ? madeAt.get(m.callId()) : null;
            if (call != null) {
                answeredBy[call] = Math.max(answeredBy[call], i);
            }
        }
        boolean[] cut = new boolean[n + 1];
        int lastAnswer = -1;
        for (int b = 0; b <= n; b++) {
            cut[b] = lastAnswer < b && (b == n || !messages.get(b).message().isToolResult());
            if (b < n) {
                lastAnswer = Math.max(lastAnswer, answeredBy[b]);
            }
        }
        return new Boundaries(cut, keepFrom(messages, keepRecent));
    }

    /** The first message of the latest {@code keepRecent} replies; 0 when there are not that many. */
    private static int keepFrom(List<LoggedMessage> messages, int keepRecent) {
        int seen = 0;
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).message().role() == Role.ASSISTANT && ++seen == keepRecent) {
                return i;
            }
        }
        return 0;
    }

    /** Whether a summary may stand for the messages before {@code b}. */
    boolean canCutBefore(int b) {
        return b >= 0 && b < cut.length && cut[b];
    }

    /** Messages from here on are sent as they are. */
    int keepFrom() {
        return keepFrom;
    }

    /** The latest place to cut at or before {@code keepFrom}, after {@code after}; -1 when there is none. */
    int latestCut(int after) {
        for (int b = keepFrom; b > after; b--) {
            if (cut[b]) {
                return b;
            }
        }
        return -1;
    }
}
