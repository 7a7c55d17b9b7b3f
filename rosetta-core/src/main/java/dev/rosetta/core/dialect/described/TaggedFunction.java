package dev.rosetta.core.dialect.described;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.xml.XmlText;
import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One function element being read: its name, the parameters so far (typed by the tool's
 * declaration), and any text between them. A function with no parameters whose body is plain text
 * passes that text as the tool's body; text beside parameters is a mistake, reported.
 */
final class TaggedFunction {

    private final String name;
    private final TagSpelling spelling;
    private final ToolSpec spec;
    private final Pattern driftedCloser;
    private final Map<String, Object> arguments = new LinkedHashMap<>();
    private final StringBuilder text = new StringBuilder();

    TaggedFunction(String name, TagSpelling spelling, ToolSpec spec, String parameterCloser) {
        this.name = name;
        this.spelling = spelling;
        this.spec = spec;
        String stem = parameterCloser.substring(0, parameterCloser.length() - 1);
        this.driftedCloser = Pattern.compile(Pattern.quote(stem) + "\\w{0,32}>?\\s*");
    }

    TagSpelling spelling() {
        return spelling;
    }

    ToolSpec spec() {
        return spec;
    }

    /**
     * A parameter's raw value; {@code closed} when its closer ended it. A value that something
     * else ended may finish with the closer the model meant but misspelled ({@code </parameter1>},
     * {@code </parameter_x>}, a bare {@code </parameter}): that is dropped.
     */
    void parameter(String key, String raw, boolean closed, String closer) {
        String value = withoutCdata(UntypedValue.unframed(closed ? raw : withoutDriftedCloser(raw, closer)));
        arguments.put(key, spec == null ? value : spec.typedValue(key, value));
    }

    /** A value written as one CDATA section (MiniCPM4, as Cline's XML) is what the section holds. */
    private static String withoutCdata(String value) {
        String stripped = value.strip();
        return stripped.startsWith(XmlText.CDATA_OPEN) && stripped.endsWith(XmlText.CDATA_CLOSE)
                ? XmlText.unwrapCdata(stripped) : value;
    }

    private String withoutDriftedCloser(String raw, String closer) {
        int at = raw.lastIndexOf(closer.substring(0, closer.length() - 1));
        return at >= 0 && driftedCloser.matcher(raw).region(at, raw.length()).matches() ? raw.substring(0, at) : raw;
    }

    /** Text between the function's tags and its parameters. */
    void text(String between) {
        if (!between.isBlank()) {
            text.append(between);
        }
    }

    /** The function's segment over {@code raw}: a call, or why it is not one. */
    Segment segment(Dialect dialect, ToolCatalog tools, String raw, int start, int end) {
        String problem = problem(tools);
        if (problem != null) {
            return new Unparsed(raw, dialect, problem, start, end);
        }
        String id = CallIds.generate(spec.name(), start, raw);
        if (!arguments.isEmpty() || text.isEmpty()) {
            return new Call(ToolUse.named(spec.name(), arguments, id), dialect, raw, start, end);
        }
        Map<String, Object> json = jsonArguments(text.toString().strip());
        ToolUse use = json != null ? ToolUse.named(spec.name(), json, id)
                : new ToolUse(spec.name(), List.of(), UntypedValue.unframed(text.toString()), Map.of(), id);
        return new Call(use, dialect, raw, start, end);
    }

    /**
     * A body that is a JSON object of the tool's arguments, as Functionary and llama.cpp's Hermes
     * 2 Pro write {@code <function=NAME>{"arg1": 1}</function>}: when the tool takes no body, or
     * every key is one of its parameters. Else null, and the body is the tool's body as written
     * ({@code <function=shell>ls</function>}).
     */
    private Map<String, Object> jsonArguments(String body) {
        if (!body.startsWith("{") || !body.endsWith("}")) {
            return null;
        }
        try {
            Map<String, Object> json = NativeCalls.arguments(body);
            boolean named = spec.bodyParameter().isEmpty()
                    || json.keySet().stream().allMatch(k -> spec.parameter(k).isPresent());
            return named ? json : null;
        } catch (JsonRepairException e) {
            return null;
        }
    }

    private String problem(ToolCatalog tools) {
        String where = "this " + spelling.open(name);
        if (spec == null) {
            return UnknownTool.problem(name, where, tools);
        }
        if (!arguments.isEmpty() && !text.isEmpty()) {
            String shown = text.toString().strip();
            shown = shown.length() > 40 ? shown.substring(0, 40) + "…" : shown;
            return "unexpected text in " + where + " beside its parameters ('" + shown + "'), so it was not run;"
                    + " write each argument as its own parameter element";
        }
        return null;
    }
}
