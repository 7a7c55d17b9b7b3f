package dev.rosetta.llm.openai;

import java.util.List;
import java.util.function.Consumer;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code tools} array: {@code {"type":"function","function":{"name","description","parameters","strict"?}}}
 * per tool. {@code strict} is sent only when it is true (the model supports strict schemas and
 * the tool's parameters can be said strictly, see {@link ToolSchemas#strict}), with the schema in
 * strict form; descriptions longer than the API's 1024 characters are cut, and the cut is reported.
 */
final class ToolDefinitions {

    private ToolDefinitions() {}

    static ArrayNode write(List<ToolSpec> tools, boolean modelSupportsStrict, Consumer<String> warnings) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (ToolSpec spec : tools) {
            ObjectNode function = out.addObject().put("type", "function").putObject("function");
            function.put("name", ToolSchemas.name(spec));
            function.put("description", ToolSchemas.description(spec, ToolSchemas.OPENAI_DESCRIPTION_LIMIT, warnings));
            boolean strict = ToolSchemas.strict(spec, modelSupportsStrict);
            function.set("parameters", Json.MAPPER.valueToTree(ToolSchemas.parameters(spec, strict)));
            if (strict) {
                function.put("strict", true);
            }
        }
        return out;
    }
}
