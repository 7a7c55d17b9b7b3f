package dev.rosetta.agent.context;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.llm.ProviderException;

/**
 * Decides what the next requests send more briefly, cheapest first, stopping as soon as the
 * request fits: the reasoning of old replies is left out (providers need only the latest one's);
 * old tool results are cut to their head and tail, with where the whole output is; then the
 * oldest messages are summarised by the model into one message that quotes the user's words.
 * Never touched: the system prompt and project instructions (not messages at all), the latest
 * replies with everything after them, and the pairing of a call with its result — a summary
 * never cuts between them.
 */
public final class Compactor {

    /** How a message goes out: as the next request sends it, and as a summarising transcript shows it. */
    public interface Rendering {
        Message sent(LoggedMessage message);

        String transcript(LoggedMessage message);
    }

    /** The summary message's own lines, in tokens, rounded up. */
    private static final int SUMMARY_FRAME = 80;

    private final ContextMeter meter;
    private final ContextBudget budget;
    private final int keepRecent;
    private final ResultShrinker shrinker;
    private final Summarizer summarizer;

    /** @param summarizer asks the model for summaries; null to compact without them */
    public Compactor(ContextMeter meter, ContextBudget budget, int keepRecent, ResultShrinker shrinker,
            Summarizer summarizer) {
        this.meter = meter;
        this.budget = budget;
        this.keepRecent = keepRecent;
        this.shrinker = shrinker;
        this.summarizer = summarizer;
    }

    /**
     * Plans a compaction of {@code messages} as {@code inForce} already shows them.
     *
     * @param fixed   tokens of what every request carries besides the messages (system prompt, tools)
     * @param trigger {@code AUTO}: only when the request would pass the budget's limit, and only
     *                until it fits its target; {@code MANUAL}: everything before the latest replies
     * @param keep    what the user asked the summary to keep in particular, or blank
     */
    public CompactionResult compact(List<LoggedMessage> messages, List<Compaction> inForce, long fixed,
            Rendering rendering, Compaction.Trigger trigger, String keep) {
        CompactedHistory view = CompactedHistory.of(messages, inForce);
        Working w = new Working(view, fixed, rendering);
        long before = meter.scaled(w.total);
        if (trigger == Compaction.Trigger.AUTO && before <= budget.limit()) {
            return CompactionResult.notNeeded(before);
        }
        long goal = trigger == Compaction.Trigger.AUTO ? budget.target() : 0;
        Boundaries boundaries = Boundaries.of(messages, keepRecent);
        int start = view.summarizedUpTo();
        int keepFrom = Math.max(start, boundaries.keepFrom());
        List<Integer> withoutReasoning = dropReasoning(w, start, keepFrom, goal);
        List<Compaction.ShrunkResult> shrunk = shrinkResults(w, start, keepFrom, goal);
        Compaction.Summary summary = null;
        String problem = null;
        if (summarizer != null && meter.scaled(w.total) > goal) {
            int upTo = cutFor(w, messages, boundaries, start, goal, trigger);
            if (upTo > start) {
                try {
                    summary = summarize(w, messages, start, upTo, keep);
                    w.summarized(upTo, summary, rendering);
                } catch (ProviderException e) {
                    problem = "the summary failed: " + e.getMessage();
                }
            }
        }
        Compaction c = new Compaction(messages.size(), Instant.now(), trigger, withoutReasoning, shrunk, summary,
                before, meter.scaled(w.total));
        return new CompactionResult(c, start, problem, meter.scaled(w.total) > budget.limit(),
                meter.scaled(w.keptTokens(keepFrom)));
    }

    private List<Integer> dropReasoning(Working w, int start, int keepFrom, long goal) {
        List<Integer> dropped = new ArrayList<>();
        for (int i = start; i < keepFrom && meter.scaled(w.total) > goal; i++) {
            CompactedHistory.Entry e = w.view.entry(i);
            if (!e.withoutReasoning() && w.shown(i).hasReasoning()) {
                w.replace(i, w.shown(i).withoutReasoning());
                dropped.add(i);
            }
        }
        return dropped;
    }

    private List<Compaction.ShrunkResult> shrinkResults(Working w, int start, int keepFrom, long goal) {
        List<Compaction.ShrunkResult> shrunk = new ArrayList<>();
        for (int i = start; i < keepFrom && meter.scaled(w.total) > goal; i++) {
            LoggedMessage m = w.shown(i);
            if (m.message().isToolResult() && !w.view.entry(i).shrunk()
                    && shrinker.worthShrinking(m.message().content())) {
                String text = shrinker.shrink(m.message().content());
                w.replace(i, m.withResultText(text));
                shrunk.add(new Compaction.ShrunkResult(i, text));
            }
        }
        return shrunk;
    }

