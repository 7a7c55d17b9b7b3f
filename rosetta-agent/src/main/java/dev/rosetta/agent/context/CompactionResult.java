package dev.rosetta.agent.context;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rosetta.agent.log.Compaction;

/**
 * What a compaction did, for the one line that says so.
 *
 * @param compaction     the record to append; null when none was needed
 * @param summarizedFrom where the new summary starts (the old summary's end)
 * @param problem        why a step could not be done (the summary failed), or null
 * @param stillOver      whether the request still passes the budget's limit
 * @param keptTokens     what the parts never compacted take: the fixed part and the latest replies
 */
public record CompactionResult(Compaction compaction, int summarizedFrom, String problem, boolean stillOver,
        long keptTokens) {

    /** Nothing to compact: the request, about {@code tokens} (0 when not counted), is within the budget. */
    public static CompactionResult notNeeded(long tokens) {
        return new CompactionResult(null, 0, null, false, tokens);
    }

    /** Not compacted, because {@code why} (a PreCompact hook blocked it). */
    public static CompactionResult blocked(String why) {
        return new CompactionResult(null, 0, why, false, 0);
    }

    /** Whether anything is sent differently now. */
    public boolean compacted() {
        return compaction != null && !compaction.isEmpty();
    }

    /**
     * "compacted the context: ≈52,300 → 21,900 tokens (saved 30,400): reasoning left out of 40 old
     * replies, 35 old tool results cut to head and tail, messages 1–120 summarised by the model".
     */
    public String describe() {
        if (compaction == null) {
            return problem != null ? "not compacted: " + problem : "nothing to compact";
        }
        List<String> steps = new ArrayList<>();
        int reasoning = compaction.withoutReasoning().size();
        if (reasoning > 0) {
            steps.add("reasoning left out of " + count(reasoning, "old reply", "old replies"));
        }
        int shrunk = compaction.shrunk().size();
        if (shrunk > 0) {
            steps.add(count(shrunk, "old tool result", "old tool results") + " cut to head and tail");
        }
        if (compaction.summary() != null) {
            steps.add("messages " + (summarizedFrom + 1) + "–" + compaction.summary().upTo() + " summarised by the model");
        }
        if (problem != null) {
            steps.add(problem);
        }
        if (stillOver) {
            steps.add(String.format(Locale.ROOT, "still over the budget: the latest replies and the system prompt"
                    + " alone take ≈%,d tokens", keptTokens));
        }
        if (steps.isEmpty()) {
            return "nothing to compact: everything is in the latest replies, which are kept as they are";
        }
        long saved = compaction.tokensBefore() - compaction.tokensAfter();
        return String.format(Locale.ROOT, "compacted the context: ≈%,d → %,d tokens (saved %,d): %s",
                compaction.tokensBefore(), compaction.tokensAfter(), saved, String.join(", ", steps));
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
