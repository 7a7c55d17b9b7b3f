package dev.rosetta.bench.longsession;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import dev.rosetta.agent.context.ContextBudget;
import dev.rosetta.llm.ProviderException;

/**
 * Runs the long session twice — with compaction and without — against the local model and
 * writes the chart of tokens sent per request ({@code --out=docs/long-session-tokens.png}), then
 * prints the numbers as Markdown for docs/BENCHMARKS.md. Takes about a minute.
 */
public final class LongSessionChart {

    private LongSessionChart() {}

    public static void main(String[] args) throws IOException, ProviderException {
        Path out = Path.of("docs", "long-session-tokens.png");
        for (String arg : args) {
            if (arg.startsWith("--out=")) {
                out = Path.of(arg.substring("--out=".length()));
            } else {
                System.err.println("usage: LongSessionChart [--out=FILE.png]");
                System.exit(2);
            }
        }
        Path dir = Files.createTempDirectory("rosetta-long-session-");
        try {
            Outcome with = run(dir.resolve("with"), true);
            Outcome without = run(dir.resolve("without"), false);
            ContextBudget budget = with.budget();
            new TokenChart(new TokenChart.Series(with.sent(), with.summaries(), without.sent(), LongSession.WINDOW,
                    budget.limit())).write(out);
            report(new PrintStream(System.out, true, StandardCharsets.UTF_8), with, without, budget, out);
        } finally {
            delete(dir);
        }
    }

    /** What one run sent: its own requests' tokens in order, and where the summaries came. */
    record Outcome(List<Integer> sent, List<int[]> summaries, int compactions, long summaryTokens, ContextBudget budget) {

        long total() {
            return sent.stream().mapToLong(Integer::longValue).sum() + summaryTokens;
        }

        int max() {
            return sent.stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    static Outcome run(Path dir, boolean compaction) throws IOException, ProviderException {
        try (LongSession session = new LongSession(dir, compaction)) {
            session.run();
            List<Integer> sent = new ArrayList<>();
            List<int[]> summaries = new ArrayList<>();
            long summaryTokens = 0;
            for (FakeModelServer.Request r : session.requests()) {
                if (r.summarizing()) {
                    summaries.add(new int[] {sent.size() + 1, r.tokens()});
                    summaryTokens += r.tokens();
                } else {
                    sent.add(r.tokens());
                }
            }
            return new Outcome(sent, summaries, session.log().compactions().size(), summaryTokens,
                    session.session().budget());
        }
    }

    private static void report(PrintStream out, Outcome with, Outcome without, ContextBudget budget, Path png) {
        out.printf(Locale.ROOT, "| | without compaction | with compaction |%n|---|---:|---:|%n");
        out.printf(Locale.ROOT, "| requests to the model | %,d | %,d (+%,d summarising) |%n", without.sent().size(),
                with.sent().size(), with.summaries().size());
        out.printf(Locale.ROOT, "| largest request | %,d tokens (%.1f× the window) | %,d tokens (%.0f%% of the budget) |%n",
                without.max(), (double) without.max() / LongSession.WINDOW, with.max(), 100.0 * with.max() / budget.tokens());
        long over = without.sent().stream().filter(t -> t > budget.tokens()).count();
        out.printf(Locale.ROOT, "| requests over the budget (%,d) | %,d | 0 |%n", budget.tokens(), over);
        out.printf(Locale.ROOT, "| tokens sent in all | %,d | %,d (summaries included) |%n", without.total(),
                with.total());
        out.printf(Locale.ROOT, "| compactions | – | %d |%n", with.compactions());
        out.println();
        out.println("chart: " + png);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
