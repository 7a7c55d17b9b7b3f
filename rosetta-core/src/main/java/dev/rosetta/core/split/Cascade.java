package dev.rosetta.core.split;

import java.util.List;

/**
 * Runs readers over the prose no construct has claimed yet. At each line start it asks the
 * readers in priority order; the first that claims the line reads its construct to the end,
 * then prose resumes. A line no reader claims is prose at once, so only a line that could
 * still open a construct is held back.
 *
 * <p>Readers that list {@link Reader#midLineStarts()} are also asked inside a prose line, at a
 * listed character outside inline code ({@code Some prose.<tool_call>…}); only there, so the
 * prose around it is released as soon as it is read.
 */
final class Cascade {

    /** For each character, the readers to ask at a line start that begins with it (see {@link Reader#lineStarts}). */
    private final AskingTable byFirstChar;
    private final MidLine midLine;
    private Block block;
    private int pos;
    /** A position that starts a line although no newline precedes it (see {@link Block#endsAtLineStart}). */
    private int forcedLineStart = -1;
    /** While a reader waits for the end of the line: where the search for '\n' resumes. */
    private int lineWaitScan = -1;

    Cascade(List<Reader> readers, int start) {
        List<Reader> all = List.copyOf(readers);
        this.byFirstChar = new AskingTable(all, Reader::lineStarts);
        this.midLine = MidLine.of(all);
        this.pos = start;
    }

    /** Reads as far as {@code in} allows; with complete input, reads to its limit. */
    void run(Input in, Output out) {
        while (true) {
            if (block != null) {
                if (!advanceBlock(in, out)) {
                    return;
                }
                continue;
            }
            if (pos >= in.limit()) {
                return;
            }
            if (isLineStart(in, pos)) {
                Opening opening = open(in);
                if (opening.undecided()) {
                    return;
                }
                if (opening.kind() == Opening.Kind.BLOCK) {
                    block = opening.block();
                    continue;
                }
                if (midLine != null) {
                    midLine.restart(pos, true);
                }
            }
            if (midLine == null) {
                int lineEnd = in.lineEnd(pos);
                int next = lineEnd < 0 ? in.limit() : lineEnd;
                out.prose(pos, next);
                pos = next;
            } else if (!readMidLine(in, out)) {
                return;
            }
        }
    }

    /**
     * Reads prose up to the next mid-line candidate or the end of the line, and asks there.
     * False when a reader is still undecided at a candidate (the prose before it is out).
     */
    private boolean readMidLine(Input in, Output out) {
        int at = midLine.nextCandidate(in, pos);
        if (at < 0) {
            int end = midLine.scanned();
            out.prose(pos, end);
            pos = end;
            return true;
        }
        out.prose(pos, at);
        pos = at;
        Opening opening = midLine.open(in, at);
        if (opening.undecided()) {
            return false;
        }
        if (opening.kind() == Opening.Kind.BLOCK) {
            block = opening.block();
            return true;
        }
        midLine.skip(at);
        out.prose(at, at + 1);
        pos = at + 1;
        return true;
    }

    private boolean advanceBlock(Input in, Output out) {
        int end = block.advance(in, out);
        if (end < 0) {
            if (!in.complete()) {
                return false;
            }
            block.endOfInput(in, out);
            end = in.limit();
        }
        forcedLineStart = block.endsAtLineStart() ? end : -1;
        block = null;
        pos = end;
        if (midLine != null) {
            midLine.restart(end, false);
        }
        return true;
    }

    private Opening open(Input in) {
        if (lineWaitScan >= pos && !in.complete()) {
            int nl = in.indexOf('\n', lineWaitScan);
            if (nl < 0) {
                lineWaitScan = in.limit();
                return Opening.NEED_LINE;
            }
        }
        lineWaitScan = -1;
        Opening o = byFirstChar.of(in.charAt(pos)).open(in, pos, true);
        if (o.kind() == Opening.Kind.NEED_LINE) {
            lineWaitScan = in.limit();
        }
        return o;
    }

    private boolean isLineStart(Input in, int i) {
        return i == forcedLineStart || in.isLineStart(i);
    }
}
