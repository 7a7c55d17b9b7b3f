package dev.rosetta.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The cost of reading every dialect on a machine shared with other work, where JMH's wall-clock
 * times scatter by ±100%: the same message read by each {@link Reading} in turn, round after
 * round, timed in this thread's CPU time, and the best round of each kept; whole, then in 4-char
 * deltas. Interleaving puts the
 * readings under the same load; CPU time leaves out the time the thread waited for a core.
 *
 * <pre>
 * java -cp rosetta-bench/target/benchmarks.jar dev.rosetta.bench.ReadingCost [ROUNDS]
 * </pre>
 */
public final class ReadingCost {

    private ReadingCost() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        for (boolean streamed : new boolean[] {false, true}) {
            System.out.println(streamed ? "\nStreamed in 4-char deltas (listener API):\n" : "Batch:\n");
            table(rounds, streamed);
        }
    }

    private static void table(int rounds, boolean streamed) {
        ToolCatalog tools = BuiltinTools.catalog();
        System.out.println("| message | size | markdown only ms | auto ms | markdown format ms | native only ms"
                + " | auto / markdown only | markdown format / markdown only | auto / native only |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (ReadingMessage message : ReadingMessage.values()) {
            for (int size : new int[] {Messages.SIZE_1M, Messages.SIZE_8M}) {
                String text = message.generate(size, 42).text();
                Map<Reading, Long> best = best(streamed ? SplitRuns.deltas(text, SplitRuns.DELTA_CHARS) : new String[] {text},
                        tools, size == Messages.SIZE_8M ? rounds / 4 : rounds);
                double only = best.get(Reading.MARKDOWN_ONLY) / 1e6;
                double auto = best.get(Reading.AUTO) / 1e6;
                double format = best.get(Reading.MARKDOWN_FORMAT) / 1e6;
                double natives = best.get(Reading.NATIVE_ONLY) / 1e6;
                System.out.printf("| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                        message.name().toLowerCase(), ReportOptions.sizeName(size), only, auto, format, natives,
                        auto / only, format / only, auto / natives);
            }
        }
    }

    /** The least CPU time of each reading over {@code rounds} interleaved rounds, the message fed as {@code deltas}. */
    static Map<Reading, Long> best(String[] deltas, ToolCatalog tools, int rounds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Reading, Long> best = new EnumMap<>(Reading.class);
        for (int round = 0; round < rounds; round++) {
            for (Reading reading : Reading.values()) {
                long start = threads.getCurrentThreadCpuTime();
                List<Segment> segments = new ArrayList<>();
                StreamSplitter splitter = new StreamSplitter(reading.readers(tools));
                StreamListener listener = StreamListener.collecting(segments);
                for (String delta : deltas) {
                    splitter.feed(delta, listener);
                }
                splitter.finish(listener);
                best.merge(reading, threads.getCurrentThreadCpuTime() - start, Math::min);
            }
        }
        return best;
    }
}
