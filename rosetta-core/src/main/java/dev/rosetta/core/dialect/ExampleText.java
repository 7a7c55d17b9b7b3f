package dev.rosetta.core.dialect;

import dev.rosetta.core.tool.Example;

/** An example as a short quoted exchange, with the call spelled by the dialect that shows it. */
public final class ExampleText {

    private ExampleText() {}

    /**
     * The request and lead as quoted lines, the call unquoted (so the model sees the exact
     * spelling that runs), then the result.
     */
    public static String render(Example e, String call) {
        StringBuilder out = new StringBuilder("> User: ").append(e.request()).append('\n');
        out.append("> Assistant:").append(e.lead().isEmpty() ? "" : " " + e.lead()).append('\n');
        out.append(call).append('\n');
        if (!e.result().isEmpty()) {
            out.append("> Result: ").append(e.result().replace("\n", "\n> ")).append('\n');
        }
        return out.toString();
    }
}
