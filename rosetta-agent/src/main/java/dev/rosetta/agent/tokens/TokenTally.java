package dev.rosetta.agent.tokens;

import java.util.List;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.message.Role;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * The tokens and cost of a conversation so far: the provider's numbers where it reported usage,
 * estimates from {@link TokenEstimator} for replies where it did not (a local server that sends
 * no usage, a stream cut off before its usage arrived).
 *
 * @param inputTokens         tokens sent, over all requests, cache reads and writes included
 * @param cacheReadTokens     of {@code inputTokens}, those read from the provider's cache
 * @param outputTokens        tokens the model wrote
 * @param costUsd             the price in US dollars, or null when any reply has no price
 * @param repliesWithoutUsage replies whose tokens are estimated, because the provider reported none
 * @param contextTokens       the conversation's size now, as the next request would carry it: the
 *                            last reported request and reply exactly (system prompt and tool
 *                            definitions included), plus estimates of the messages since; without
 *                            any report, estimates of the messages only (a lower bound)
 */
public record TokenTally(long inputTokens, long cacheReadTokens, long outputTokens, Double costUsd,
        int repliesWithoutUsage, long contextTokens) {

    /** Whether any of the in/out numbers is an estimate rather than the provider's count. */
    public boolean estimated() {
        return repliesWithoutUsage > 0;
    }

    public static TokenTally of(List<LoggedMessage> conversation, TokenEstimator estimator) {
        long input = 0;
        long cacheRead = 0;
        long output = 0;
        long before = 0; // estimated tokens of the messages before the current one
        long context = 0; // the last reported context plus estimates of what came after it
        double cost = 0;
        boolean costKnown = true;
        int withoutUsage = 0;
        for (LoggedMessage logged : conversation) {
            Usage usage = logged.usage();
            if (usage != null) {
                // The provider's counts are exact and do not overlap: cache reads and writes are not in inputTokens.
                input += usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens();
                cacheRead += usage.cacheReadTokens();
                output += usage.outputTokens();
                context = usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens()
                        + usage.outputTokens();
            } else if (isReply(logged)) {
                // The request carried at least everything before this reply. The system prompt and
                // the tool definitions are not in the log, so this input is a lower bound.
                input += before;
                output += estimator.count(writtenText(logged));
                withoutUsage++;
            }
            if (isReply(logged)) {
                if (logged.cost() == null) {
                    costKnown = false;
                } else {
                    cost += logged.cost();
                }
            }
            long added = estimator.count(contextText(logged));
            before += added;
            if (usage == null) {
                context += added;
            }
        }
        return new TokenTally(input, cacheRead, output, costKnown ? cost : null, withoutUsage, context);
    }

    private static boolean isReply(LoggedMessage logged) {
        return logged.usage() != null || logged.message().role() == Role.ASSISTANT;
    }

    /**
     * What a message adds to the context: its text and, for native calls, the arguments, which
     * travel outside the text (a file saved through a native call is all arguments, no text).
     * The arguments are counted in Map spelling, near enough to the JSON that is sent.
     */
    private static String contextText(LoggedMessage logged) {
        StringBuilder text = new StringBuilder(logged.message().content());
        for (StoredSegment s : logged.segments()) {
            if (s instanceof StoredSegment.Call c && c.isNative()) {
                text.append('\n').append(c.use().tool()).append(c.use().kwargs());
            }
        }
        return text.toString();
    }

    /**
     * What the model wrote for a reply: its context text plus any reasoning it showed. Reasoning
     * is paid as output, but providers mostly drop it from later requests, so it is not context.
     */
    private static String writtenText(LoggedMessage logged) {
        StringBuilder text = new StringBuilder(contextText(logged));
        for (Reasoning reasoning : logged.message().reasoning()) {
            if (reasoning.text() != null) {
                text.append('\n').append(reasoning.text());
            }
        }
        return text.toString();
    }
}
