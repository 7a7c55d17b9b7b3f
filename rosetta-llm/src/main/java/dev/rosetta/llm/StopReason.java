package dev.rosetta.llm;

/** Why a reply ended, across providers. */
public enum StopReason {
    /** The model finished its turn. */
    END_TURN,
    /** The model called tools and waits for their results. */
    TOOL_USE,
    /** The output limit was reached: the reply may be cut mid-sentence or mid-call. */
    MAX_TOKENS,
    /** A stop sequence was generated. */
    STOP_SEQUENCE,
    /** The provider refused (content filter, safety). */
    REFUSAL,
    /** The stream broke after output began; what arrived is kept, the rest is missing. */
    INTERRUPTED,
    /** We closed the stream (a complete tool call, or the user pressed Ctrl-C). */
    CANCELED,
    /** Anything else the provider said; see the raw value. */
    OTHER
}
