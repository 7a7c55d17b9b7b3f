package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;

/**
 * The leaderboard written out: {@code leaderboard.md}, {@code leaderboard.html} (one page with
 * nothing to fetch: a table sorted by clicking its headings, and a chart of the pass rate of each
 * format of each model) and {@code leaderboard.json}.
 */
public final class Report {

    public static final String MARKDOWN = "leaderboard.md";
    public static final String HTML = "leaderboard.html";
    public static final String JSON = "leaderboard.json";

    private Report() {}

    /** Writes the three files into {@code folder}; returns their paths. */
    public static List<Path> write(Leaderboard board, Path folder) {
        RowFiles.replace(folder.resolve(MARKDOWN), markdown(board));
        RowFiles.replace(folder.resolve(HTML), ReportPage.html(board));
        RowFiles.replace(folder.resolve(JSON), json(board));
        return List.of(folder.resolve(MARKDOWN), folder.resolve(HTML), folder.resolve(JSON));
    }

    public static String markdownOf(Leaderboard board) {
        return markdown(board);
    }

    static String markdown(Leaderboard board) {
        StringBuilder out = new StringBuilder("# Rosetta eval leaderboard\n\n");
        if (board.pairs().isEmpty()) {
            out.append("No model and format has results for ").append(Leaderboard.MIN_TASKS)
                    .append(" tasks or more yet.\n");
        } else {
            out.append("Best format per model (highest Wilson lower bound, z = 1; the latest result per task):\n\n");
            out.append("| model | best format | passed | lower bound | cost per pass | format adherence |\n");
            out.append("|---|---|---|---|---|---|\n");
            board.best().values().stream()
                    .sorted((a, b) -> Double.compare(b.lowerBound(), a.lowerBound()))
                    .forEach(p -> out.append("| ").append(p.model()).append(" | ").append(p.format()).append(" | ")
                            .append(p.passed()).append('/').append(p.runs()).append(" | ")
                            .append(fixed(p.lowerBound())).append(" | ").append(dollars(p.costPerPass())).append(" | ")
                            .append(percent(p.adherence())).append(" |\n"));
            out.append("\nEvery model and format:\n\n");
            out.append("| model | format | tasks | passed | pass rate | lower bound | mean score | cost per pass"
                    + " | format adherence | drifted into | unreadable |\n");
            out.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
            Map<String, Leaderboard.Pair> best = board.best();
            for (Leaderboard.Pair p : board.pairs()) {
                boolean isBest = best.get(p.model()) == p;
                out.append("| ").append(p.model()).append(" | ").append(p.format()).append(isBest ? " ★" : "")
                        .append(" | ").append(p.tasks()).append(" | ").append(p.passed()).append('/').append(p.runs())
                        .append(" | ").append(percent(p.passRate())).append(" | ").append(fixed(p.lowerBound()))
                        .append(" | ").append(fixed(p.meanScore())).append(" | ").append(dollars(p.costPerPass()))
                        .append(" | ").append(percent(p.adherence())).append(" | ").append(drift(p.driftedInto()))
                        .append(" | ").append(p.unreadable()).append(" |\n");
            }
        }
        if (!board.leftOut().isEmpty()) {
            out.append("\nLeft out (fewer than ").append(Leaderboard.MIN_TASKS).append(" tasks): ")
                    .append(board.leftOut().stream().map(p -> p.model() + "@" + p.format() + " (" + p.tasks() + ")")
                            .collect(Collectors.joining(", ")))
                    .append('\n');
        }
        return out.toString();
    }

    static String json(Leaderboard board) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("z", Wilson.Z);
        root.put("min_tasks", Leaderboard.MIN_TASKS);
        Map<String, Object> best = new LinkedHashMap<>();
        board.best().forEach((model, p) -> best.put(model, p.format()));
        root.put("best", best);
        root.put("pairs", board.pairs().stream().map(Report::fields).toList());
        root.put("left_out", board.leftOut().stream().map(Report::fields).toList());
        return Json.write(root) + "\n";
    }

    static Map<String, Object> fields(Leaderboard.Pair p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", p.model());
        m.put("format", p.format());
        m.put("tasks", p.tasks());
        m.put("runs", p.runs());
        m.put("passed", p.passed());
        m.put("pass_rate", RowFiles.round(p.passRate(), 4));
        m.put("lower_bound", RowFiles.round(p.lowerBound(), 4));
        m.put("mean_score", RowFiles.round(p.meanScore(), 4));
        m.put("cost", p.cost() == null ? null : RowFiles.round(p.cost(), 6));
        m.put("cost_per_pass", p.costPerPass() == null ? null : RowFiles.round(p.costPerPass(), 6));
        m.put("replies", p.replies());
        m.put("replies_in_format", p.repliesInFormat());
        m.put("adherence", p.adherence() == null ? null : RowFiles.round(p.adherence(), 4));
        m.put("drifted_into", p.driftedInto());
        m.put("unreadable", p.unreadable());
        return m;
    }

    static String fixed(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    static String percent(Double value) {
        return value == null ? "—" : String.format(Locale.ROOT, "%.0f%%", value * 100);
    }

    static String dollars(Double value) {
        return value == null ? "—" : String.format(Locale.ROOT, "$%.4f", value);
    }

    static String drift(Map<String, Integer> into) {
        if (into.isEmpty()) {
            return "—";
        }
        List<String> parts = new ArrayList<>();
        into.forEach((k, v) -> parts.add(k + " " + v));
        return String.join(", ", parts);
    }
}
