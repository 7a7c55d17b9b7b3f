package dev.rosetta.core.dialect.hermes;

/**
 * The tags around a hermes call's JSON. {@code <tool_call>} is what Hermes and Qwen models are
 * trained on; the siblings hold the same JSON in other models' output. {@code <tools>} is also
 * how the prompt lists the tools' schemas, so a {@code <tools>} block is a call only when its
 * first object is shaped like a call, not like a schema. The generic wrappers small models put
 * the JSON in ({@code <tool>}, {@code <response>}, {@code <json>}, {@code <xml>}: what llama.cpp's
 * Hermes 2 Pro parser accepts) are ordinary words, so such a block is a call only at a line start
 * and when its first object names a loaded tool; otherwise the whole block is prose.
 */
enum HermesTag {
    TOOL_CALL("<tool_call>", "</tool_call>", Evidence.TAG),
    FUNCTION_CALL("<function_call>", "</function_call>", Evidence.TAG),
    TOOL_CALLS("<tool_calls>", "</tool_calls>", Evidence.TAG),
    TOOLS("<tools>", "</tools>", Evidence.CALL_SHAPED),
    /** Granite 3.0's token, before a JSON list and with no closer of its own; the end-of-text token may follow. */
    GRANITE("<|tool_call|>", "<|end_of_text|>", Evidence.TAG),
    TOOL("<tool>", "</tool>", Evidence.LOADED_TOOL),
    RESPONSE("<response>", "</response>", Evidence.LOADED_TOOL),
    JSON("<json>", "</json>", Evidence.LOADED_TOOL),
    JSON_UPPER("<JSON>", "</JSON>", Evidence.LOADED_TOOL),
    XML("<xml>", "</xml>", Evidence.LOADED_TOOL);

    /** What makes the block a call rather than prose. */
    enum Evidence {
        /** The tag itself: anything in it is a call, or reported. */
        TAG,
        /** A first object shaped like a call, not like a tool schema. */
        CALL_SHAPED,
        /** A first object naming a loaded tool. */
        LOADED_TOOL
    }

    /** {@link #values()} without the copy each call makes (the reader asks at every candidate '<'). */
    static final java.util.List<HermesTag> ALL = java.util.List.of(values());

    /** The closer models write by mistake after the JSON, taken as the closer. */
    static final String WRONG_CLOSER = "</think>";

    private final String opener;
    private final String closer;
    private final Evidence evidence;

    HermesTag(String opener, String closer, Evidence evidence) {
        this.opener = opener;
        this.closer = closer;
        this.evidence = evidence;
    }

    String opener() {
        return opener;
    }

    String closer() {
        return closer;
    }

    /** Whether the block may be a list of tool schemas (an example) rather than calls. */
    boolean mayBeSchemas() {
        return evidence == Evidence.CALL_SHAPED;
    }

    /** Whether the block may be prose: its first object decides (see {@link Evidence}). */
    boolean mayBeProse() {
        return evidence != Evidence.TAG;
    }

    /** Whether the first object {@code first} makes the block prose. */
    boolean proseWith(dev.rosetta.core.dialect.CallObject first) {
        return switch (evidence) {
            case TAG -> false;
            case CALL_SHAPED -> !first.callShaped();
            case LOADED_TOOL -> first.spec() == null;
        };
    }

    /** Whether the tag opens a block after prose on the same line: the generic words do not. */
    boolean opensMidLine() {
        return evidence != Evidence.LOADED_TOOL;
    }
}
