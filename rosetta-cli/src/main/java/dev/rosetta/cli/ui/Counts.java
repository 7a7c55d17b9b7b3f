package dev.rosetta.cli.ui;

import dev.rosetta.agent.tokens.TokenTally;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * The numbers of the status line: the conversation's size against the model's window, tokens in
 * and out so far, and what they cost.
 *
 * @param context   tokens the next request carries
 * @param input     tokens sent so far, over every request
 * @param output    tokens the model wrote so far
 * @param cost      dollars so far, or null when any reply has no known price
 * @param estimated whether any number is an estimate (a provider that reported no usage)
 */
record Counts(long context, long input, long output, Double cost, boolean estimated) {

    static final Counts NONE = new Counts(0, 0, 0, 0.0, false);

    static Counts of(TokenTally tally) {
        return new Counts(tally.contextTokens(), tally.inputTokens(), tally.outputTokens(), tally.costUsd(),
                tally.estimated());
    }

    /** These counts with one more reply's usage, as the provider reported it while the turn runs. */
    Counts plus(Usage usage, Double replyCost) {
        long in = usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens();
        Double total = cost == null || replyCost == null ? null : cost + replyCost;
        return new Counts(in + usage.outputTokens(), input + in, output + usage.outputTokens(), total, estimated);
    }
}
