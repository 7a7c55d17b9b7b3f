package dev.rosetta.core.split;

import java.util.List;

import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.ThinkingDelta;

/**
 * One thinking block. The closer is searched in the raw text first (it ends the thinking even
 * inside an open fence); the text before it runs through a nested cascade whose prose is
 * thinking and whose calls are reported, not run.
 */
final class ThinkingBlock implements Block, Output {

    static final String CALL_INSIDE =
            "a tool call inside <think>…</think> is not run: close the thinking block before calling a tool";

    private static final String[] CLOSERS = {"</think>", "</thinking>"};

    private final Input view;
    private final Cascade nested;
    private Output parent;
    private int scan;
    private int pieceStart;
    private int pieceTextFrom;

    ThinkingBlock(Input in, int start, int contentStart, List<Reader> inner) {
        this.view = in.view();
        this.nested = new Cascade(inner, contentStart);
        this.scan = contentStart;
        this.pieceStart = start;
        this.pieceTextFrom = contentStart;
    }

    @Override
    public int advance(Input in, Output out) {
        parent = out;
        int i = scan;
        for (; i < in.limit(); i++) {
            if (in.charAt(i) != '<') {
                continue;
            }
            int closer = closerAt(in, i);
            if (closer > 0) {
                readInner(i, true);
                endPiece(i, i + closer);
                return i + closer;
            }
            if (closer < 0) {
                break;
            }
        }
        scan = i;
        readInner(i, false);
        return -1;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        parent = out;
        readInner(in.limit(), true);
        endPiece(in.limit(), in.limit());
    }

    /** The closer's length if one starts at i, -1 if one may still (partly seen), else 0. */
    private static int closerAt(Input in, int i) {
        boolean partial = false;
        for (String closer : CLOSERS) {
            Match m = in.match(i, closer);
            if (m == Match.YES) {
                return closer.length();
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? -1 : 0;
    }

    private void readInner(int limit, boolean complete) {
        view.set(limit, complete);
        nested.run(view, this);
    }

    private void endPiece(int textEnd, int spanEnd) {
        if (spanEnd > pieceStart) {
            parent.segment(new Thinking(view.slice(pieceTextFrom, textEnd), pieceStart, spanEnd));
        }
    }

    @Override
    public void prose(int from, int to) {
        if (to > from) {
            parent.event(new ThinkingDelta(view.slice(from, to)));
        }
    }

    @Override
    public void segment(Segment segment) {
        Segment reported = switch (segment) {
            case Call c -> new Unparsed(c.raw(), c.dialect(), CALL_INSIDE, c.start(), c.end());
            case Unparsed u -> u;
            case Segment.Prose p -> null;
            case Thinking t -> null;
        };
        if (reported == null) {
            return;
        }
        endPiece(reported.start(), reported.start());
        parent.segment(reported);
        pieceStart = reported.end();
        pieceTextFrom = reported.end();
    }

    /** Thinking is not markdown: its fences mark no code block, and its calls are not run. */
    @Override
    public void event(StreamEvent event) {
        if (event instanceof StreamEvent.ThinkingDelta) {
            parent.event(event);
        }
    }
}
