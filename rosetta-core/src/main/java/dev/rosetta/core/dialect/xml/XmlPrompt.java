package dev.rosetta.core.dialect.xml;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/** The xml dialect's system prompt: {@code <role>}, then {@code <tools>} with one {@code <tool>} each. */
final class XmlPrompt {

    static final String CALLING_CONVENTION = """
            To call a tool, start a line with <tool-use> and put the tool's element inside: \
            <tool-use><TAG args="ARGS">BODY</TAG></tool-use>, where TAG is the tool's tag, args holds \
            what follows the tag (for file tools, the path; leave it out when there is nothing) and \
            BODY is the tool's input. Write the body as raw text, exactly as the tool should get it: \
            do not escape <, > or & in it. Only when the body itself contains the closing tag (such as \
            </save>) wrap the whole body in <![CDATA[ and ]]>. Each call runs as soon as its closing tag \
            arrives, and its result comes back to you in the next message; one <tool-use> may hold \
            several calls, run in order. Fenced code blocks (```shell) are shown to the user but NOT run \
            in this mode.""";

    private XmlPrompt() {}

    static String tools(List<ToolSpec> tools) {
        StringBuilder out = new StringBuilder("<tools>\n<calling-convention>\n")
                .append(CALLING_CONVENTION).append("\n</calling-convention>\n");
        tools.forEach(t -> out.append('\n').append(XmlDialect.INSTANCE.describe(t)).append('\n'));
        return out.append("</tools>").toString();
    }

    static String systemPrompt(String role, List<ToolSpec> tools) {
        return "<role>\n" + role.strip() + "\n</role>\n\n" + tools(tools);
    }

    static String describe(ToolSpec spec) {
        StringBuilder out = new StringBuilder("<tool name=\"").append(XmlText.escapeAttribute(spec.name())).append("\">\n");
        out.append("<description>").append(spec.description().strip()).append("</description>\n");
        if (!spec.instructions().isBlank()) {
            out.append("<instructions>\n").append(spec.instructions().strip()).append("\n</instructions>\n");
        }
        if (!spec.parameters().isEmpty()) {
            out.append("<parameters>\n");
            spec.parameters().forEach(p -> out.append(parameter(p, spec)).append('\n'));
            out.append("</parameters>\n");
        }
        out.append("<usage>\n").append(usage(spec)).append("\n</usage>\n");
        if (!spec.examples().isEmpty()) {
            out.append("<examples>\n");
            spec.examples().forEach(e -> out.append(example(e, spec)));
            out.append("</examples>\n");
        }
        return out.append("</tool>").toString();
    }

    private static String parameter(Parameter p, ToolSpec spec) {
        String where = switch (p.slot()) {
            case ARGUMENT -> "in args";
            case BODY -> "the body";
            case NAMED -> spec.bodyParameter().isEmpty() ? "a key of the JSON body" : "an attribute";
        };
        String type = p.type().equals("string") ? "" : p.type() + ", ";
        return "- " + p.name() + " (" + type + where + (p.required() ? ", required" : ", optional") + ")"
                + (p.description().isEmpty() ? "" : ": " + p.description());
    }

    /** The element with placeholders: args="PATH", NAME="NAME", and the body. */
    private static String usage(ToolSpec spec) {
        StringBuilder tag = new StringBuilder("<").append(spec.tag());
        String args = spec.argumentParameters().stream().map(XmlPrompt::placeholder).collect(Collectors.joining(" "));
        if (!args.isEmpty()) {
            tag.append(" args=\"").append(args).append('"');
        }
        List<Parameter> named = spec.parameters().stream().filter(p -> p.slot() == Parameter.Slot.NAMED).toList();
        String body;
        if (spec.bodyParameter().isPresent()) {
            named.forEach(p -> tag.append(' ').append(p.name()).append("=\"").append(placeholder(p)).append('"'));
            body = placeholder(spec.bodyParameter().get());
        } else if (!named.isEmpty()) {
            body = named.stream().map(p -> "\"" + p.name() + "\": " + placeholder(p))
                    .collect(Collectors.joining(", ", "{", "}"));
        } else {
            body = spec.parameters().isEmpty() ? "INPUT" : null;
        }
        String element = body == null ? tag + "/>" : tag + ">\n" + body + "\n</" + spec.tag() + ">";
        return "<tool-use>\n" + element + "\n</tool-use>";
    }

    private static String placeholder(Parameter p) {
        return p.name().toUpperCase(Locale.ROOT);
    }

    private static String example(Example e, ToolSpec spec) {
        StringBuilder out = new StringBuilder("<example>\n<user>").append(e.request()).append("</user>\n<assistant>\n");
        if (!e.lead().isEmpty()) {
            out.append(e.lead()).append('\n');
        }
        out.append(XmlDialect.INSTANCE.write(e.use(), spec)).append("\n</assistant>\n");
        if (!e.result().isEmpty()) {
            out.append("<result>\n").append(e.result()).append("\n</result>\n");
        }
        return out.append("</example>\n").toString();
    }
}
