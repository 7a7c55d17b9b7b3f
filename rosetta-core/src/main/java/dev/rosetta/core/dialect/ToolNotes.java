package dev.rosetta.core.dialect;

import dev.rosetta.core.tool.ToolSpec;

/**
 * What a schema cannot hold about a tool: Rosetta's instructions for it and its worked
 * examples, the calls spelled by the dialect that shows them. The native dialects' prompts put
 * these after the tool listing the model was trained on.
 */
public final class ToolNotes {

    private ToolNotes() {}

    /** "## name", the instructions and the examples; empty when the tool has neither. */
    public static String of(ToolSpec spec, Dialect dialect) {
        if (spec.instructions().isBlank() && spec.examples().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## ").append(spec.name()).append('\n');
        if (!spec.instructions().isBlank()) {
            out.append('\n').append(spec.instructions().strip()).append('\n');
        }
        if (!spec.examples().isEmpty()) {
            out.append("\n### Examples\n");
            spec.examples().forEach(e -> out.append('\n').append(ExampleText.render(e, dialect.write(e.use(), spec))));
        }
        return out.toString().stripTrailing();
    }
}
