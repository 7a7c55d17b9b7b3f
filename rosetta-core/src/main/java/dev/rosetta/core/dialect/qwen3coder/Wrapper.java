package dev.rosetta.core.dialect.qwen3coder;

/** The tags around one or more functions: Qwen3-Coder's {@code <tool_call>}, MiniMax-M2's {@code <minimax:tool_call>}. */
enum Wrapper {
    TOOL_CALL("<tool_call>", "</tool_call>"),
    MINIMAX("<minimax:tool_call>", "</minimax:tool_call>");

    private final String opener;
    private final String closer;

    Wrapper(String opener, String closer) {
        this.opener = opener;
        this.closer = closer;
    }

    String opener() {
        return opener;
    }

    String closer() {
        return closer;
    }
}
