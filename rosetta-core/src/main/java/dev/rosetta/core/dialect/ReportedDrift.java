package dev.rosetta.core.dialect;

import java.util.List;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.split.ReasoningMarkers;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.CallStarted;

/**
 * A dialect's reader in a format that did not ask for the dialect, where some of its spellings
 * are ambiguous drift: text that may be an example for the user rather than a request (a bare
 * JSON object, a bracketed Python call). Such constructs are still read to their end, so
 * nothing after them is misread, but their calls are reported with {@code problem} instead of
 * run. Constructs that are not ambiguous run as in the dialect's own format.
 */
public final class ReportedDrift implements Reader {

    /** Which openings are the ambiguous ones: those starting with a character the test accepts. */
    @FunctionalInterface
    public interface Ambiguous {
        boolean at(Input in, int at);
    }

    private final Reader reader;
    private final Ambiguous ambiguous;
    private final String problem;

    public ReportedDrift(Reader reader, Ambiguous ambiguous, String problem) {
        this.reader = reader;
        this.ambiguous = ambiguous;
        this.problem = problem;
    }

    @Override
    public Opening open(Input in, int at) {
        return reported(reader.open(in, at), in, at);
    }

    @Override
    public Opening openMidLine(Input in, int at) {
        return reported(reader.openMidLine(in, at), in, at);
    }

    @Override
    public String midLineStarts() {
        return reader.midLineStarts();
    }

    @Override
    public String lineStarts() {
        return reader.lineStarts();
    }

    @Override
    public String secondChars(char first) {
        return reader.secondChars(first);
    }

    @Override
    public List<String> literalStarts() {
        return reader.literalStarts();
    }

    @Override
    public List<ReasoningMarkers> reasoningMarkers() {
        return reader.reasoningMarkers();
    }

    private Opening reported(Opening o, Input in, int at) {
        if (o.kind() != Opening.Kind.BLOCK || !ambiguous.at(in, at)) {
            return o;
        }
        return Opening.of(new Reporting(o.block(), problem));
    }

    /** The construct as its reader reads it, with calls reported and not announced. */
    private static final class Reporting implements Block, Output {

        private final Block block;
        private final String problem;
        private Output parent;

        Reporting(Block block, String problem) {
            this.block = block;
            this.problem = problem;
        }

        @Override
        public int advance(Input in, Output out) {
            parent = out;
            return block.advance(in, this);
        }

        @Override
        public void endOfInput(Input in, Output out) {
            parent = out;
            block.endOfInput(in, this);
        }

        @Override
        public boolean endsAtLineStart() {
            return block.endsAtLineStart();
        }

        @Override
        public void prose(int from, int to) {
            parent.prose(from, to);
        }

        @Override
        public void segment(Segment segment) {
            parent.segment(segment instanceof Call c
                    ? new Unparsed(c.raw(), c.dialect(), problem, c.start(), c.end())
                    : segment);
        }

        @Override
        public void event(StreamEvent event) {
            if (!(event instanceof CallStarted)) {
                parent.event(event);
            }
        }
    }
}
