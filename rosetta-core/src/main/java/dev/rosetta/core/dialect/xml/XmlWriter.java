package dev.rosetta.core.dialect.xml;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.rosetta.core.dialect.InfoString;
import dev.rosetta.core.dialect.TextCall;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Spells a call as {@code <tool-use>} around one tool element, so that reading it gives the
 * same call back: args in the {@code args} attribute, the body raw (in CDATA only when it holds
 * the closing tag, a CDATA opener, or ends with a carriage return the reader would take for
 * half of the line break before the closing tag).
 */
final class XmlWriter {

    private XmlWriter() {}

    static String write(ToolUse use, ToolSpec spec) {
        String tag = spec.tag();
        if (!XmlText.isName(tag)) {
            throw new IllegalArgumentException("the xml dialect cannot spell a call to " + spec.name()
                    + ": its tag '" + tag + "' is not an element name");
        }
        TextCall call = TextCall.of(use, spec);
        Map<String, Object> named = new LinkedHashMap<>(call.named());
        named.values().removeIf(Objects::isNull);
        String body = call.content();
        if (!named.isEmpty() && !spec.parameters().isEmpty() && spec.bodyParameter().isEmpty()
                && (body == null || body.isBlank())) {
            // A tool whose arguments are all named takes them as JSON, which keeps their types.
            body = new TextCall(call.args(), null, named).bodyWithNamed(spec, "xml");
            named.clear();
        }
        StringBuilder out = new StringBuilder("<tool-use>\n<").append(tag);
        if (!call.args().isEmpty()) {
            attribute(out, "args", InfoString.format(call.args(), spec));
        }
        named.forEach((name, value) -> {
            if (name.equals("args") || !XmlText.isName(name)) {
                throw new IllegalArgumentException("the xml dialect cannot spell " + spec.name()
                        + "'s argument '" + name + "' as an attribute");
            }
            attribute(out, name, value instanceof String s ? s : Json.write(value));
        });
        if (body == null) {
            out.append("/>");
        } else {
            out.append(">\n").append(encodeBody(body, tag)).append('\n').append(CloserSearch.closerOf(tag));
        }
        return out.append("\n</tool-use>").toString();
    }

    private static void attribute(StringBuilder out, String name, String value) {
        out.append(' ').append(name).append("=\"").append(XmlText.escapeAttribute(value)).append('"');
    }

    static String encodeBody(String body, String tag) {
        boolean cdata = body.contains(CloserSearch.closerOf(tag)) || body.contains(XmlText.CDATA_OPEN)
                || body.endsWith("\r");
        return cdata ? XmlText.cdata(body) : body;
    }
}
