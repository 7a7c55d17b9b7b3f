package dev.rosetta.agent.context;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/**
 * The visible messages as the next request sends them: the compactions in force applied in the
 * order they were made. The log's messages are never changed; this is a view of them.
 *
 * @param entries      what is sent, in order: the summary first (if there is one), then every
 *                     message after it, each as compacted
 * @param summarizedUpTo how many of the oldest messages the summary stands for (0: no summary)
 */
public record CompactedHistory(List<Entry> entries, int summarizedUpTo) {

    /**
     * One message as it is sent.
     *
     * @param index            its position among the visible messages; -1 for the summary
     * @param shown            the message as sent
     * @param withoutReasoning whether its reasoning is left out
     * @param shrunk           whether it is a tool result cut to its head and tail
     */
    public record Entry(int index, LoggedMessage shown, boolean withoutReasoning, boolean shrunk) {
        public boolean isSummary() {
            return index < 0;
        }
    }

    public CompactedHistory {
        entries = List.copyOf(entries);
    }

    public static CompactedHistory of(List<LoggedMessage> messages, List<Compaction> compactions) {
        Set<Integer> withoutReasoning = new HashSet<>();
        Map<Integer, String> shrunk = new HashMap<>();
        Compaction.Summary summary = null;
        Compaction summarizedBy = null;
        for (Compaction c : compactions) {
            withoutReasoning.addAll(c.withoutReasoning());
            c.shrunk().forEach(s -> shrunk.put(s.message(), s.content()));
            if (c.summary() != null) {
                summary = c.summary();
                summarizedBy = c;
            }
        }
        int from = summary == null ? 0 : Math.min(summary.upTo(), messages.size());
        List<Entry> entries = new ArrayList<>(messages.size() - from + 1);
        if (summary != null) {
            entries.add(new Entry(-1, summaryMessage(summary, summarizedBy.timestamp()), false, false));
        }
        for (int i = from; i < messages.size(); i++) {
            LoggedMessage m = messages.get(i);
            String text = shrunk.get(i);
            boolean shrink = text != null && m.message().isToolResult();
            boolean drop = withoutReasoning.contains(i) && m.hasReasoning();
            LoggedMessage shown = shrink ? m.withResultText(text) : m;
            entries.add(new Entry(i, drop ? shown.withoutReasoning() : shown, drop, shrink));
        }
        return new CompactedHistory(entries, from);
    }

    /**
     * The summary goes as a user message: every API takes one first after the system prompt, and
     * none merges it into the system prompt (which would move its cache point).
     */
    static LoggedMessage summaryMessage(Compaction.Summary summary, Instant made) {
        return new LoggedMessage(Message.user(summary.content()), made, null, ToolFormat.MARKDOWN, List.of(), null,
                null);
    }

    /** The messages as sent, in order. */
    public List<LoggedMessage> messages() {
        return entries.stream().map(Entry::shown).toList();
    }

    /** The entry of the message at {@code index}, or null when it is summarised. */
    public Entry entry(int index) {
        if (index < summarizedUpTo) {
            return null;
        }
        int at = index - summarizedUpTo + (summarizedUpTo > 0 ? 1 : 0);
        return at < entries.size() ? entries.get(at) : null;
    }
}
