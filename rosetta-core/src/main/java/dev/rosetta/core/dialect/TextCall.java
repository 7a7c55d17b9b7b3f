package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * A call in the shape the text dialects spell: positional arguments, a body, and the named
 * arguments that have no place in either. A native call ({@code kwargs} only) is moved into
 * this shape using its tool's declaration, so it can be re-spelled as markdown or xml.
 *
 * @param args    arguments after the tag
 * @param content the body, or null
 * @param named   what remains by name
 */
public record TextCall(List<String> args, String content, Map<String, Object> named) {

    public static TextCall of(ToolUse use, ToolSpec spec) {
        List<String> args = new ArrayList<>(use.args());
        String content = use.content();
        Map<String, Object> named = new LinkedHashMap<>(use.kwargs());
        if (args.isEmpty()) {
            for (Parameter p : spec.argumentParameters()) {
                if (!named.containsKey(p.name())) {
                    break;
                }
                args.add(text(named.remove(p.name())));
            }
        }
        var body = spec.bodyParameter();
        if (content == null && body.isPresent() && named.containsKey(body.get().name())) {
            content = text(named.remove(body.get().name()));
        }
        return new TextCall(args, content, named);
    }

    /**
     * The body, with named arguments folded in where the tool takes them as a JSON body (a tool
     * with no body parameter). Throws when the tool has a body and also named arguments that
     * the text dialects cannot spell.
     */
    public String bodyWithNamed(ToolSpec spec, String dialect) {
        if (named.isEmpty()) {
            return content;
        }
        if (spec.bodyParameter().isEmpty() && (content == null || content.isBlank())) {
            return Json.write(named);
        }
        throw new IllegalArgumentException("the " + dialect + " dialect cannot spell " + spec.name()
                + "'s named arguments " + named.keySet() + " beside its body");
    }

    private static String text(Object value) {
        return value instanceof String s ? s : Json.write(value);
    }
}
