package dev.rosetta.bench;

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

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Time to read one whole message, in batch and streamed in 4-char deltas, at 1 MiB and 8 MiB.
 * Average time per message (ms/op), so throughput is size / time and the 8 MiB / 1 MiB time
 * ratio reads directly as the growth factor (8 for linear work, 64 for quadratic). Ten warmup
 * seconds: on 2 cores the JIT needs up to 8 s (the tool format's JSON reading) before times settle.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class SplitBenchmark {

    @Param({"PROSE", "MANY_CALLS", "HUGE_SAVE"})
    public MessageKind kind;

    @Param({"MARKDOWN", "XML", "TOOL"})
    public ToolFormat format;

    /** UTF-16 chars: 1 MiB and 8 MiB. */
    @Param({"1048576", "8388608"})
    public int size;

    private final ToolCatalog tools = BuiltinTools.catalog();
    private String text;
    private String[] deltas;

    @Setup
    public void generate() {
        text = kind.generate(format, size, 42).text();
        deltas = SplitRuns.deltas(text, SplitRuns.DELTA_CHARS);
    }

    /** The whole message in one call. */
    @Benchmark
    public List<Segment> batch() {
        return SplitRuns.batch(text, format, tools);
    }

    /** The message as 4-char deltas into one splitter (listener API), then finish. */
    @Benchmark
    public List<Segment> stream4() {
        return SplitRuns.stream(deltas, format, tools);
    }

    /** The same through {@code feed(delta)}, which returns a list of event objects per delta. */
    @Benchmark
    public List<Segment> stream4Events() {
        return SplitRuns.streamEvents(deltas, format, tools);
    }
}
