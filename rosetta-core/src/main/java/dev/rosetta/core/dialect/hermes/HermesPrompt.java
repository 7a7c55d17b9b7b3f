package dev.rosetta.core.dialect.hermes;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.FunctionSchema;
import dev.rosetta.core.dialect.ToolNotes;
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
        return "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
                + "You are provided with function signatures within <tools></tools> XML tags:\n"
                + FunctionSchema.toolsBlock(tools) + "\n\n" + CALLING_CONVENTION + notes(tools);
    }

    static String describe(ToolSpec spec) {
        String notes = ToolNotes.of(spec, HermesDialect.INSTANCE);
        return FunctionSchema.toolsBlock(List.of(spec)) + (notes.isEmpty() ? "" : "\n\n" + notes);
    }

    /** The tools' instructions and examples under a heading of their own, or nothing. */
    static String notes(List<ToolSpec> tools) {
        String notes = tools.stream().map(t -> ToolNotes.of(t, HermesDialect.INSTANCE)).filter(n -> !n.isEmpty())
                .collect(Collectors.joining("\n\n"));
        return notes.isEmpty() ? "" : "\n\n# How to use each tool\n\n" + notes;
    }
}
