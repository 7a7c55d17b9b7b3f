package dev.rosetta.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.rosetta.core.dialect.ToolFormat;

/**
 * The report as Markdown: a header naming the machine, the ratios that say whether the splitter
 * is linear (each against its target), then every result with its throughput.
 */
final class MarkdownReport {

    /** Streaming may cost at most this much more than reading the message whole. */
    static final double STREAM_OVER_BATCH_TARGET = 1.5;
    /** 8× the text may take at most this much longer: linear, with room for noise and cache effects. */
    static final double EIGHT_FOLD_TARGET = 9.0;

    private static final String SPLIT = "SplitBenchmark";
    private static final String NAIVE = "NaiveBaselineBenchmark";

    private final ReportOptions options;
    private final List<Timing> timings;
    private final StringBuilder out = new StringBuilder();

    private MarkdownReport(ReportOptions options, List<Timing> timings) {
        this.options = options;
        this.timings = timings;
    }

    static String render(Machine machine, ReportOptions options, List<Timing> timings, Duration took) {
        MarkdownReport report = new MarkdownReport(options, timings);
        report.header(machine, took);
        report.splitTable();
        report.naiveTable();
        report.allResults();
        return report.out.toString();
    }

    private void header(Machine machine, Duration took) {
        line("# Rosetta splitter benchmarks" + (options.quick() ? " — SMOKE RUN (not a measurement)" : ""));
        line("");
        line("- Date: " + machine.date() + "; the run took " + minutes(took));
        line("- Machine: " + machine.cpus() + " CPUs (" + machine.cpuModel() + "), " + machine.memory() + " RAM, "
                + machine.os());
        line("- Load average (1 / 5 / 15 min) when the run ended: " + machine.load() + " (the benchmark itself"
                + " adds about 1; much more means other work competed for the CPUs)");
        line("- JVM: " + machine.jvm() + "; JMH 1.37, 1 fork per benchmark, average time per message");
        line("- Iterations" + (options.quick() ? " (**quick**: too short to quote, streaming is not fully warmed)" : "")
                + ": " + iterations() + ". An iteration lasts at least one message; the naive baseline's JIT is"
                + " warmed in its setup instead of by warmup iterations.");
        line("- Messages: seeded, exact size in UTF-16 chars; streaming = 4-char deltas cut beforehand."
                + " MB/s = 10⁶ chars per second (the text is nearly all ASCII, so ≈ MB/s of UTF-8).");
        line("");
    }

    /** The iterations each benchmark ran, e.g. "SplitBenchmark.batch: warmup 5×1 s, measurement 5×1 s". */
    private String iterations() {
        return timings.stream().map(t -> t.suite() + "." + t.run() + ": " + t.iterations()).distinct()
                .collect(Collectors.joining("; "));
    }

