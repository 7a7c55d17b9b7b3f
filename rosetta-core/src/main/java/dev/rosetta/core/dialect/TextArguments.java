package dev.rosetta.core.dialect;

import java.util.List;
import java.util.Map;

import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * A call whose arguments are text, not JSON — the code after Llama 3.1's {@code <|python_tag|>},
 * Functionary's {@code >>>python}, InternLM's interpreter: the text is the tool's body, or the
 * value of its only (or only required) text parameter. One rule, so every dialect hands text to a tool the same way.
 */
public final class TextArguments {

    private TextArguments() {}

    /**
     * The call of {@code spec} with {@code text} as its argument, or null when the tool takes
     * more than one text (then the text cannot say which).
     */
    public static ToolUse use(ToolSpec spec, String text, String callId) {
        if (spec.bodyParameter().isPresent() || spec.parameters().isEmpty()) {
            return new ToolUse(spec.name(), List.of(), text, Map.of(), callId);
        }
        Parameter only = onlyTextParameter(spec);
        return only == null ? null : ToolUse.named(spec.name(), Map.of(only.name(), text), callId);
    }

    /**
     * The parameter a bare text goes to: the tool's one parameter, or its one required parameter
     * (a search's query beside an optional limit), when that is a string; else null.
     */
    public static Parameter onlyTextParameter(ToolSpec spec) {
        List<Parameter> candidates = spec.parameters().size() == 1 ? spec.parameters()
                : spec.parameters().stream().filter(Parameter::required).toList();
        return candidates.size() == 1 && candidates.get(0).type().equals("string") ? candidates.get(0) : null;
    }
}
