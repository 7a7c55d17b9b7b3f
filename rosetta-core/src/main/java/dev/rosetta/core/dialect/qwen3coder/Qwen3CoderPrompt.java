package dev.rosetta.core.dialect.qwen3coder;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.ToolNotes;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools part of the system prompt in the shape Qwen3-Coder's chat template gives it: each
 * tool as a {@code <function>} element with its name, description and parameters inside
 * {@code <tools>}, then the format of a call and a short reminder. Rosetta's instructions and
 * examples for each tool follow.
 */
final class Qwen3CoderPrompt {

    static final String CALLING_CONVENTION = """
            If you choose to call a function, reply in the following format, and write nothing after it:

            <tool_call>
            <function=example_function_name>
            <parameter=example_parameter_1>
            value_1
            </parameter>
            <parameter=example_parameter_2>
            This is the value for the second parameter
            that can span
            multiple lines
            </parameter>
            </function>
            </tool_call>

            <IMPORTANT>
            Reminder:
            - A function call MUST follow this format: the <function=...></function> block sits inside <tool_call></tool_call> tags
            - Required parameters MUST be given
            - You may explain your call in natural language BEFORE it, but not after it
            - Values are raw text: write code and file contents exactly as they are, without escaping
            </IMPORTANT>""";

    private Qwen3CoderPrompt() {}

    static String tools(List<ToolSpec> tools) {
        String notes = tools.stream().map(t -> ToolNotes.of(t, Qwen3CoderDialect.INSTANCE)).filter(n -> !n.isEmpty())
                .collect(Collectors.joining("\n\n"));
        return "# Tools\n\nYou have access to the following functions:\n\n<tools>\n"
                + tools.stream().map(Qwen3CoderPrompt::function).collect(Collectors.joining("\n"))
                + "\n</tools>\n\n" + CALLING_CONVENTION
                + (notes.isEmpty() ? "" : "\n\n# How to use each tool\n\n" + notes);
    }

    static String describe(ToolSpec spec) {
        String notes = ToolNotes.of(spec, Qwen3CoderDialect.INSTANCE);
        return "<tools>\n" + function(spec) + "\n</tools>" + (notes.isEmpty() ? "" : "\n\n" + notes);
    }

    /** One tool as a {@code <function>} element. */
    static String function(ToolSpec spec) {
        StringBuilder out = new StringBuilder("<function>\n<name>").append(spec.name()).append("</name>\n");
        if (!spec.description().isBlank()) {
            out.append("<description>").append(spec.description().strip()).append("</description>\n");
        }
        out.append("<parameters>\n");
        for (Parameter p : spec.parameters()) {
            out.append("<parameter>\n<name>").append(p.name()).append("</name>\n<type>").append(p.type())
                    .append("</type>\n");
            if (!p.description().isBlank()) {
                out.append("<description>").append(p.description()).append("</description>\n");
            }
            out.append("</parameter>\n");
        }
        List<String> required = spec.parameters().stream().filter(Parameter::required).map(Parameter::name).toList();
        if (!required.isEmpty()) {
            out.append("<required>").append(Json.write(required)).append("</required>\n");
        }
        return out.append("</parameters>\n</function>").toString();
    }
}
