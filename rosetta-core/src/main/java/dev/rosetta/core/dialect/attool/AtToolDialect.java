package dev.rosetta.core.dialect.attool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.ExampleText;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Tool calls as {@code @tool(call_id): {json}}: how native calls appear in a transcript, and a
 * spelling a model can also write in text.
 */
public final class AtToolDialect implements Dialect {

    public static final AtToolDialect INSTANCE = new AtToolDialect();

    private AtToolDialect() {}

    @Override
    public String name() {
        return "tool";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new AtToolReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        String id = use.callId() == null ? "" : "(" + use.callId() + ")";
        return "@" + spec.tag() + id + ": " + Json.write(named(use, spec));
    }

    /** The call's arguments by name; a call that does not bind is still written, as it was. */
    public static Map<String, Object> named(ToolUse use, ToolSpec spec) {
        try {
            return spec.bind(use).values();
        } catch (InvalidArgumentsException e) {
            Map<String, Object> out = new LinkedHashMap<>();
            List<Parameter> positional = spec.argumentParameters();
            for (int i = 0; i < use.args().size() && i < positional.size(); i++) {
                out.put(positional.get(i).name(), use.args().get(i));
            }
            if (use.content() != null) {
                out.put(spec.bodyParameter().map(Parameter::name).orElse("content"), use.content());
            }
            out.putAll(use.kwargs());
            return out;
        }
    }

    @Override
    public String callingConvention() {
        return """
                Call tools through the function-calling interface: name the tool and give its arguments \
                as JSON. In the conversation, calls appear as @tool(call_id): {"argument": "value"}; a call \
                written that way at the start of a line, in your text, runs too. Fenced code blocks tagged \
                with a tool (```shell) also run.""";
    }

    @Override
    public String describe(ToolSpec spec) {
        StringBuilder out = new StringBuilder("## ").append(spec.tag()).append("\n\n")
                .append(spec.description()).append('\n');
        if (!spec.instructions().isBlank()) {
            out.append('\n').append(spec.instructions().strip()).append('\n');
        }
        if (!spec.parameters().isEmpty()) {
            out.append("\nParameters:\n").append(spec.parameters().stream()
                    .map(p -> "- " + p.name() + " (" + p.type() + (p.required() ? ", required" : "") + "): "
                            + p.description())
                    .collect(Collectors.joining("\n"))).append('\n');
        }
        if (!spec.examples().isEmpty()) {
            out.append("\n### Examples\n");
            spec.examples().forEach(e -> out.append('\n').append(ExampleText.render(e, write(e.use(), spec))));
        }
        return out.toString().stripTrailing();
    }
}
