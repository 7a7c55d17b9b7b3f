package dev.rosetta.core.dialect.hermes;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.ExampleText;
import dev.rosetta.core.dialect.FunctionSchema;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools part of the system prompt in the shape Hermes and Qwen models were trained on: the
 * function schemas as JSON lines in {@code <tools>}, then the {@code <tool_call>} instruction.
 * Rosetta's instructions and examples for each tool follow, since a schema cannot hold them.
 */
final class HermesPrompt {

    static final String CALLING_CONVENTION = """
            For each function call, return a JSON object with the function name and its arguments \
            within <tool_call></tool_call> XML tags:
            <tool_call>
            {"name": <function-name>, "arguments": <args-json-object>}
            </tool_call>
            A call runs when its closing tag arrives; its result comes back to you in the next message.""";

    private HermesPrompt() {}

    static String tools(List<ToolSpec> tools) {
        StringBuilder out = new StringBuilder("# Tools\n\n")
                .append("You may call one or more functions to assist with the user query.\n\n")
                .append("You are provided with function signatures within <tools></tools> XML tags:\n")
                .append(schemas(tools)).append("\n\n")
                .append(CALLING_CONVENTION);
        String notes = tools.stream().map(HermesPrompt::notes).filter(n -> !n.isEmpty())
                .collect(Collectors.joining("\n\n"));
        if (!notes.isEmpty()) {
            out.append("\n\n# How to use each tool\n\n").append(notes);
        }
        return out.toString();
    }

    static String describe(ToolSpec spec) {
        String notes = notes(spec);
        return schemas(List.of(spec)) + (notes.isEmpty() ? "" : "\n\n" + notes);
    }

    /** The {@code <tools>} block: one JSON line per tool. */
    static String schemas(List<ToolSpec> tools) {
        return tools.stream().map(t -> Json.write(FunctionSchema.of(t)))
                .collect(Collectors.joining("\n", "<tools>\n", "\n</tools>"));
    }

    /** The instructions and examples of one tool, or nothing when it has neither. */
    private static String notes(ToolSpec spec) {
        if (spec.instructions().isBlank() && spec.examples().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## ").append(spec.name()).append('\n');
        if (!spec.instructions().isBlank()) {
            out.append('\n').append(spec.instructions().strip()).append('\n');
        }
        if (!spec.examples().isEmpty()) {
            out.append("\n### Examples\n");
            spec.examples().forEach(e -> out.append('\n')
                    .append(ExampleText.render(e, HermesDialect.INSTANCE.write(e.use(), spec))));
        }
        return out.toString().stripTrailing();
    }
}
