package dev.rosetta.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * What reading every dialect costs: the same message read by the markdown reader alone, by every
 * reader ({@code auto}) and by the markdown format's cascade, in batch and in 4-char deltas, at
 * 1 MiB and 8 MiB. The targets: auto within 1.5× of markdown-only, and 8 MiB / 1 MiB ≤ 9.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReadingBenchmark {

    @Param({"PROSE", "MANY_CALLS", "HUGE_SAVE", "NATIVE_CALLS"})
    public ReadingMessage message;

    @Param({"MARKDOWN_ONLY", "AUTO", "MARKDOWN_FORMAT"})
    public Reading reading;

    @Param({"1048576", "8388608"})
    public int size;

    private final ToolCatalog tools = BuiltinTools.catalog();
    private String text;
    private String[] deltas;

    @Setup
    public void generate() {
        text = message.generate(size, 42).text();
        deltas = SplitRuns.deltas(text, SplitRuns.DELTA_CHARS);
    }

    /** Readers hold per-message state, so each message gets fresh ones, as every splitter does. */
    @Benchmark
    public List<Segment> batch() {
        return StreamSplitter.split(text, reading.readers(tools));
    }

    @Benchmark
    public List<Segment> stream4() {
        StreamSplitter splitter = new StreamSplitter(reading.readers(tools));
        List<Segment> segments = new ArrayList<>();
        StreamListener listener = StreamListener.collecting(segments);
        for (String delta : deltas) {
            splitter.feed(delta, listener);
        }
        splitter.finish(listener);
        return segments;
    }
}
