package dev.rosetta.core.dialect.described;

/**
 * What makes a construct a call rather than prose. A special token ({@code <|action_start|>}) is
 * not something a model writes by accident; a common word ({@code <tool>}, {@code <response>})
 * is, so such a wrapper holds a call only when what is inside shows it.
 */
public enum Evidence {
    /** The opener itself: anything in it is a call, or is reported. */
    MARKER("marker"),
    /** A first call shaped like a call, not like a tool's schema (a {@code <tools>} listing is an example). */
    CALL_SHAPED("call-shaped"),
    /** A first call naming a declared tool; otherwise the whole construct is prose. */
    DECLARED_TOOL("declared-tool");

    private final String id;

    Evidence(String id) {
        this.id = id;
    }

    /** The name a description uses. */
    public String id() {
        return id;
    }
}
