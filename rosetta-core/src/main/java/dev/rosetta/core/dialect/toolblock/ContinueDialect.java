package dev.rosetta.core.dialect.toolblock;

import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Continue's tool block, which Continue asks of models without native tools: a {@code ```tool}
 * fence holding a {@code TOOL_NAME:} line and {@code BEGIN_ARG: key} … {@code END_ARG} groups. The
 * call is to the tool the name line names — never to a tool called {@code tool}. Read in every
 * format; not a format of its own to ask in (see docs/DIALECTS.md, "continue"). The fenced form
 * reaches this dialect through the fence reader ({@link #fencedCall}); its own reader reads the
 * bare form, a {@code TOOL_NAME:} line with no fence, which Continue accepts too.
 */
public final class ContinueDialect implements Dialect {

    public static final ContinueDialect INSTANCE = new ContinueDialect();

    /** The info string of the fence that holds a call. */
    public static final String FENCE_TAG = "tool";

    private ContinueDialect() {}

    @Override
    public String name() {
        return "continue";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new ToolBlockReader(tools);
    }

    /**
     * The fence opened at {@code at} (a {@code ```tool} line ending at {@code bodyStart}, of
     * {@code ticks} backticks) as a Continue call when its next line is a {@code TOOL_NAME:} line;
     * {@link Opening#NONE} when it is not (then it is an ordinary fence), or undecided while that
     * line has not arrived.
     */
    public static Opening fencedCall(ToolCatalog tools, Input in, int at, int bodyStart, int ticks) {
        return switch (ToolBlockLine.startsWithToolName(in, bodyStart)) {
            case 1 -> Opening.of(new ToolBlock(tools, at, bodyStart, ticks));
            case 0 -> Opening.NEED_MORE;
            default -> Opening.NONE;
        };
    }

    /** Continue's own spelling: each value as JSON on the lines between its markers. */
    @Override
    public String write(ToolUse use, ToolSpec spec) {
        StringBuilder out = new StringBuilder("```tool\nTOOL_NAME: ").append(spec.name()).append('\n');
        for (Map.Entry<String, Object> e : AtToolDialect.named(use, spec).entrySet()) {
            out.append("BEGIN_ARG: ").append(e.getKey()).append('\n')
                    .append(Json.write(e.getValue())).append("\nEND_ARG\n");
        }
        return out.append("```").toString();
    }

    /** The tool as Continue defines one: a {@code ```tool_definition} block. */
    @Override
    public String describe(ToolSpec spec) {
        StringBuilder out = new StringBuilder("```tool_definition\nTOOL_NAME: ").append(spec.name()).append('\n');
        if (!spec.description().isBlank()) {
            out.append("TOOL_DESCRIPTION:\n").append(spec.description().strip()).append('\n');
        }
        for (Parameter p : spec.argumentParameters()) {
            out.append("TOOL_ARG: ").append(p.name()).append(" (").append(p.type()).append(", ")
                    .append(p.required() ? "required" : "optional").append(")\n");
            if (!p.description().isBlank()) {
                out.append(p.description().strip()).append('\n');
            }
            out.append("END_ARG\n");
        }
        return out.append("```").toString();
    }

    @Override
    public String callingConvention() {
        return "To call a tool, end your reply with a ```tool block: a TOOL_NAME: line naming the tool, then for "
                + "each argument a BEGIN_ARG: line naming it, its value as JSON on the lines after, and an END_ARG "
                + "line; close the block with ```. One call per block; call only the tools defined below.";
    }
}
