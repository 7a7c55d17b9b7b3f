package dev.rosetta.core.dialect.xml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.InfoString;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * {@code <shell>ls</shell>}, {@code <save args="a b.txt">…</save>}, {@code <read args="x"/>}: the
 * element names the tool (by name or markdown tag), {@code args} holds what a fence line would
 * after the tag, other attributes are named arguments, and the raw body is the content — or, for a
 * tool with named parameters and no body, one child element per parameter.
 */
final class ToolElement extends Element {

    private final ToolSpec spec;

    ToolElement(StartTag.Tag tag, ToolSpec spec) {
        super(tag);
        this.spec = spec;
    }

    @Override
    Segment read(String body, String raw, int end) {
        List<String> args = List.of();
        Map<String, Object> kwargs = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : tag.attributes().entrySet()) {
            if (a.getKey().equals("args")) {
                args = InfoString.parse(a.getValue(), spec);
            } else {
                kwargs.put(a.getKey(), a.getValue());
            }
        }
        String content = body == null ? null : XmlText.body(body);
        if (content != null && spec.bodyParameter().isEmpty() && !spec.parameters().isEmpty()) {
            Map<String, Object> named = ParameterElements.read(content, spec);
            if (named != null) {
                kwargs.putAll(named);
                content = null;
            }
        }
        ToolUse use = new ToolUse(spec.name(), args, content, kwargs, null);
        return new Call(use, XmlDialect.INSTANCE, raw, tag.start(), end);
    }

    @Override
    String unclosedProblem() {
        return unclosed("<" + tag.name() + ">", CloserSearch.closerOf(tag.name()));
    }
}
