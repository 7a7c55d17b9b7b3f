package dev.rosetta.core.dialect.qwen3coder;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.UnknownTool;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.CallIds;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One function being read: its name, the parameters so far (typed by the tool's declaration),
 * and any text between them. A function with no parameters whose body is plain text passes
 * that text as the tool's body; text beside parameters is a mistake, reported.
 */
final class Function {

    /** The spellings of a function and the closer each takes. */
    enum Kind {
        FUNCTION("<function=", "</function>"),
        /** {@code <function name="NAME">}, as llama.cpp reads Hermes 2 Pro's and Functionary's calls. */
        FUNCTION_NAMED("<function ", "</function>"),
        INVOKE("<invoke", "</invoke>");

        final String opener;
        final String closer;

        Kind(String opener, String closer) {
            this.opener = opener;
            this.closer = closer;
        }

        /** The function header at {@code at}, if one of this kind is there. */
        Header header(Input in, int at) {
            return switch (this) {
                case FUNCTION -> Header.equalsForm(in, at, opener);
                case FUNCTION_NAMED -> Header.nameForm(in, at, "<function");
                case INVOKE -> Header.nameForm(in, at, opener);
            };
        }

        /** The kind whose opener is {@code tag}. */
        static Kind ofOpener(String tag) {
            for (Kind k : values()) {
                if (k.opener.equals(tag)) {
                    return k;
                }
            }
            throw new IllegalArgumentException(tag);
        }
    }

    private final String name;
    private final Kind kind;
    private final ToolSpec spec;
    private final Map<String, Object> arguments = new LinkedHashMap<>();
    private final StringBuilder text = new StringBuilder();

    Function(String name, Kind kind, ToolSpec spec) {
        this.name = name;
        this.kind = kind;
        this.spec = spec;
    }

    Kind kind() {
        return kind;
    }

    ToolSpec spec() {
        return spec;
    }

    /**
     * A parameter's raw value; {@code closed} when {@code </parameter>} ended it. A value that
     * something else ended may finish with the closer the model meant but misspelled
     * ({@code </parameter1>}, {@code </parameter_x>}, a bare {@code </parameter}): that is dropped.
     */
    void parameter(String key, String raw, boolean closed) {
        String value = UntypedValue.unframed(closed ? raw : withoutDriftedCloser(raw));
        arguments.put(key, spec == null ? value : spec.typedValue(key, value));
    }

    private static final Pattern DRIFTED_CLOSER = Pattern.compile("</parameter\\w{0,32}>?\\s*");

    private static String withoutDriftedCloser(String raw) {
        int at = raw.lastIndexOf("</parameter");
        return at >= 0 && DRIFTED_CLOSER.matcher(raw).region(at, raw.length()).matches() ? raw.substring(0, at) : raw;
    }

    /** Text between the function's tags and its parameters. */
    void text(String between) {
        if (!between.isBlank()) {
            text.append(between);
        }
    }

    /** The function's segment over {@code raw}: a call, or why it is not one. */
    Segment segment(ToolCatalog tools, String raw, int start, int end) {
        String problem = problem(tools);
        if (problem != null) {
            return new Unparsed(raw, Qwen3CoderDialect.INSTANCE, problem, start, end);
        }
        String id = CallIds.generate(spec.name(), start, raw);
        if (!arguments.isEmpty() || text.isEmpty()) {
            return new Call(ToolUse.named(spec.name(), arguments, id), Qwen3CoderDialect.INSTANCE, raw, start, end);
        }
        Map<String, Object> json = jsonArguments(text.toString().strip());
        ToolUse use = json != null ? ToolUse.named(spec.name(), json, id)
                : new ToolUse(spec.name(), List.of(), UntypedValue.unframed(text.toString()), Map.of(), id);
        return new Call(use, Qwen3CoderDialect.INSTANCE, raw, start, end);
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
        String where = "this " + switch (kind) {
            case FUNCTION -> "<function=" + name + ">";
            case FUNCTION_NAMED -> "<function name=\"" + name + "\">";
            case INVOKE -> "<invoke name=\"" + name + "\">";
        };
        if (spec == null) {
            return UnknownTool.problem(name, where, tools);
        }
        if (!arguments.isEmpty() && !text.isEmpty()) {
            String shown = text.toString().strip();
            shown = shown.length() > 40 ? shown.substring(0, 40) + "…" : shown;
            return "unexpected text in " + where + " beside its parameters ('" + shown + "'), so it was not run;"
                    + " write each argument as <parameter=NAME>\nvalue\n</parameter>";
        }
        return null;
    }
}
