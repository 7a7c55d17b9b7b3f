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
 * How the cost of streaming depends on the delta size, next to the cost of merely collecting the
 * deltas into one buffer (the floor any streaming reader pays, as it must keep the text its
 * segments are made of). Separates the per-delta cost from the per-character cost.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 8, time = 1)
@Measurement(iterations = 5, time = 1)
public class DeltaSizeBenchmark {

    @Param({"PROSE", "MANY_CALLS"})
    public MessageKind kind;

    @Param({"MARKDOWN", "TOOL"})
    public ToolFormat format;

    @Param({"4", "16", "64"})
    public int deltaChars;

    private final ToolCatalog tools = BuiltinTools.catalog();
    private String text;
    private String[] deltas;

    @Setup
    public void generate() {
        text = kind.generate(format, 1 << 20, 42).text();
        deltas = SplitRuns.deltas(text, deltaChars);
    }

    @Benchmark
    public List<Segment> stream() {
        return SplitRuns.stream(deltas, format, tools);
    }

    /** Appending the deltas to a StringBuilder and nothing else. */
    @Benchmark
    public int appendOnly() {
        StringBuilder buffer = new StringBuilder();
        for (String delta : deltas) {
            buffer.append(delta);
        }
        return buffer.length();
    }
}
