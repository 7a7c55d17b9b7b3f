package dev.rosetta.agent.chat;

import java.math.BigDecimal;
import java.util.Locale;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.model.ModelInfo;

/**
 * What this run has spent so far — the model's replies, every request (summaries too), tokens and
 * dollars as the providers reported them — and the rule that keeps it within {@link RunLimits}: a
 * request is not sent once the replies reach {@code maxTurns}, nor when its estimated cost would take
 * the run past {@code maxCost}. A request's cost is estimated as its input (Rosetta's token estimate of
 * what it sends, calibrated by the usage reported so far) plus an output as long as the run's replies
 * have been on average, and at least {@link #OUTPUT_GUESS} tokens, but never more than the request may
 * write.
 */
public final class RunTally {

    /** The output assumed for a request before any reply of the run has reported its length. */
    static final long OUTPUT_GUESS = 1_000;

    private final RunLimits limits;
    private int turns;
    private int requests;
    private long input;
    private long output;
    private long cacheRead;
    private long cacheWrite;
    private double cost;
    private boolean costUnknown;
    private long repliedOutput;
    private int repliesWithUsage;

    public RunTally(RunLimits limits) {
        this.limits = limits == null ? RunLimits.NONE : limits;
    }

    public RunLimits limits() {
        return limits;
    }

    /** What the run has spent, as of now. */
    public record Snapshot(int turns, int requests, long inputTokens, long outputTokens, long cacheReadTokens,
            long cacheWriteTokens, Double cost) {}

    public synchronized Snapshot snapshot() {
        return new Snapshot(turns, requests, input, output, cacheRead, cacheWrite, costUnknown ? null : cost);
    }

    /** A reply of the model was read (with its usage and cost when the provider reported them). */
    synchronized void reply(Usage usage, Double price) {
        turns++;
        request(usage, price);
        if (usage != null) {
            repliedOutput += usage.outputTokens();
            repliesWithUsage++;
        }
    }

    /** Another request was made (a compaction's summary). */
    synchronized void request(Usage usage, Double price) {
        requests++;
        if (usage != null) {
            input += usage.inputTokens();
            output += usage.outputTokens();
            cacheRead += usage.cacheReadTokens();
            cacheWrite += usage.cacheWriteTokens();
        }
        if (price != null) {
            cost += price;
        } else if (usage != null) {
            costUnknown = true;
        }
    }

    /** Whether another reply may be asked for: how the turn ends when it may not, else null. */
    synchronized TurnOutcome beforeTurn() {
        if (limits.maxTurns() != null && turns >= limits.maxTurns()) {
            return new TurnOutcome(Reason.MAX_TURNS, "stopped before reply " + (turns + 1) + ": --max-turns "
                    + limits.maxTurns() + " replies were made");
        }
        return null;
    }

    /**
     * Whether a request of about {@code inputTokens} may be sent to {@code model}, writing at most
     * {@code maxOutput} tokens (null: unknown): how the turn ends when its estimated cost would take
     * the run past {@code --max-cost}, else null.
     */
    synchronized TurnOutcome beforeRequest(long inputTokens, ModelInfo model, Integer maxOutput) {
        if (limits.maxCost() == null) {
            return null;
        }
        long guess = Math.max(OUTPUT_GUESS, repliesWithUsage == 0 ? 0 : repliedOutput / repliesWithUsage);
        long outputTokens = maxOutput == null ? guess : Math.min(guess, maxOutput);
        Double estimate = model.cost(new Usage(inputTokens, outputTokens, 0, 0));
        if (estimate == null) {
            return null; // a model without prices was refused --max-cost when the run started
        }
        if (BigDecimal.valueOf(cost + estimate).compareTo(limits.maxCost()) > 0) {
            return new TurnOutcome(Reason.MAX_COST, String.format(Locale.ROOT, "stopped before a request estimated"
                    + " at $%.4f: with the $%.4f spent it would pass --max-cost $%s", estimate, cost,
                    limits.maxCost().toPlainString()));
        }
        return null;
    }
}
