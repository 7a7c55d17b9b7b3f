package dev.rosetta.core.dialect.attool;

import java.util.Map;

import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** One {@code @tool} call, from the '@' to the brace that balances its JSON's first one. */
final class AtToolBlock implements Block {

    private final int start;
    private final int brace;
    private final String name;
    private final String callId;
    private final ToolSpec tool;
    private final ToolCatalog tools;
    private final JsonExtent extent;
    private boolean announced;

    AtToolBlock(int start, int brace, String name, String callId, ToolSpec tool, ToolCatalog tools) {
        this.start = start;
        this.brace = brace;
        this.name = name;
        this.callId = callId;
        this.tool = tool;
        this.tools = tools;
        this.extent = new JsonExtent(brace);
    }

    @Override
    public int advance(Input in, Output out) {
        if (!announced && tool != null) {
            out.event(new CallStarted(tool.name(), AtToolDialect.INSTANCE, start));
        }
        announced = true;
        int end = extent.scan(in);
        if (end < 0) {
            return -1;
        }
        String raw = in.slice(start, end);
        if (tool == null) {
            out.segment(unparsed(raw, end, "unknown tool '" + name + "'; the tools are: "
                    + String.join(", ", tools.names())));
            return end;
        }
        try {
            Map<String, Object> kwargs = JsonRepair.parseObject(in.slice(brace, end));
            String id = callId != null ? callId : CallIds.generate(name, start, raw);
            out.segment(new Call(ToolUse.named(tool.name(), kwargs, id), AtToolDialect.INSTANCE, raw, start, end));
        } catch (JsonRepairException e) {
            out.segment(unparsed(raw, end, "the arguments of @" + name + " are not valid JSON, so it was not run: "
                    + e.getMessage()));
        }
        return end;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        out.segment(unparsed(in.slice(start, in.limit()), in.limit(), "incomplete: the JSON of @" + name
                + " was never closed, so it was not run (the reply may have been cut off)"));
    }

    private Unparsed unparsed(String raw, int end, String problem) {
        return new Unparsed(raw, AtToolDialect.INSTANCE, problem, start, end);
    }
}
