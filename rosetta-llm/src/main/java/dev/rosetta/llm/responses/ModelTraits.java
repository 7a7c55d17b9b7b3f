package dev.rosetta.llm.responses;

/**
 * What the Responses adapter must know about the model it talks to; the model registry fills it
 * in. An absent registry flag arrives here as false.
 *
 * @param strictTools       the model takes {@code strict: true} function schemas
 * @param parallelToolCalls the model may call several tools in one reply; when false we ask it
 *                          for at most one, so generation can stop at the first complete call
 * @param reasoning         a reasoning model (o-series, gpt-5): it takes {@code reasoning} and
 *                          rejects {@code temperature}, and its reasoning items travel back
 */
public record ModelTraits(boolean strictTools, boolean parallelToolCalls, boolean reasoning) {

    /** A model nothing is recorded about. */
    public static final ModelTraits UNKNOWN = new ModelTraits(false, false, false);
}
