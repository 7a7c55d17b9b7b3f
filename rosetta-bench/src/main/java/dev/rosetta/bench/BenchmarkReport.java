package dev.rosetta.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import dev.rosetta.core.dialect.ToolFormat;

/**
 * Runs the splitter benchmarks and prints a Markdown report: MB/s per row, stream/batch,
 * 8 MiB/1 MiB and naive/ours ratios against their targets, and the machine they ran on.
 *
 * <pre>
 * java -cp rosetta-bench/target/benchmarks.jar dev.rosetta.bench.BenchmarkReport [--quick] [--out=FILE]
 * </pre>
 *
 * Run it with a JDK 21+ ({@code $(bin/find-jdk)/bin/java}); JMH forks each benchmark into a JVM
 * of the same version.
 */
public final class BenchmarkReport {

    /** Fewer leave streaming visibly unwarmed (its time settles after 3 to 5 s of JIT work on 2 cores). */
    private static final int QUICK_WARMUPS = 3;

    private BenchmarkReport() {}

    public static void main(String[] args) throws RunnerException, IOException {
        if (Arrays.asList(args).contains("--help")) {
            System.out.print(ReportOptions.USAGE);
            return;
        }
        ReportOptions options;
        try {
            options = ReportOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        long start = System.nanoTime();
        List<Timing> timings = new ArrayList<>();
        if (!options.splitSizes().isEmpty()) {
            timings.addAll(run(options, SplitBenchmark.class, "batch|stream4", options.splitSizes(), false));
        }
        if (!options.naiveSizes().isEmpty()) {
            // Separate runs: in quick mode the naive baseline gets one message, stream4 the usual short iterations.
            timings.addAll(run(options, NaiveBaselineBenchmark.class, "naive", options.naiveSizes(), true));
            timings.addAll(run(options, NaiveBaselineBenchmark.class, "stream4", options.naiveSizes(), false));
        }
        String report = MarkdownReport.render(Machine.current(), options, timings,
                Duration.ofNanos(System.nanoTime() - start));
        System.out.println();
        System.out.println(report);
        if (options.out() != null) {
            Files.writeString(options.out(), report);
            System.out.println("Report written to " + options.out());
        }
    }

    private static List<Timing> run(ReportOptions options, Class<?> suite, String methods, List<Integer> sizes,
            boolean naive) throws RunnerException {
        ChainedOptionsBuilder jmh = new OptionsBuilder()
                .include("^" + suite.getName().replace(".", "\\.") + "\\.(" + methods + ")$")
                .param("kind", options.kinds().stream().map(Enum::name).toArray(String[]::new))
                .param("format", options.formats().stream().map(ToolFormat::name).toArray(String[]::new))
                .param("size", sizes.stream().map(String::valueOf).toArray(String[]::new))
                .shouldFailOnError(true);
        if (options.quick()) {
            jmh.warmupIterations(naive ? 0 : QUICK_WARMUPS).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(1).measurementTime(TimeValue.seconds(1));
        }
        Collection<RunResult> results = new Runner(jmh.build()).run();
        return results.stream().map(Timing::of).toList();
    }
}
