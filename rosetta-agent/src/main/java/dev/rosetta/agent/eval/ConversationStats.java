package dev.rosetta.agent.eval;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.message.Role;
import dev.rosetta.llm.ChatEvent;

/**
 * What a conversation's log says about how the model called tools: read from the segments each
 * reply was stored with (every call keeps the dialect it was written in), never by reading the
 * text again.
 */
public record ConversationStats(int steps, int toolCalls, Map<String, Integer> dialects, int unreadable, int drift,
        Map<String, Integer> driftedInto, int replies, int repliesInFormat, long tokensIn, long tokensOut,
        long tokensCached, Double cost) {

    public static final ConversationStats NONE = new ConversationStats(0, 0, Map.of(), 0, 0, Map.of(), 0, 0, 0, 0, 0,
            null);

    /**
     * The dialects that count as the format asked for: its own; for {@code tool}, the provider's
     * native calls (its transcript spelling, {@code @tool}, written in the text, is not what was asked).
     */
    static Set<String> inFormat(String format) {
        return format.equals("tool") ? Set.of(StoredSegment.NATIVE) : Set.of(format);
    }

    public static ConversationStats of(List<LoggedMessage> messages, String format) {
        Set<String> asked = inFormat(format);
        int steps = 0;
        int calls = 0;
        int unreadable = 0;
        int drift = 0;
        int replies = 0;
        int adherent = 0;
        long in = 0;
        long out = 0;
        long cached = 0;
        Double cost = null;
        Map<String, Integer> dialects = new TreeMap<>();
        Map<String, Integer> drifted = new TreeMap<>();
        for (LoggedMessage m : messages) {
            if (m.message().role() != Role.ASSISTANT) {
                continue;
            }
            steps++;
            ChatEvent.Usage u = m.usage();
            if (u != null) {
                in += u.inputTokens() + u.cacheWriteTokens();
                out += u.outputTokens();
                cached += u.cacheReadTokens();
            }
            if (m.cost() != null) {
                cost = (cost == null ? 0 : cost) + m.cost();
            }
            int callsHere = 0;
            boolean allInFormat = true;
            for (StoredSegment s : m.segments()) {
                if (s instanceof StoredSegment.Call c) {
                    callsHere++;
                    String dialect = c.dialectName();
                    dialects.merge(dialect, 1, Integer::sum);
                    if (!asked.contains(dialect)) {
                        drift++;
                        drifted.merge(dialect, 1, Integer::sum);
                        allInFormat = false;
                    }
                } else if (s instanceof StoredSegment.Unparsed) {
                    callsHere++;
                    unreadable++;
                    allInFormat = false;
                }
            }
            calls += (int) m.segments().stream().filter(StoredSegment.Call.class::isInstance).count();
            if (callsHere > 0) {
                replies++;
                if (allInFormat) {
                    adherent++;
                }
            }
        }
        return new ConversationStats(steps, calls, dialects, unreadable, drift, drifted, replies, adherent, in, out,
                cached, cost);
    }
}
