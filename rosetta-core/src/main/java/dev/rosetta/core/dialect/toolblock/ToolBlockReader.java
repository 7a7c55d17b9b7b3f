package dev.rosetta.core.dialect.toolblock;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/** Reads the bare form of Continue's call: a {@code TOOL_NAME:} line at a line start, no fence. */
final class ToolBlockReader implements Reader {

    private final ToolCatalog tools;

    ToolBlockReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "Tt";
    }

    @Override
    public String secondChars(char first) {
        return "Oo";
    }

    @Override
    public Opening open(Input in, int at) {
        return switch (ToolBlockLine.startsWithToolName(in, at)) {
            case 1 -> Opening.of(new ToolBlock(tools, at, at, 0));
            case 0 -> Opening.NEED_MORE;
            default -> Opening.NONE;
        };
    }
}
