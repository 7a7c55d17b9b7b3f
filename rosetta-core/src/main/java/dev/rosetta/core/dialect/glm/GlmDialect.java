package dev.rosetta.core.dialect.glm;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.FunctionSchema;
import dev.rosetta.core.dialect.ToolNotes;
import dev.rosetta.core.dialect.UntypedValue;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Tool calls as GLM-4.5, 4.6 and 4.7 write them:
 * {@code <tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n</tool_call>}, with raw
 * values that the tool's declaration types. Tools are described as GLM's chat template does:
 * JSON schemas in {@code <tools>}, then the shape of a call.
 */
public final class GlmDialect implements Dialect {

    public static final GlmDialect INSTANCE = new GlmDialect();

    static final String CALLING_CONVENTION = """
            For each function call, output the function name and arguments within the following XML format:
            <tool_call>{function-name}
            <arg_key>{arg-key-1}</arg_key>
            <arg_value>{arg-value-1}</arg_value>
            <arg_key>{arg-key-2}</arg_key>
            <arg_value>{arg-value-2}</arg_value>
            ...
            </tool_call>
            Values are raw text: write code and file contents exactly as they are, without escaping.""";

    /** Text that would end a value or key early: one holding it cannot be spelled. */
    private static final String[] ENDS_TEXT = {"</arg_value>", "</arg_key>", "<arg_key>", "<arg_value>", "</tool_call>"};

    private GlmDialect() {}

    @Override
    public String name() {
        return "glm";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new GlmReader(tools);
    }

    /**
     * One {@code <arg_key>}/{@code <arg_value>} pair per line. The reader drops one line break at
     * each end of a value, so a value that starts or ends with one gets another.
     */
    @Override
    public String write(ToolUse use, ToolSpec spec) {
        if (spec.name().isEmpty() || !spec.name().chars().allMatch(c -> GlmReader.isNameChar((char) c))) {
            throw new IllegalArgumentException("the glm dialect cannot spell a call to '" + spec.name()
                    + "': the name must be one word");
        }
        StringBuilder out = new StringBuilder("<tool_call>").append(spec.name()).append('\n');
        for (Map.Entry<String, Object> e : AtToolDialect.named(use, spec).entrySet()) {
            String value = UntypedValue.text(e.getValue());
            check(spec, e.getKey(), e.getKey());
            check(spec, e.getKey(), value);
            String framed = (value.startsWith("\n") ? "\n" : "") + value + (value.endsWith("\n") ? "\n" : "");
            out.append("<arg_key>").append(e.getKey()).append("</arg_key>\n<arg_value>").append(framed)
                    .append("</arg_value>\n");
        }
        return out.append("</tool_call>").toString();
    }

    private static void check(ToolSpec spec, String key, String text) {
        for (String end : ENDS_TEXT) {
            if (text.contains(end)) {
                throw new IllegalArgumentException("the glm dialect cannot spell " + spec.name() + "'s argument '"
                        + key + "': it holds " + end);
            }
        }
    }

    @Override
    public String describe(ToolSpec spec) {
        String notes = ToolNotes.of(spec, this);
        return FunctionSchema.toolsBlock(List.of(spec)) + (notes.isEmpty() ? "" : "\n\n" + notes);
    }

    @Override
    public String callingConvention() {
        return CALLING_CONVENTION;
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        String notes = tools.stream().map(t -> ToolNotes.of(t, this)).filter(n -> !n.isEmpty())
                .collect(Collectors.joining("\n\n"));
        return "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
                + "You are provided with function signatures within <tools></tools> XML tags:\n"
                + FunctionSchema.toolsBlock(tools) + "\n\n" + CALLING_CONVENTION
                + (notes.isEmpty() ? "" : "\n\n# How to use each tool\n\n" + notes);
    }
}
