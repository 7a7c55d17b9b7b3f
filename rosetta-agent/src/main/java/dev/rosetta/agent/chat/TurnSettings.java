package dev.rosetta.agent.chat;

import dev.rosetta.llm.Thinking;

/**
 * How turns run.
 *
 * @param maxSteps        requests per turn at most (each answering the previous step's results)
 * @param breakOnToolUse  stop generation at the first complete call; null = as the model's
 *                        parallel-call support says ({@code ROSETTA_BREAK_ON_TOOLUSE} sets it)
 * @param stream          stream replies
 * @param maxTokens       output limit per request, or null for the model's default
 * @param thinking        how hard the model is asked to think ({@code --thinking}, {@code /think}), or
 *                        null for the model's own default
 * @param replyLimits     how much one reply may carry before it is stopped ({@code [limits]})
 */
public record TurnSettings(int maxSteps, Boolean breakOnToolUse, boolean stream, Integer maxTokens,
        Thinking thinking, ReplyLimits replyLimits) {

    public static final TurnSettings DEFAULT = new TurnSettings(50, null, true, null, null, ReplyLimits.DEFAULT);

    public TurnSettings {
        replyLimits = replyLimits == null ? ReplyLimits.DEFAULT : replyLimits;
    }

    /** Sets {@link #breakOnToolUse}: a {@link #flag} value. */
    public static final String BREAK_ON_TOOLUSE_VARIABLE = "ROSETTA_BREAK_ON_TOOLUSE";

    /** How many times in a row the model is told that its calls could not be read before giving up. */
    public static final int UNREADABLE_FEEDBACK_LIMIT = 3;

    public TurnSettings withMaxSteps(int steps) {
        return new TurnSettings(steps, breakOnToolUse, stream, maxTokens, thinking, replyLimits);
    }

    public TurnSettings withBreakOnToolUse(Boolean on) {
        return new TurnSettings(maxSteps, on, stream, maxTokens, thinking, replyLimits);
    }

    public TurnSettings withStream(boolean on) {
        return new TurnSettings(maxSteps, breakOnToolUse, on, maxTokens, thinking, replyLimits);
    }

    public TurnSettings withThinking(Thinking level) {
        return new TurnSettings(maxSteps, breakOnToolUse, stream, maxTokens, level, replyLimits);
    }

    public TurnSettings withReplyLimits(ReplyLimits limits) {
        return new TurnSettings(maxSteps, breakOnToolUse, stream, maxTokens, thinking, limits);
    }

    /** Reads a yes/no environment value: 1/true/yes/on or 0/false/no/off; null when unset or neither. */
    public static Boolean flag(String value) {
        if (value == null) {
            return null;
        }
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> null;
        };
    }
}
