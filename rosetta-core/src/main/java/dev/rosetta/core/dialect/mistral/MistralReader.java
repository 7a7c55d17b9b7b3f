package dev.rosetta.core.dialect.mistral;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/** Claims {@code [TOOL_CALLS]}, at a line start or right after prose ({@code Hello[TOOL_CALLS]…}). */
final class MistralReader implements Reader {

    private final ToolCatalog tools;

    MistralReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "[";
    }

    @Override
    public String secondChars(char first) {
        return "T";
    }

    @Override
    public java.util.List<String> literalStarts() {
        return java.util.List.of(MistralBlock.MARKER);
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '[') {
            return Opening.NONE;
        }
        return switch (in.match(at, MistralBlock.MARKER)) {
            case YES -> Opening.of(new MistralBlock(tools, at));
            case PARTIAL -> Opening.NEED_MORE;
            case NO -> Opening.NONE;
        };
    }

    @Override
    public String midLineStarts() {
        return "[";
    }
}
