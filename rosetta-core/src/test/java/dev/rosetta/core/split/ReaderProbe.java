package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

/**
 * Test support: asks one reader to open at a given position — in the middle of a line, as the
 * cascade does at a reader's {@link Reader#midLineStarts} — and reads its construct to the end,
 * in batch and in every chunking of {@link Splitting#chunkings}, checking they agree.
 */
public final class ReaderProbe {

    /**
     * What the reader read at {@code at}.
     *
     * @param segments what the construct produced (prose as prose segments)
     * @param end      where the construct ends, or -1 when the reader did not open there
     */
    public record Read(List<Segment> segments, int end) {}

    private ReaderProbe() {}

    /** The construct {@code reader} opens at {@code at}, read whole and streamed every way. */
    public static Read readAt(Reader reader, String message, int at) {
        Read batch = read(reader, message, at, List.of(message));
        for (List<String> chunks : Splitting.chunkings(message)) {
            assertThat(read(reader, message, at, chunks)).as("streamed in %d chunks", chunks.size()).isEqualTo(batch);
        }
        return batch;
    }

    private static Read read(Reader reader, String message, int at, List<String> chunks) {
        TextBuffer text = new TextBuffer();
        Input in = new Input(text);
        Collector out = new Collector(text);
        Block block = null;
        int end = -1;
        boolean refused = false;
        for (int k = 0; k <= chunks.size() && end < 0 && !refused; k++) {
            boolean complete = k == chunks.size();
            if (!complete) {
                text.append(chunks.get(k));
            }
            in.set(text.length(), complete);
            if (block == null && in.has(at)) {
                Opening o = reader.open(in, at);
                if (o.kind() == Opening.Kind.NONE || o.undecided() && complete) {
                    refused = true;
                } else if (o.kind() == Opening.Kind.BLOCK) {
                    block = o.block();
                }
            }
            if (block != null) {
                end = block.advance(in, out);
                if (end < 0 && complete) {
                    block.endOfInput(in, out);
                    end = in.limit();
                }
            }
        }
        out.flush();
        return new Read(out.segments, end);
    }

    /** Collects segments, joining adjacent prose into one segment as the splitter does. */
    private static final class Collector implements Output {
        private final TextBuffer text;
        private final List<Segment> segments = new ArrayList<>();
        private int proseFrom = -1;
        private int proseTo;

        Collector(TextBuffer text) {
            this.text = text;
        }

        @Override
        public void prose(int from, int to) {
            if (from == to) {
                return;
            }
            if (proseFrom >= 0 && from != proseTo) {
                flush();
            }
            if (proseFrom < 0) {
                proseFrom = from;
            }
            proseTo = to;
        }

        @Override
        public void segment(Segment segment) {
            flush();
            segments.add(segment);
        }

        @Override
        public void event(StreamEvent event) {}

        void flush() {
            if (proseFrom >= 0) {
                segments.add(new Segment.Prose(text.substring(proseFrom, proseTo), proseFrom, proseTo));
                proseFrom = -1;
            }
        }
    }
}