    private void splitTable() {
        List<Integer> sizes = options.splitSizes();
        if (sizes.isEmpty() || timings.stream().noneMatch(t -> t.suite().equals(SPLIT))) {
            return;
        }
        int small = sizes.get(0);
        int large = sizes.get(sizes.size() - 1);
        line("## Batch and streaming: throughput and growth");
        line("");
        line("stream/batch = stream4 time ÷ batch time (target ≤ " + fmt(STREAM_OVER_BATCH_TARGET) + ")."
                + (large == small ? "" : " " + ratioName(large, small) + " = time on the larger message ÷ time on the"
                        + " smaller (target ≤ " + fmt(EIGHT_FOLD_TARGET * large / small / 8) + " for " + large / small
                        + "× the text, i.e. linear; quadratic work would give " + (large / small) * (large / small)
                        + ")."));
        line("");
        StringBuilder head = new StringBuilder("| kind | format |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (int size : sizes) {
            head.append(" batch ").append(ReportOptions.sizeName(size)).append(" MB/s | stream4 ")
                    .append(ReportOptions.sizeName(size)).append(" MB/s | stream/batch ")
                    .append(ReportOptions.sizeName(size)).append(" |");
            rule.append("---:|---:|---:|");
        }
        if (large != small) {
            head.append(" batch ").append(ratioName(large, small)).append(" | stream4 ").append(ratioName(large, small))
                    .append(" |");
            rule.append("---:|---:|");
        }
        line(head.toString());
        line(rule.toString());
        double limit = EIGHT_FOLD_TARGET * large / small / 8;
        for (MessageKind kind : options.kinds()) {
            for (ToolFormat format : options.formats()) {
                StringBuilder row = new StringBuilder("| " + kindName(kind) + " | " + format.id() + " |");
                for (int size : sizes) {
                    Optional<Timing> batch = find(SPLIT, "batch", kind, format, size);
                    Optional<Timing> stream = find(SPLIT, "stream4", kind, format, size);
                    row.append(' ').append(mbs(batch)).append(" | ").append(mbs(stream)).append(" | ")
                            .append(checked(ratio(stream, batch), STREAM_OVER_BATCH_TARGET)).append(" |");
                }
                if (large != small) {
                    for (String run : List.of("batch", "stream4")) {
                        row.append(' ').append(checked(ratio(find(SPLIT, run, kind, format, large),
                                find(SPLIT, run, kind, format, small)), limit)).append(" |");
                    }
                }
                line(row.toString());
            }
        }
        line("");
        verdict("stream/batch", sizes.stream().flatMap(size -> ratios(SPLIT, "stream4", size, SPLIT, "batch", size))
                .toList(), STREAM_OVER_BATCH_TARGET);
        if (large != small) {
            verdict(ratioName(large, small) + " (batch and stream4)", List.of("batch", "stream4").stream()
                    .flatMap(run -> ratios(SPLIT, run, large, SPLIT, run, small)).toList(), limit);
        }
        line("");
    }

    private void naiveTable() {
        List<Integer> sizes = options.naiveSizes();
        if (sizes.isEmpty() || timings.stream().noneMatch(t -> t.suite().equals(NAIVE))) {
            return;
        }
        line("## Re-splitting the accumulated text on every delta (the naive baseline) vs streaming");
        line("");
        line("naive = append each 4-char delta, then `StreamSplitter.split` the whole text so far (what gptme and"
                + " most vLLM parsers do). naive/ours = naive time ÷ stream4 time on the same message.");
        line("");
        StringBuilder head = new StringBuilder("| kind | format |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (int size : sizes) {
            String n = ReportOptions.sizeName(size);
            head.append(" naive ").append(n).append(" ms | stream4 ").append(n).append(" ms | naive/ours ").append(n)
                    .append(" |");
            rule.append("---:|---:|---:|");
        }
        int small = sizes.get(0);
        int large = sizes.get(sizes.size() - 1);
        if (large != small) {
            head.append(" naive ").append(ratioName(large, small)).append(" | stream4 ").append(ratioName(large, small))
                    .append(" |");
            rule.append("---:|---:|");
        }
        line(head.toString());
        line(rule.toString());
        for (MessageKind kind : options.kinds()) {
            for (ToolFormat format : options.formats()) {
                StringBuilder row = new StringBuilder("| " + kindName(kind) + " | " + format.id() + " |");
                for (int size : sizes) {
                    Optional<Timing> naive = find(NAIVE, "naive", kind, format, size);
                    Optional<Timing> stream = find(NAIVE, "stream4", kind, format, size);
                    row.append(' ').append(ms(naive)).append(" | ").append(ms(stream)).append(" | ")
                            .append(times(ratio(naive, stream))).append(" |");
                }
                if (large != small) {
                    for (String run : List.of("naive", "stream4")) {
                        row.append(' ').append(times(ratio(find(NAIVE, run, kind, format, large),
                                find(NAIVE, run, kind, format, small)))).append(" |");
                    }
                }
                line(row.toString());
            }
        }
        line("");
        for (int size : sizes) {
            List<Double> r = ratios(NAIVE, "naive", size, NAIVE, "stream4", size).toList();
            if (!r.isEmpty()) {
                line("- naive/ours at " + ReportOptions.sizeName(size) + ": " + times(min(r))
                        + (r.size() > 1 ? " to " + times(max(r)) : "") + ".");
            }
        }
        if (large != small) {
            line("- " + ratioName(large, small) + " for " + large / small + "× the text: linear work grows "
                    + large / small + "×, quadratic " + (large / small) * (large / small) + "×.");
        }
        line("");
    }

