package dev.rosetta.agent.context;

/**
 * How a conversation is kept within its model's context window ({@code [context]} in the config
 * files).
 *
 * @param compactAt  compact before a request that would fill more than this part of the budget
 * @param compactTo  compacting stops as soon as the request fits in this part of the budget; below
 *                   {@code compactAt}, so that one compaction lasts for a while
 * @param keepRecent how many of the model's latest replies, with their results and every message
 *                   after them, are always sent as they are
 * @param window     the context window in tokens, over the model registry's; null to use the registry's
 */
public record ContextSettings(double compactAt, double compactTo, int keepRecent, Integer window) {

    public static final ContextSettings DEFAULT = new ContextSettings(0.8, 0.5, 4, null);

    public ContextSettings {
        if (!(compactAt > 0 && compactAt <= 1)) {
            throw new IllegalArgumentException("compact_at is a part of the budget, above 0 and at most 1: " + compactAt);
        }
        if (!(compactTo > 0 && compactTo <= compactAt)) {
            throw new IllegalArgumentException("compact_to is above 0 and at most compact_at: " + compactTo);
        }
        if (keepRecent < 1) {
            throw new IllegalArgumentException("keep_recent is at least 1: " + keepRecent);
        }
        if (window != null && window < 1) {
            throw new IllegalArgumentException("a context window is at least 1 token: " + window);
        }
    }

    public ContextSettings withWindow(Integer tokens) {
        return new ContextSettings(compactAt, compactTo, keepRecent, tokens);
    }

    public ContextSettings withKeepRecent(int replies) {
        return new ContextSettings(compactAt, compactTo, replies, window);
    }
}
