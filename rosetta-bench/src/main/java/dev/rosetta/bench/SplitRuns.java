package dev.rosetta.bench;

import java.util.ArrayList;
import java.util.List;

import org.openjdk.jmh.infra.Blackhole;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The three ways of reading a message that the benchmarks time, shared with the tests so that
 * what is checked is what is measured.
 */
public final class SplitRuns {

    /** The delta size of the streaming runs: about one token of English text. */
    public static final int DELTA_CHARS = 4;

    private SplitRuns() {}

    /** {@code text} cut into pieces of {@code size} chars (the last may be shorter), cut beforehand so a run times the splitter, not substring. */
    public static String[] deltas(String text, int size) {
        String[] out = new String[(text.length() + size - 1) / size];
        for (int i = 0; i < out.length; i++) {
            out[i] = text.substring(i * size, Math.min(text.length(), (i + 1) * size));
        }
        return out;
    }

    /** The whole message at once. */
    public static List<Segment> batch(String text, ToolFormat format, ToolCatalog tools) {
        return StreamSplitter.split(text, format, tools);
    }

    /**
     * One splitter fed every delta through the listener API (the agent's hot path: prose is handed
     * over as ranges of the buffer, which a renderer prints), then finished: the segments it
     * completed, as batch returns them.
     */
    public static List<Segment> stream(String[] deltas, ToolFormat format, ToolCatalog tools) {
        StreamSplitter splitter = new StreamSplitter(format, tools);
        List<Segment> segments = new ArrayList<>();
        ShownProse listener = new ShownProse(segments);
        for (String delta : deltas) {
            splitter.feed(delta, listener);
        }
        splitter.finish(listener);
        return segments;
    }

    /** The same through the convenience API: a list of event objects per delta. */
    public static List<Segment> streamEvents(String[] deltas, ToolFormat format, ToolCatalog tools) {
        StreamSplitter splitter = new StreamSplitter(format, tools);
        List<Segment> segments = new ArrayList<>();
        for (String delta : deltas) {
            StreamSplitter.collect(splitter.feed(delta), segments);
        }
        StreamSplitter.collect(splitter.finish(), segments);
        return segments;
    }

    /** Collects segments and looks at every prose character handed over, as a renderer would. */
    private static final class ShownProse implements StreamListener {
        private final List<Segment> segments;
        private int checksum;

        ShownProse(List<Segment> segments) {
            this.segments = segments;
        }

        @Override
        public void prose(CharSequence message, int start, int end) {
            checksum += message.charAt(start) + message.charAt(end - 1);
        }

        @Override
        public void event(StreamEvent event) {
            checksum++;
        }

        @Override
        public void completed(Segment segment) {
            segments.add(segment);
        }
    }

    /**
     * The quadratic baseline (gptme, most vLLM tool parsers, llama.cpp server): after each
     * delta, split the whole text so far from scratch. Every intermediate result goes to the
     * blackhole, as a caller would diff it against the previous one; the last one is returned.
     */
    public static List<Segment> naive(String[] deltas, ToolFormat format, ToolCatalog tools, Blackhole sink) {
        StringBuilder soFar = new StringBuilder();
        List<Segment> segments = List.of();
        for (String delta : deltas) {
            soFar.append(delta);
            segments = StreamSplitter.split(soFar, format, tools);
            sink.consume(segments);
        }
        return segments;
    }
}
