package dev.rosetta.cli.render;

import java.util.Locale;

import dev.rosetta.agent.tokens.Dollars;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * The line after a reply: {@code tokens: 1,234 in (800 cached) · 256 out · $0.0031}. Input counts
 * everything the model read, cached or not; the cost is left out when unknown.
 */
public final class UsageLine {

    private UsageLine() {}

    static String of(Usage usage, Double cost) {
        long in = usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens();
        StringBuilder s = new StringBuilder("tokens: ").append(count(in)).append(" in");
        if (usage.cacheReadTokens() > 0) {
            s.append(" (").append(count(usage.cacheReadTokens())).append(" cached)");
        }
        s.append(" · ").append(count(usage.outputTokens())).append(" out");
        if (cost != null && !cost.isNaN() && !cost.isInfinite()) {
            s.append(" · ").append(Dollars.of(cost));
        }
        return s.toString();
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
