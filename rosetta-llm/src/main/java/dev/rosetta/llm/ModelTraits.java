package dev.rosetta.llm;

/**
 * What the adapters must know about the model they talk to, as far as the request body goes; the
 * model registry fills it in, and a flag it has not recorded arrives here as false.
 *
 * @param strictTools       the model takes {@code "strict": true} tool schemas (structured outputs)
 * @param parallelToolCalls the model may call several tools in one reply; when false it is asked
 *                          for one ({@code parallel_tool_calls: false} on OpenAI's APIs,
 *                          {@code disable_parallel_tool_use} on Anthropic's), which is also when the
 *                          agent stops generation at the first complete call by default
 * @param reasoning         an OpenAI reasoning model (o-series, gpt-5): it takes a reasoning
 *                          effort and rejects {@code temperature} and {@code stop}
 * @param thinks            whether the model can think at all, on any API; null when not recorded
 *                          (then thinking is asked for, and the provider judges)
 * @param adaptiveThinking  an Anthropic model whose docs ask for {@code thinking: {type: "adaptive"}}
 *                          with an effort rather than a token budget (Claude Opus and Sonnet 4.6)
 */
public record ModelTraits(boolean strictTools, boolean parallelToolCalls, boolean reasoning, Boolean thinks,
        boolean adaptiveThinking) {

    /** A model nothing is recorded about. */
    public static final ModelTraits UNKNOWN = new ModelTraits(false, false, false);

    public ModelTraits(boolean strictTools, boolean parallelToolCalls, boolean reasoning) {
        this(strictTools, parallelToolCalls, reasoning, null, false);
    }

    /** Whether the registry says the model cannot think. */
    public boolean cannotThink() {
        return Boolean.FALSE.equals(thinks);
    }

    static final int LOW_UP_TO = 2048;
    static final int MEDIUM_UP_TO = 8192;

    /**
     * Rosetta asks for thinking with a token budget (Anthropic's unit); OpenAI's reasoning models
     * take an effort and publish no token figure for it: up to 2,048 tokens is "low", up to 8,192
     * "medium" (OpenAI's default), more is "high". Only these three: every reasoning model accepts
     * them, while "minimal", "none" and "xhigh" exist on some models only.
     */
    public static String reasoningEffort(int budgetTokens) {
        if (budgetTokens <= LOW_UP_TO) {
            return "low";
        }
        return budgetTokens <= MEDIUM_UP_TO ? "medium" : "high";
    }
}
