package dev.rosetta.core.dialect.xml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.dialect.InfoString;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * {@code <invoke name="save"><parameter name="path">a.txt</parameter>…</invoke>}, with any
 * namespace prefix. Children are {@code <parameter name="P">} or {@code <P>} for a parameter
 * the tool declares; they become named arguments. A body with no such child is the content.
 * Attributes other than {@code name} are read as on a tool element ({@link ToolElement}):
 * {@code args} as the words after a fence's tag, any other as a named argument, so
 * {@code <invoke name="save" args="a.md">text</invoke>} keeps its path. Like every element it
 * ends at its first closing tag, and the body is taken apart once then.
 */
final class InvokeElement extends Element {

    private final ToolSpec spec;
    private final String problem;

    InvokeElement(StartTag.Tag tag, ToolCatalog tools) {
        super(tag);
        String name = tag.attributes().getOrDefault("name", "").strip();
        this.spec = name.isEmpty() ? null : tools.resolve(name).orElse(null);
        if (name.isEmpty()) {
            problem = "an <" + tag.name() + "> element needs the tool's name, as in <" + tag.name()
                    + " name=\"shell\">, so it was not run";
        } else {
            problem = spec == null ? unknownTool(name, "this <" + tag.name() + ">", tools) : null;
        }
    }

    /** The tool called, or null when the element names none that is loaded. */
    ToolSpec spec() {
        return spec;
    }

    @Override
    Segment read(String body, String raw, int end) {
        if (problem != null) {
            return unparsed(raw, end, problem);
        }
        List<String> args = List.of();
        Map<String, Object> kwargs = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : tag.attributes().entrySet()) {
            switch (a.getKey()) {
                case "name" -> { }
                case "args" -> args = InfoString.parse(a.getValue(), spec);
                default -> kwargs.put(a.getKey(), a.getValue());
            }
        }
        if (body == null || body.isBlank()) {
            return call(null, args, kwargs, raw, end);
        }
        boolean children = false;
        int i = skipSpace(body, 0);
        while (i < body.length()) {
            Child child = Child.at(body, i, spec);
            if (child == null && !children) {
                return call(XmlText.body(body), args, kwargs, raw, end);
            }
            if (child == null) {
                return unparsed(raw, end, stray(body.substring(i)));
            }
            if (child.problem() != null) {
                return unparsed(raw, end, child.problem());
            }
            children = true;
            kwargs.put(child.name(), child.value());
            i = skipSpace(body, child.end());
        }
        return call(null, args, kwargs, raw, end);
    }

    private Call call(String content, List<String> args, Map<String, Object> kwargs, String raw, int end) {
        ToolUse use = new ToolUse(spec.name(), args, content, kwargs, null);
        return new Call(use, XmlDialect.INSTANCE, raw, tag.start(), end);
    }

    private String stray(String rest) {
        String shown = rest.strip();
        shown = shown.length() > 40 ? shown.substring(0, 40) + "…" : shown;
        return "unexpected text in <" + tag.name() + " name=\"" + spec.name() + "\"> after its parameters ('" + shown
                + "'), so it was not run; write each argument as <parameter name=\"…\">value</parameter>"
                + (spec.parameters().isEmpty() ? "" : " (" + spec.name() + " takes: " + parameterNames(spec) + ")");
    }

    @Override
    String unclosedProblem() {
        String closer = CloserSearch.closerOf(tag.name());
        return problem != null ? problem + "; the element was also never closed with " + closer
                : unclosed("<" + tag.name() + " name=\"" + spec.name() + "\">", closer);
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && XmlText.isSpace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** One argument element in an invoke's body: its name and value, or what is wrong with it. */
    private record Child(String name, String value, int end, String problem) {

        /** The argument element at {@code i}, or null if none starts there. */
        static Child at(String body, int i, ToolSpec spec) {
            if (body.charAt(i) != '<') {
                return null;
            }
            StartTag start = new StartTag(i);
            if (start.scan(body, body.length()) != StartTag.Status.COMPLETE) {
                return null;
            }
            StartTag.Tag t = start.tag(body);
            String name;
            if (t.localName().equals("parameter")) {
                name = t.attributes().getOrDefault("name", "").strip();
                if (name.isEmpty()) {
                    return new Child(null, null, 0, "a <" + t.name() + "> element needs the parameter's name, as in <"
                            + t.name() + " name=\"…\">, so the call was not run");
                }
            } else if (spec.parameter(t.name()).isPresent()) {
                name = t.name();
            } else {
                return null;
            }
            if (t.selfClosing()) {
                return new Child(name, "", t.end(), null);
            }
            String closer = CloserSearch.closerOf(t.name());
            int at = CloserSearch.findIn(body, t.end(), closer);
            if (at < 0) {
                return new Child(null, null, 0, "the <" + t.name() + "> element for '" + name
                        + "' was never closed with " + closer + " before the end of the invoke, so the call was not run");
            }
            return new Child(name, XmlText.body(body.substring(t.end(), at)), at + closer.length(), null);
        }
    }
}
