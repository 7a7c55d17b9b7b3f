package dev.rosetta.bench;

import java.util.ArrayList;
import java.util.List;

import org.openjdk.jmh.infra.Blackhole;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
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

    /** One splitter fed every delta, then finished: the segments it completed, as batch returns them. */
    public static List<Segment> stream(String[] deltas, ToolFormat format, ToolCatalog tools) {
        StreamSplitter splitter = new StreamSplitter(format, tools);
        List<Segment> segments = new ArrayList<>();
        for (String delta : deltas) {
            StreamSplitter.collect(splitter.feed(delta), segments);
        }
        StreamSplitter.collect(splitter.finish(), segments);
        return segments;
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
