package dev.rosetta.agent.log;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A compaction: how the next requests send the conversation more briefly. It is a record of its
 * own in the log, never a rewrite of it: the messages it shortens stay in the file as they were,
 * and {@code /replay}, {@code --resume} and {@code /undo} still see every one of them. Message
 * numbers are positions among the visible messages, which an undo never moves (it only takes
 * messages off the end).
 *
 * @param at                the number of visible messages when it was made; it speaks only of
 *                          those, and an undo back past {@code at} takes it back too
 * @param timestamp         when
 * @param trigger           {@code auto} (the next request would have passed the budget) or
 *                          {@code manual} ({@code /compact})
 * @param withoutReasoning  messages sent without their reasoning (thinking text, native blocks)
 * @param shrunk            tool results sent as their head and tail
 * @param summary           the oldest messages sent as one summary, or null
 * @param tokensBefore      the request's estimated tokens before
 * @param tokensAfter       and after
 */
public record Compaction(int at, Instant timestamp, Trigger trigger, List<Integer> withoutReasoning,
        List<ShrunkResult> shrunk, Summary summary, long tokensBefore, long tokensAfter) {

    /** What started a compaction. */
    public enum Trigger {
        AUTO, MANUAL;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A tool result sent as {@code content} instead of its whole output. */
    public record ShrunkResult(int message, String content) {
        public ShrunkResult {
            Objects.requireNonNull(content, "content");
        }
    }

    /** Messages {@code [0, upTo)} sent as one user message holding {@code content}. */
    public record Summary(int upTo, String content) {
        public Summary {
            Objects.requireNonNull(content, "content");
            if (upTo < 1) {
                throw new IllegalArgumentException("a summary replaces at least one message, got up to " + upTo);
            }
        }
    }

    public Compaction {
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(trigger, "trigger");
        withoutReasoning = List.copyOf(withoutReasoning);
        shrunk = List.copyOf(shrunk);
        for (int m : withoutReasoning) {
            requireBefore(m, at);
        }
        for (ShrunkResult s : shrunk) {
            requireBefore(s.message(), at);
        }
        if (summary != null && summary.upTo() > at) {
            throw new IllegalArgumentException("a summary up to message " + summary.upTo() + " made when there were "
                    + at);
        }
    }

    private static void requireBefore(int message, int at) {
        if (message < 0 || message >= at) {
            throw new IllegalArgumentException("message " + message + " is not one of the " + at + " it was made over");
        }
    }

    /** Whether it changes nothing (every step found nothing to do). */
    public boolean isEmpty() {
        return withoutReasoning.isEmpty() && shrunk.isEmpty() && summary == null;
    }
}
