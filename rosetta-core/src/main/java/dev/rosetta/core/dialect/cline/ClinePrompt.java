package dev.rosetta.core.dialect.cline;

import java.util.Locale;

import dev.rosetta.core.dialect.ExampleText;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools described the way Cline's system prompt lays them out — the models trained on it know
 * the shape: a heading per tool, its description, its parameters with (required) or (optional),
 * and a usage element with a placeholder per parameter.
 */
final class ClinePrompt {

    static final String CALLING_CONVENTION = """
            To use a tool, write its name as an XML-style element on lines of its own, and put each \
            argument inside it as an element named after the parameter:

            <tool_name>
            <first_parameter>value</first_parameter>
            <second_parameter>value</second_parameter>
            </tool_name>

            For example:

            <read_file>
            <path>src/main.js</path>
            </read_file>

            Write values as raw text, exactly as the tool should get them: do not escape <, > or &. A value \
            of several lines, such as a file's text, starts on the line after its opening tag and is kept \
            exactly as written up to its closing tag. Only the tools listed below exist. A call runs when its \
            closing tag arrives, and its result comes back to you in the next message.""";

    private ClinePrompt() {}

    static String describe(ToolSpec spec) {
        StringBuilder out = new StringBuilder("## ").append(spec.tag()).append('\n');
        out.append("Description: ").append(spec.description().strip()).append('\n');
        if (!spec.instructions().isBlank()) {
            out.append(spec.instructions().strip()).append('\n');
        }
        if (!spec.parameters().isEmpty()) {
            out.append("Parameters:\n");
            spec.parameters().forEach(p -> out.append(parameter(p)).append('\n'));
        }
        out.append("Usage:\n").append(usage(spec));
        if (!spec.examples().isEmpty()) {
            out.append("\nExamples:\n");
            spec.examples().forEach(e -> out.append('\n')
                    .append(ExampleText.render(e, ClineDialect.INSTANCE.write(e.use(), spec))));
        }
        return out.toString().stripTrailing();
    }

    private static String parameter(Parameter p) {
        String type = p.type().equals("string") ? "" : ", " + p.type();
        return "- " + p.name() + ": (" + (p.required() ? "required" : "optional") + type + ")"
                + (p.description().isBlank() ? "" : " " + p.description().strip());
    }

    private static String usage(ToolSpec spec) {
        StringBuilder out = new StringBuilder("<").append(spec.tag()).append(">\n");
        for (Parameter p : spec.parameters()) {
            String placeholder = p.name().replace('_', ' ').toLowerCase(Locale.ROOT) + " here";
            String value = p.slot() == Parameter.Slot.BODY ? "\n" + placeholder + "\n" : placeholder;
            out.append('<').append(p.name()).append('>').append(value).append("</").append(p.name()).append(">\n");
        }
        return out.append("</").append(spec.tag()).append('>').toString();
    }
}
