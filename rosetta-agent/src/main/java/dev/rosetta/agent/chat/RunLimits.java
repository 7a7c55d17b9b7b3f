package dev.rosetta.agent.chat;

import java.math.BigDecimal;

/**
 * What one run of Rosetta may spend, whatever its turns: {@code --max-turns}, {@code --max-cost}.
 *
 * @param maxTurns the most replies of the model (each a request of the conversation), or null for no limit
 * @param maxCost  the most US dollars the run's requests may cost, or null for no limit
 */
public record RunLimits(Integer maxTurns, BigDecimal maxCost) {

    public static final RunLimits NONE = new RunLimits(null, null);

    public RunLimits {
        if (maxTurns != null && maxTurns < 1) {
            throw new IllegalArgumentException("maxTurns must be at least 1, not " + maxTurns);
        }
        if (maxCost != null && maxCost.signum() <= 0) {
            throw new IllegalArgumentException("maxCost must be more than 0, not " + maxCost);
        }
    }
}
