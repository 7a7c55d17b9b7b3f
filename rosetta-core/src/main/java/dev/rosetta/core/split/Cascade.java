package dev.rosetta.core.split;

import java.util.List;

/**
 * Runs readers over the prose no construct has claimed yet. At each line start it asks the
 * readers in priority order; the first that claims the line reads its construct to the end,
 * then prose resumes. A line no reader claims is prose at once, so only a line that could
 * still open a construct is held back.
 */
final class Cascade {

    private final List<Reader> readers;
    private Block block;
    private int pos;
    /** A position that starts a line although no newline precedes it (see {@link Block#endsAtLineStart}). */
    private int forcedLineStart = -1;
    /** While a reader waits for the end of the line: where the search for '\n' resumes. */
    private int lineWaitScan = -1;

    Cascade(List<Reader> readers, int start) {
        this.readers = List.copyOf(readers);
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
            }
            int lineEnd = in.lineEnd(pos);
            int next = lineEnd < 0 ? in.limit() : lineEnd;
            out.prose(pos, next);
            pos = next;
        }
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
        for (Reader reader : readers) {
            Opening o = reader.open(in, pos);
            // Complete input must decide; a reader that still hesitates gets prose, not a crash.
            if (o.kind() == Opening.Kind.NONE || o.undecided() && in.complete()) {
                continue;
            }
            if (o.kind() == Opening.Kind.NEED_LINE) {
                lineWaitScan = in.limit();
            }
            return o;
        }
        return Opening.NONE;
    }

    private boolean isLineStart(Input in, int i) {
        return i == forcedLineStart || in.isLineStart(i);
    }
}