    private void allResults() {
        line("## All results");
        line("");
        line("| benchmark | kind | format | size | ms/message | ± (99.9%) | MB/s |");
        line("|---|---|---|---|---:|---:|---:|");
        timings.stream()
                .sorted(Comparator.comparing(Timing::suite).reversed().thenComparing(Timing::run)
                        .thenComparing(Timing::kind).thenComparing(Timing::format).thenComparingInt(Timing::size))
                .forEach(t -> line("| " + t.suite() + "." + t.run() + " | " + kindName(t.kind()) + " | "
                        + t.format().id() + " | " + ReportOptions.sizeName(t.size()) + " | " + msValue(t.ms()) + " | "
                        + (Double.isNaN(t.error()) ? "–" : msValue(t.error())) + " | " + fmt(t.mbPerSecond()) + " |"));
        line("");
    }

    private void verdict(String what, List<Double> ratios, double target) {
        if (ratios.isEmpty()) {
            return;
        }
        double worst = max(ratios);
        line("- " + what + ": worst " + fmt(worst) + " (target ≤ " + fmt(target) + ") — "
                + (worst <= target ? "**met**" : "**not met** in " + ratios.stream().filter(r -> r > target).count()
                        + " of " + ratios.size() + " rows"));
    }

    private Stream<Double> ratios(String suiteA, String runA, int sizeA, String suiteB, String runB,
            int sizeB) {
        List<Double> out = new ArrayList<>();
        for (MessageKind kind : options.kinds()) {
            for (ToolFormat format : options.formats()) {
                ratio(find(suiteA, runA, kind, format, sizeA), find(suiteB, runB, kind, format, sizeB))
                        .ifPresent(out::add);
            }
        }
        return out.stream();
    }

    private Optional<Timing> find(String suite, String run, MessageKind kind, ToolFormat format, int size) {
        return timings.stream().filter(t -> t.suite().equals(suite) && t.run().equals(run) && t.kind() == kind
                && t.format() == format && t.size() == size).findFirst();
    }

    /** a's time ÷ b's time, when both ran. */
    private static Optional<Double> ratio(Optional<Timing> a, Optional<Timing> b) {
        return a.flatMap(x -> b.map(y -> x.ms() / y.ms()));
    }

    private static String checked(Optional<Double> ratio, double target) {
        return ratio.map(r -> fmt(r) + (r <= target ? " ✓" : " ✗")).orElse("–");
    }

    private static String times(Optional<Double> ratio) {
        return ratio.map(MarkdownReport::times).orElse("–");
    }

    private static String times(double ratio) {
        return (ratio >= 100 ? String.format(Locale.ROOT, "%,.0f", ratio) : fmt(ratio)) + "×";
    }

    private static String mbs(Optional<Timing> t) {
        return t.map(x -> fmt(x.mbPerSecond())).orElse("–");
    }

    private static String ms(Optional<Timing> t) {
        return t.map(x -> msValue(x.ms())).orElse("–");
    }

    private static String msValue(double ms) {
        return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%.2f", ms);
    }

    private static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratioName(int large, int small) {
        return ReportOptions.sizeName(large).replace(" ", "") + "/" + ReportOptions.sizeName(small).replace(" ", "");
    }

    private static String kindName(MessageKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    private static String minutes(Duration d) {
        return d.toMinutes() + " min " + d.toSecondsPart() + " s";
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}
