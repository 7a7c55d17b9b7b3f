package dev.rosetta.llm.responses;

/**
 * Rosetta asks for thinking with a token budget (Anthropic's unit); OpenAI's reasoning models
 * take an effort instead and publish no token figure for it. The mapping:
 *
 * <pre>
 *   budget ≤ 2 048 tokens  → "low"
 *   budget ≤ 8 192 tokens  → "medium"   (OpenAI's default)
 *   larger                 → "high"
 * </pre>
 *
 * Only these three levels: every reasoning model accepts them, while "minimal", "none" and
 * "xhigh" exist on some models only and are rejected by others.
 */
final class ReasoningEffort {

    static final int LOW_UP_TO = 2048;
    static final int MEDIUM_UP_TO = 8192;

    private ReasoningEffort() {}

    static String of(int budgetTokens) {
        if (budgetTokens <= LOW_UP_TO) {
            return "low";
        }
        return budgetTokens <= MEDIUM_UP_TO ? "medium" : "high";
    }
}
