package dev.rosetta.web.events;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

/**
 * The "edit" answer to a permission, from the page: what the user may edit (the call's body — the
 * command, the code, the file's content — or the JSON arguments of an MCP server's tool) and the
 * decision the edited text makes, as the terminal's editor makes it.
 */
public final class CallEdit {

    private CallEdit() {}

    /** The text the page offers to edit, or null when the call has nothing to edit. */
    public static String editable(ToolUse use, Preview preview) {
        if (preview instanceof Preview.JsonArguments json) {
            return json.json();
        }
        ToolSpec spec = BuiltinTools.catalog().resolve(use.tool()).orElse(null);
        Parameter body = spec == null ? null : spec.bodyParameter().orElse(null);
        if (body == null) {
            return null;
        }
        return String.valueOf(spec.bind(use).values().getOrDefault(body.name(), ""));
    }

    /**
     * The call run with {@code edited} as its body (or as its JSON arguments).
     *
     * @throws IllegalArgumentException when the call has no body, or the JSON is not one object
     */
    public static Decision decision(ToolUse use, Preview preview, String edited) {
        if (preview instanceof Preview.JsonArguments) {
            try {
                return new Decision.Edit(new Arguments(Json.readObject(edited)));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the edited arguments are not one JSON object: " + e.getMessage());
            }
        }
        ToolSpec spec = BuiltinTools.catalog().resolve(use.tool()).orElse(null);
        Parameter body = spec == null ? null : spec.bodyParameter().orElse(null);
        if (body == null) {
            throw new IllegalArgumentException("this call has no body to edit");
        }
        Map<String, Object> values = new LinkedHashMap<>(spec.bind(use).values());
        values.put(body.name(), edited);
        return new Decision.Edit(new Arguments(values));
    }
}
