package dev.rosetta.agent.context;

/**
 * One conversation's budget: the model's context window less what its reply may take. A request
 * that would fill more than {@link #limit()} is compacted first, down to {@link #target()}.
 *
 * @param window     the context window, in tokens
 * @param reserve    the reply's share: the request's output limit
 * @param compactAt  as {@link ContextSettings#compactAt()}
 * @param compactTo  as {@link ContextSettings#compactTo()}
 */
public record ContextBudget(int window, int reserve, double compactAt, double compactTo) {

    /** The reply's share when the request sets no output limit. */
    static final int DEFAULT_RESERVE = 4_096;

    public ContextBudget {
        if (window < 1 || reserve < 0) {
            throw new IllegalArgumentException("a window of " + window + " tokens with " + reserve + " for the reply");
        }
    }

    /**
     * The budget for a window and an output limit (null: the model's default). A reserve that
     * would leave less than half the window is cut to half: a registry entry whose output limit is
     * its whole window must not leave no room at all.
     */
    public static ContextBudget of(int window, Integer maxTokens, ContextSettings settings) {
        int reserve = maxTokens != null ? maxTokens : Math.min(DEFAULT_RESERVE, window / 4);
        return new ContextBudget(window, Math.min(reserve, window / 2), settings.compactAt(), settings.compactTo());
    }

    /** Tokens the request itself may take. */
    public long tokens() {
        return (long) window - reserve;
    }

    /** A request estimated above this is compacted before it is sent. */
    public long limit() {
        return (long) (tokens() * compactAt);
    }

    /** Compaction stops as soon as the request fits in this. */
    public long target() {
        return (long) (tokens() * compactTo);
    }
}
