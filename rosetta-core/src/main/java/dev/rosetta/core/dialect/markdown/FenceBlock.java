package dev.rosetta.core.dialect.markdown;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.CodeBlockClosing;
import dev.rosetta.core.split.StreamEvent.CodeBlockOpened;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One fenced block, read line by line. Inside it, a fence with an info string opens a nested
 * block and a bare fence of that nested length closes it, so a {@code save} of a README whose
 * body holds a tagged code block round-trips. A bare fence of the block's own length closes the
 * block at once (CommonMark's rule), whatever follows it; a longer outer fence holds bare
 * shorter ones. A block that is prose announces where it opens and closes
 * ({@link CodeBlockOpened}, {@link CodeBlockClosing}), so the renderer draws as code exactly the
 * lines no reader may claim.
 */
final class FenceBlock implements Block {

    /** What the block is, decided by its tag when it opens. */
    record Kind(ToolSpec tool, List<String> args, String problem) {
        static Kind prose() {
            return new Kind(null, List.of(), null);
        }

        static Kind call(ToolSpec tool, List<String> args) {
            return new Kind(tool, args, null);
        }

        static Kind reported(String problem) {
            return new Kind(null, List.of(), problem);
        }

        boolean isProse() {
            return tool == null && problem == null;
        }
    }

    private final int start;
    private final int contentStart;
    private final int ticks;
    private final Kind kind;
    private final String tag;
    private final String info;
    /** Lengths of the nested blocks open inside this one, innermost last. */
    private final List<Integer> nested = new ArrayList<>();
    private int pos;
    private boolean midLine;
    private int lineWaitScan = -1;
    private boolean announced;
    private boolean gluedClose;

    FenceBlock(int start, int contentStart, FenceLine opener, Kind kind) {
        this.start = start;
        this.contentStart = contentStart;
        this.ticks = opener.ticks();
        this.kind = kind;
        this.tag = opener.tag();
        this.info = opener.info().strip();
        this.pos = contentStart;
    }

    @Override
    public int advance(Input in, Output out) {
        announce(out);
        while (in.has(pos)) {
            if (midLine || in.charAt(pos) != '`') {
                skipLine(in, out);
                continue;
            }
            int lineEnd = fenceLineEnd(in);
            if (lineEnd < 0) {
                return -1;
            }
            int closeEnd = onFenceLine(in, lineEnd);
            if (closeEnd >= 0) {
                return close(in, out, pos, closeEnd);
            }
            emitProse(out, pos, lineEnd);
            pos = lineEnd;
        }
        return -1;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        announce(out);
        if (kind.isProse()) {
            emitProse(out, pos, in.limit());
            out.event(new CodeBlockClosing(in.limit(), in.limit()));
            return;
        }
        String problem = "unclosed fence: the ```" + tag + " block was never closed, so it was not run"
                + " (the reply may have been cut off); end the block with a line of "
                + "`".repeat(ticks);
        out.segment(new Unparsed(in.slice(start, in.limit()), MarkdownDialect.INSTANCE, problem, start, in.limit()));
    }

    @Override
    public boolean endsAtLineStart() {
        return gluedClose;
    }

    private void announce(Output out) {
        if (announced) {
            return;
        }
        announced = true;
        if (kind.isProse()) {
            out.event(new CodeBlockOpened(info, "`".repeat(ticks), start, contentStart));
            out.prose(start, contentStart);
        } else if (kind.tool() != null) {
            out.event(new CallStarted(kind.tool().name(), MarkdownDialect.INSTANCE, start));
        }
    }

    /** A line that does not start with a backtick is content; read to its end. */
    private void skipLine(Input in, Output out) {
        int lineEnd = in.lineEnd(pos);
        int to = lineEnd < 0 ? in.limit() : lineEnd;
        emitProse(out, pos, to);
        midLine = lineEnd < 0;
        pos = to;
    }

    /** The end of the fence-like line at pos, once it is all there; -1 while it is still arriving. */
    private int fenceLineEnd(Input in) {
        int from = Math.max(pos, lineWaitScan);
        int nl = in.indexOf('\n', from);
        if (nl >= 0) {
            lineWaitScan = -1;
            return nl + 1;
        }
        if (in.complete()) {
            return in.limit();
        }
        lineWaitScan = in.limit();
        return -1;
    }

    /** Applies the fence rules to the line [pos, lineEnd); returns where the block ends, or -1. */
    private int onFenceLine(Input in, int lineEnd) {
        FenceLine line = FenceLine.parse(in.slice(pos, lineEnd), 0, lineEnd - pos);
        if (line == null) {
            return -1;
        }
        int innermost = nested.isEmpty() ? 0 : nested.get(nested.size() - 1);
        if (line.bare()) {
            if (line.ticks() == innermost) {
                nested.remove(nested.size() - 1);
            } else if (line.ticks() == ticks) {
                return lineEnd;
            }
            return -1;
        }
        if (nested.isEmpty() && line.ticks() >= ticks + 3 && gluedOpener(line)) {
            // "```" and the next "```shell" glued together: close here, reopen right after.
            gluedClose = true;
            return pos + ticks;
        }
        if (line.opensNested()) {
            nested.add(line.ticks());
        }
        return -1;
    }

    private boolean gluedOpener(FenceLine line) {
        return line.ticks() - ticks >= 3 && new FenceLine(line.ticks() - ticks, line.info()).opensNested();
    }

    private int close(Input in, Output out, int closeLine, int end) {
        if (kind.isProse()) {
            out.event(new CodeBlockClosing(closeLine, end));
            emitProse(out, closeLine, end);
            return end;
        }
        String raw = in.slice(start, end);
        if (kind.tool() != null) {
            String content = withoutFinalBreak(in.slice(contentStart, closeLine));
            ToolUse use = ToolUse.positional(kind.tool().name(), kind.args(), content);
            out.segment(new Call(use, MarkdownDialect.INSTANCE, raw, start, end));
        } else {
            out.segment(new Unparsed(raw, MarkdownDialect.INSTANCE, kind.problem(), start, end));
        }
        return end;
    }

    private void emitProse(Output out, int from, int to) {
        if (kind.isProse() && to > from) {
            out.prose(from, to);
        }
    }

    /** The body without the line break before the closing fence. */
    static String withoutFinalBreak(String body) {
        if (body.endsWith("\r\n")) {
            return body.substring(0, body.length() - 2);
        }
        return body.endsWith("\n") ? body.substring(0, body.length() - 1) : body;
    }
}
