package dev.rosetta.core.dialect.xml;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.tool.ToolSpec;

/**
 * The body of a tool element written as one child element per parameter —
 * {@code <github.search><query>rosetta</query><limit>5</limit></github.search>} — for a tool that
 * takes named parameters and no body (an MCP server's). Each value is typed by the parameter's
 * declared type, as attributes are; a body that is anything else (JSON, text) is left as it is.
 */
final class ParameterElements {

    private ParameterElements() {}

    /** The named arguments the body spells, or null when it is not a run of parameter elements only. */
    static Map<String, Object> read(String body, ToolSpec spec) {
        Map<String, Object> out = new LinkedHashMap<>();
        int i = skipSpace(body, 0);
        if (i >= body.length() || body.charAt(i) != '<') {
            return null;
        }
        while (i < body.length()) {
            int nameEnd = body.indexOf('>', i);
            if (body.charAt(i) != '<' || nameEnd < 0) {
                return null;
            }
            String name = body.substring(i + 1, nameEnd);
            if (!XmlText.isName(name) || spec.parameter(name).isEmpty() || out.containsKey(name)) {
                return null;
            }
            String closer = "</" + name + ">";
            int close = body.indexOf(closer, nameEnd + 1);
            if (close < 0) {
                return null;
            }
            String text = XmlText.decodeAttribute(XmlText.body(body.substring(nameEnd + 1, close)));
            out.put(name, spec.typedValue(name, text));
            i = skipSpace(body, close + closer.length());
        }
        return out;
    }

    private static int skipSpace(String text, int from) {
        int i = from;
        while (i < text.length() && XmlText.isSpace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