    /**
     * Where the summary ends: by hand, just before the latest replies; automatically, at the
     * earliest place that brings the request to the goal (a summary of fewer messages loses
     * less), else just before the latest replies. The summary is reckoned at its longest, with
     * the user's messages it will quote.
     */
    private int cutFor(Working w, List<LoggedMessage> messages, Boundaries boundaries, int start, long goal,
            Compaction.Trigger trigger) {
        int latest = boundaries.latestCut(start);
        if (trigger == Compaction.Trigger.MANUAL || latest < 0) {
            return latest;
        }
        long quoted = 0;
        for (int i = 0; i < start; i++) {
            quoted += quotedChars(messages.get(i));
        }
        long remaining = w.total - w.summaryTokens();
        for (int b = start; b < latest; b++) {
            remaining -= w.tokens(b);
            quoted += quotedChars(messages.get(b));
            long summary = SUMMARY_FRAME + summarizer.replyTokens() + Math.min(quoted, quoteChars()) / 4;
            if (boundaries.canCutBefore(b + 1) && meter.scaled(remaining + summary) <= goal) {
                return b + 1;
            }
        }
        return latest;
    }

    /** What quoting a message in the summary takes: a user's message, up to its cut. */
    private static long quotedChars(LoggedMessage m) {
        return m.message().role() == Role.USER ? Math.min(m.message().content().length(), SummaryMessage.MESSAGE_CHARS) + 8
                : 0;
    }

    private Compaction.Summary summarize(Working w, List<LoggedMessage> messages, int start, int upTo, String keep)
            throws ProviderException {
        List<String> transcript = new ArrayList<>();
        for (int i = start; i < upTo; i++) {
            transcript.add(w.rendering.transcript(w.shown(i)));
        }
        String earlier = w.view.summarizedUpTo() > 0 ? w.view.entries().getFirst().shown().message().content() : null;
        String text = summarizer.summarize(transcript, earlier, keep);
        List<String> userMessages = messages.subList(0, upTo).stream().map(LoggedMessage::message)
                .filter(m -> m.role() == Role.USER).map(Message::content).toList();
        return new Compaction.Summary(upTo, SummaryMessage.of(upTo, userMessages, text, quoteChars()));
    }

    /** The user's words may take about an eighth of the budget (four characters a token). */
    private int quoteChars() {
        return (int) Math.min(Integer.MAX_VALUE, budget.tokens() / 2);
    }

    /** The messages as compacted so far, and what they add up to. */
    private final class Working {
        final CompactedHistory view;
        final Rendering rendering;
        final long fixed;
        final int from;
        final List<LoggedMessage> shown = new ArrayList<>();
        final List<Integer> tokens = new ArrayList<>();
        int summary;
        long total;

        Working(CompactedHistory view, long fixed, Rendering rendering) {
            this.view = view;
            this.rendering = rendering;
            this.fixed = fixed;
            this.from = view.summarizedUpTo();
            total = fixed;
            for (CompactedHistory.Entry e : view.entries()) {
                int t = meter.message(rendering.sent(e.shown()));
                total += t;
                if (e.isSummary()) {
                    summary = t;
                } else {
                    shown.add(e.shown());
                    tokens.add(t);
                }
            }
        }

        LoggedMessage shown(int index) {
            return shown.get(index - from);
        }

        int tokens(int index) {
            return tokens.get(index - from);
        }

        long summaryTokens() {
            return summary;
        }

        void replace(int index, LoggedMessage lighter) {
            int t = meter.message(rendering.sent(lighter));
            total += t - tokens(index);
            shown.set(index - from, lighter);
            tokens.set(index - from, t);
        }

        /** The messages before {@code upTo} now go as {@code s}. */
        void summarized(int upTo, Compaction.Summary s, Rendering rendering) {
            long t = total - summary;
            for (int i = from; i < upTo; i++) {
                t -= tokens(i);
            }
            summary = meter.message(rendering.sent(CompactedHistory.summaryMessage(s, Instant.EPOCH)));
            total = t + summary;
        }

        /** What the latest replies and everything after them take, with the fixed part. */
        long keptTokens(int keepFrom) {
            long t = fixed;
            for (int i = Math.max(from, keepFrom); i - from < tokens.size(); i++) {
                t += tokens(i);
            }
            return t;
        }
    }
}
