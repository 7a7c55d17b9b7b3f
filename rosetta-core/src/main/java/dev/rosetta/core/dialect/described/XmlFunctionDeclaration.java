package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/** A tool as Qwen3-Coder's chat template declares one: a {@code <function>} element with its name, description and parameters. */
final class XmlFunctionDeclaration {

    private XmlFunctionDeclaration() {}

    static String of(ToolSpec spec) {
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
