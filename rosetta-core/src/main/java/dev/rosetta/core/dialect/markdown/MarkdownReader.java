package dev.rosetta.core.dialect.markdown;

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
 * with a tool's alias ({@code python}) is reported when it may be a call attempt (it ends the
 * reply), else prose; any other block is prose whose lines no other reader may claim. In another
 * format's conversation every block is prose: the model was not asked for fences, so they are
 * code for the user.
 */
final class MarkdownReader implements Reader {

    private final ToolCatalog tools;
    /** False in another format's conversation: no block is a call or reported. */
    private final boolean calls;

    MarkdownReader(ToolCatalog tools, boolean calls) {
        this.tools = tools;
        this.calls = calls;
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
        FenceKind kind = kind(fence);
        int meant = kind.tool() == null ? 0 : meantTicks(in, at, fence);
        if (meant > 0 && BareFences.of(in).noneAfter(at, fence.ticks(), in)) {
            return Opening.of(new FenceBlock(at, end, new FenceLine(meant, fence.info()), kind, this::callsATool));
        }
        return Opening.of(new FenceBlock(at, end, fence, kind, this::callsATool, meant));
    }

    /** Openers longer than this are not read as glued: models do not write such closers or openers. */
    private static final int LONGEST_GLUED = 12;

    /**
     * For a call's opener on the line after a bare fence ({@code ```} then {@code ``````patch a.py},
     * a closer written twice, as gptme's adjacent-fence tests show): the length it meant once the
     * closer's length is taken off, else 0. The block tries it only if its own length never closes.
     */
    private static int meantTicks(Input in, int at, FenceLine fence) {
        if (fence.ticks() < 6 || fence.ticks() > LONGEST_GLUED || at < 4 || in.charAt(at - 1) != '\n') {
            return 0;
        }
        int i = at - 2;
        while (i >= 0 && (in.charAt(i) == ' ' || in.charAt(i) == '\t' || in.charAt(i) == '\r')) {
            i--;
        }
        int closer = 0;
        while (i >= 0 && in.charAt(i) == '`') {
            closer++;
            i--;
        }
        boolean bareLine = closer >= 3 && (i < 0 || in.charAt(i) == '\n');
        return bareLine && fence.ticks() - closer >= 3 ? fence.ticks() - closer : 0;
    }

    private FenceKind kind(FenceLine fence) {
        String tag = fence.tag();
        if (tag.isEmpty() || !calls) {
            return FenceKind.prose();
        }
        var tool = tools.resolve(tag);
        if (tool.isPresent()) {
            return FenceKind.call(tool.get(), InfoString.parse(fence.rest(), tool.get()));
        }
        var meant = tools.aliasOf(tag);
        if (meant.isPresent()) {
            return FenceKind.example(aliasProblem(tag, meant.get()));
        }
        return FenceKind.prose();
    }

    /**
     * Whether a fence with this tag calls a tool: such a fence after a file body's ambiguous bare
     * fence is the model moving on. An alias ({@code ```python}) is not: it runs nothing, and in a
     * README it is an example that belongs to the file.
     */
    private boolean callsATool(String tag) {
        return tools.resolve(tag).isPresent();
    }

    static String aliasProblem(String tag, ToolSpec meant) {
        return "```" + tag + " " + MarkdownDialect.EXAMPLE_BLOCKS + "; to run this, tag the block ```" + meant.tag()
                + " instead";
    }
}
