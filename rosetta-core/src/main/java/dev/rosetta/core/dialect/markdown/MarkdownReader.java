package dev.rosetta.core.dialect.markdown;

import java.util.function.BiFunction;

import dev.rosetta.core.dialect.InfoString;
import dev.rosetta.core.dialect.toolblock.ContinueDialect;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Reads fenced blocks: three or more backticks at column 0 open a block, which a line of only
 * the same number of backticks closes. A block tagged with a loaded tool is a call; one tagged
 * with a tool's alias ({@code python}) is reported; any other block is prose whose lines no
 * other reader may claim.
 */
final class MarkdownReader implements Reader {

    private final ToolCatalog tools;
    /** Non-null in xml mode: fenced calls are reported with this explanation (tag, tool) instead of run. */
    private final BiFunction<String, ToolSpec, String> fencedCallProblem;

    MarkdownReader(ToolCatalog tools, BiFunction<String, ToolSpec, String> fencedCallProblem) {
        this.tools = tools;
        this.fencedCallProblem = fencedCallProblem;
    }

    @Override
    public String lineStarts() {
        return "`";
    }

    @Override
    public String secondChars(char first) {
        return "`";
    }

    @Override
    public java.util.List<String> literalStarts() {
        return java.util.List.of("```");
    }

    @Override
    public Opening open(Input in, int at) {
        int ticks = 0;
        while (ticks < 3 && in.has(at + ticks) && in.charAt(at + ticks) == '`') {
            ticks++;
        }
        if (ticks < 3) {
            boolean cut = !in.has(at + ticks) && !in.complete();
            return cut ? Opening.NEED_MORE : Opening.NONE;
        }
        int lineEnd = in.lineEnd(at);
        if (lineEnd < 0 && !in.complete()) {
            return Opening.NEED_LINE;
        }
        int end = lineEnd < 0 ? in.limit() : lineEnd;
        FenceLine fence = FenceLine.parse(in.slice(at, end), 0, end - at);
        if (fence == null || !fence.opens()) {
            return Opening.NONE;
        }
        if (fence.info().strip().equals(ContinueDialect.FENCE_TAG) && tools.resolve(ContinueDialect.FENCE_TAG).isEmpty()) {
            // Continue's ```tool block calls the tool its first line names; an ordinary fence otherwise.
            Opening call = ContinueDialect.fencedCall(tools, in, at, end, fence.ticks());
            if (call.kind() != Opening.Kind.NONE) {
                return call;
            }
        }
        return Opening.of(new FenceBlock(at, end, fence, kind(fence), this::callsATool));
    }

    private FenceBlock.Kind kind(FenceLine fence) {
        String tag = fence.tag();
        if (tag.isEmpty()) {
            return FenceBlock.Kind.prose();
        }
        var tool = tools.resolve(tag);
        if (tool.isPresent()) {
            return fencedCallProblem != null
                    ? FenceBlock.Kind.reported(fencedCallProblem.apply(tag, tool.get()), tool.get())
                    : FenceBlock.Kind.call(tool.get(), InfoString.parse(fence.rest(), tool.get()));
        }
        var meant = tools.aliasOf(tag);
        if (meant.isPresent()) {
            return FenceBlock.Kind.reported(fencedCallProblem != null
                    ? fencedCallProblem.apply(tag, meant.get())
                    : aliasProblem(tag, meant.get()), null);
        }
        return FenceBlock.Kind.prose();
    }

    /** Whether a fence tagged {@code tag} calls a tool or is reported as meaning one. */
    private boolean callsATool(String tag) {
        return tools.resolve(tag).isPresent() || tools.aliasOf(tag).isPresent();
    }

    static String aliasProblem(String tag, ToolSpec meant) {
        return "```" + tag + " blocks are not run (they may be examples); to run this, tag the block ```"
                + meant.tag() + " instead";
    }
}
