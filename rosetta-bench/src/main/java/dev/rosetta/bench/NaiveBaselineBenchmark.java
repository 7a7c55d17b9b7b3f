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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * What re-splitting the accumulated text on every 4-char delta costs, next to our streaming
 * splitter on the same message. Only small sizes: the baseline is quadratic (a 256 KiB message
 * means 65 536 splits of 128 KiB on average, tens of seconds per message). A baseline op is
 * thousands of splits, so the JIT is warmed in {@link #generate} by re-splitting the first
 * 16 KiB that way, instead of by warmup iterations that would each take as long as a measurement.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class NaiveBaselineBenchmark {

    private static final int WARM_UP_CHARS = 16 * 1024;

    @Param({"PROSE", "MANY_CALLS", "HUGE_SAVE"})
    public MessageKind kind;

    @Param({"MARKDOWN", "XML", "TOOL"})
    public ToolFormat format;

    /** UTF-16 chars: 64 KiB and 256 KiB. */
    @Param({"65536", "262144"})
    public int size;

    private final ToolCatalog tools = BuiltinTools.catalog();
    private String[] deltas;

    /** Keeps the warm-up's results alive, so the JIT cannot drop the work. */
    public long warmUpSegments;

    @Setup
    public void generate(BenchmarkParams run) {
        deltas = SplitRuns.deltas(kind.generate(format, size, 42).text(), SplitRuns.DELTA_CHARS);
        if (run.getBenchmark().endsWith(".naive")) {
            warmUpNaive();
        }
    }

    private void warmUpNaive() {
        StringBuilder soFar = new StringBuilder();
        for (int i = 0; i < Math.min(deltas.length, WARM_UP_CHARS / SplitRuns.DELTA_CHARS); i++) {
            warmUpSegments += StreamSplitter.split(soFar.append(deltas[i]), format, tools).size();
        }
    }

    /** Append each delta, then split everything received so far. */
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 2, time = 1)
    public List<Segment> naive(Blackhole sink) {
        return SplitRuns.naive(deltas, format, tools, sink);
    }

    /** Our splitter on the same deltas, for the ratio. */
    @Benchmark
    public List<Segment> stream4() {
        return SplitRuns.stream(deltas, format, tools);
    }
}
