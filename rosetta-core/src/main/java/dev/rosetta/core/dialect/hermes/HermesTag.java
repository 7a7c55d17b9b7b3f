package dev.rosetta.core.dialect.hermes;

/**
 * The tags around a hermes call's JSON. {@code <tool_call>} is what Hermes and Qwen models are
 * trained on; the siblings hold the same JSON in other models' output. {@code <tools>} is also
 * how the prompt lists the tools' schemas, so a {@code <tools>} block is a call only when its
 * first object is shaped like a call, not like a schema.
 */
enum HermesTag {
    TOOL_CALL("<tool_call>", "</tool_call>", false),
    FUNCTION_CALL("<function_call>", "</function_call>", false),
    TOOL_CALLS("<tool_calls>", "</tool_calls>", false),
    TOOLS("<tools>", "</tools>", true);

    /** The closer models write by mistake after the JSON, taken as the closer. */
    static final String WRONG_CLOSER = "</think>";

    private final String opener;
    private final String closer;
    private final boolean mayBeSchemas;

    HermesTag(String opener, String closer, boolean mayBeSchemas) {
        this.opener = opener;
        this.closer = closer;
        this.mayBeSchemas = mayBeSchemas;
    }

    String opener() {
        return opener;
    }

    String closer() {
        return closer;
    }

    /** Whether the block may be a list of tool schemas (an example) rather than calls. */
    boolean mayBeSchemas() {
        return mayBeSchemas;
    }
}
