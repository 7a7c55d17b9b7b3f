package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.ThinkingDelta;

/**
 * One thinking block. A reasoning closer is searched in the raw text first (it ends the thinking
 * even inside an open fence); the text before it runs through a nested cascade whose prose is
 * thinking and whose calls are reported, not run. A pseudo-fence ({@code ```thinking}) also ends
 * at a bare fence of its length where the nested cascade reads prose, so a fenced block inside
 * the reasoning keeps its own closer.
 *
 * <p>The raw search and the nested cascade move a line at a time together: a block that a fence
 * ends has searched no further than that fence's line, so nothing after it is read twice.
 */
final class ThinkingBlock implements Block, Output {

    /** The report of a call inside reasoning, naming the marker that opened it and the one that closes it. */
    static String callInside(String opener, String closer) {
        return "a tool call inside " + opener + "…" + closer + " is not run: close the reasoning with " + closer
                + " before calling a tool";
    }

    private final String callInside;

    private final Input view;
    private final ReasoningVocabulary vocabulary;
    private final Cascade nested;
    private final FenceCloser fenceCloser;
    private Output parent;
    private int scan;
    private int pieceStart;
    private int pieceTextFrom;

    /**
     * @param start        where the opener starts
     * @param contentStart where the thinking text starts
     * @param vocabulary   the reasoning markers, any closer of which ends the block
     * @param fenceTicks   the length of the pseudo-fence that opened it, or 0 for a tag
     */
    ThinkingBlock(Input in, int start, int contentStart, List<Reader> inner, ReasoningVocabulary vocabulary,
            int fenceTicks) {
        this.view = in.view();
        this.vocabulary = vocabulary;
        String opener = in.slice(start, contentStart).strip();
        this.callInside = callInside(opener, fenceTicks > 0 ? "`".repeat(fenceTicks) : vocabulary.closerOf(opener));
        this.fenceCloser = fenceTicks > 0 ? new FenceCloser(fenceTicks) : null;
        List<Reader> readers = new ArrayList<>();
        if (fenceCloser != null) {
            readers.add(fenceCloser);
        }
        readers.addAll(inner);
        this.nested = new Cascade(readers, contentStart);
        this.scan = contentStart;
        this.pieceStart = start;
        this.pieceTextFrom = contentStart;
    }

    @Override
    public int advance(Input in, Output out) {
        parent = out;
        int i = scan;
        while (i < in.limit()) {
            char c = in.charAt(i);
            if (vocabulary.mayStart(c)) {
                int closer = vocabulary.closerAt(in, i);
                if (closer > 0) {
                    readInner(i, true);
                    return fenceCloser != null && fenceCloser.closed() ? endAtFence() : endAt(i, i + closer);
                }
                if (closer < 0) {
                    break;
                }
            }
            i++;
            if (c == '\n' && fenceCloser != null) {
                readInner(i, false);
                if (fenceCloser.closed()) {
                    return endAtFence();
                }
            }
        }
        scan = i;
        readInner(i, false);
        return fenceCloser != null && fenceCloser.closed() ? endAtFence() : -1;
    }

    @Override
    public void endOfInput(Input in, Output out) {
        parent = out;
        readInner(in.limit(), true);
        if (fenceCloser != null && fenceCloser.closed()) {
            // Only reached when the fence line was the message's last, without a line break.
            endPiece(fenceCloser.lineStart, fenceCloser.lineEnd);
            return;
        }
        endPiece(in.limit(), in.limit());
    }

    /** Text after a reasoning closer starts afresh, as at a line start: {@code </think>[{"name": …}]} is read. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }

    private int endAt(int textEnd, int spanEnd) {
        endPiece(textEnd, spanEnd);
        return spanEnd;
    }

    private int endAtFence() {
        return endAt(fenceCloser.lineStart, fenceCloser.lineEnd);
    }

    private void readInner(int limit, boolean complete) {
        view.set(limit, complete);
        nested.run(view, this);
    }

    private void endPiece(int textEnd, int spanEnd) {
        if (spanEnd > pieceStart) {
            parent.segment(new Thinking(view.slice(pieceTextFrom, textEnd), pieceStart, spanEnd, pieceTextFrom));
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
            case Call c -> new Unparsed(c.raw(), c.dialect(), callInside, c.start(), c.end());
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

    /**
     * The first reader of a pseudo-fence's nested cascade: claims a bare fence of the opener's
     * length where prose starts a line, and stops the cascade there for the block to end.
     */
    private static final class FenceCloser implements Reader, Block {

        private final int ticks;
        private int lineStart = -1;
        private int lineEnd;

        FenceCloser(int ticks) {
            this.ticks = ticks;
        }

        boolean closed() {
            return lineStart >= 0;
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
        public Opening open(Input in, int at) {
            int i = at;
            while (in.has(i) && in.charAt(i) == '`' && i - at <= ticks) {
                i++;
            }
            if (!in.has(i) && !in.complete() && i - at <= ticks) {
                // A run of three or more waits for its line (looked at once), a shorter one for its next character.
                return i - at < 3 ? Opening.NEED_MORE : Opening.NEED_LINE;
            }
            if (i - at != ticks) {
                return Opening.NONE;
            }
            int end = in.lineEnd(at);
            if (end < 0 && !in.complete()) {
                return Opening.NEED_LINE;
            }
            end = end < 0 ? in.limit() : end;
            if (!in.slice(i, end).isBlank()) {
                return Opening.NONE;
            }
            lineStart = at;
            lineEnd = end;
            return Opening.of(this);
        }

        /** Holds the nested cascade at the fence: the thinking block ends there. */
        @Override
        public int advance(Input in, Output out) {
            return -1;
        }

        @Override
        public void endOfInput(Input in, Output out) {}
    }
}
