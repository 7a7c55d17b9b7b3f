package dev.rosetta.llm.openai;

/**
 * What one model can do on the Chat Completions API, as far as the request body goes. The model
 * registry fills it; an absent flag there means "not recorded", which reads as false here.
 *
 * @param strictTools       the model accepts {@code "strict": true} tool schemas (structured outputs)
 * @param parallelToolCalls the model may emit several calls in one reply
 * @param reasoning         a reasoning model: takes {@code reasoning_effort}, rejects {@code temperature} and {@code stop}
 */
public record ModelTraits(boolean strictTools, boolean parallelToolCalls, boolean reasoning) {

    /** Nothing recorded: no strict schemas, one call per reply, not a reasoning model. */
    public static final ModelTraits UNKNOWN = new ModelTraits(false, false, false);
}
