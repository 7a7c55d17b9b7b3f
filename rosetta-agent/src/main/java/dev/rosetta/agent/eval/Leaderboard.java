package dev.rosetta.agent.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The model × format leaderboard of a set of results. For each model, format and task only the
 * latest eval that ran it counts (its repeats all do): an eval run again replaces the old result
 * instead of adding to it. A pair with fewer than {@value #MIN_TASKS} tasks is left out; the best
 * format of a model is the one with the highest Wilson lower bound.
 */
public record Leaderboard(List<Pair> pairs, List<Pair> leftOut) {

    public static final int MIN_TASKS = 4;

    /** One model in one format. */
    public record Pair(String model, String format, int tasks, int runs, int passed, double lowerBound,
            double meanScore, Double cost, int replies, int repliesInFormat, Map<String, Integer> driftedInto,
            int unreadable) {

        public double passRate() {
            return runs == 0 ? 0 : (double) passed / runs;
        }

        /** Dollars per passed run, or null when the cost is not known or nothing passed. */
        public Double costPerPass() {
            return cost == null || passed == 0 ? null : cost / passed;
        }

        /** The share of replies with calls whose calls were all in the format asked for; null without such replies. */
        public Double adherence() {
            return replies == 0 ? null : (double) repliesInFormat / replies;
        }
    }

    public static Leaderboard of(List<RunRow> rows) {
        Map<String, List<RunRow>> pairs = new LinkedHashMap<>();
        for (RunRow r : latest(rows)) {
            pairs.computeIfAbsent(r.model() + "\u0000" + r.format(), k -> new ArrayList<>()).add(r);
        }
        List<Pair> kept = new ArrayList<>();
        List<Pair> out = new ArrayList<>();
        for (List<RunRow> group : pairs.values()) {
            Pair p = pair(group);
            (p.tasks() >= MIN_TASKS ? kept : out).add(p);
        }
        Comparator<Pair> order = Comparator.comparing(Pair::model)
                .thenComparing(Comparator.comparingDouble(Pair::lowerBound).reversed())
                .thenComparing(Comparator.comparingDouble(Pair::passRate).reversed())
                .thenComparing(Comparator.comparingInt(Pair::runs).reversed()).thenComparing(Pair::format);
        kept.sort(order);
        out.sort(order);
        return new Leaderboard(List.copyOf(kept), List.copyOf(out));
    }

    /**
     * The rows that count: for each model, format and task, those of the eval run that ran it last
     * (by when that run started; the greater run id when two started together).
     */
    static List<RunRow> latest(List<RunRow> rows) {
        Map<String, Map<String, List<RunRow>>> byTask = new LinkedHashMap<>();
        for (RunRow r : rows) {
            String task = r.model() + "\u0000" + r.format() + "\u0000" + r.taskId();
            byTask.computeIfAbsent(task, k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.runId() == null ? "" : r.runId(), k -> new ArrayList<>()).add(r);
        }
        List<RunRow> out = new ArrayList<>();
        for (Map<String, List<RunRow>> runs : byTask.values()) {
            Map.Entry<String, List<RunRow>> last = null;
            for (Map.Entry<String, List<RunRow>> e : runs.entrySet()) {
                if (last == null || compare(e, last) > 0) {
                    last = e;
                }
            }
            out.addAll(last.getValue());
        }
        return out;
    }

    private static int compare(Map.Entry<String, List<RunRow>> a, Map.Entry<String, List<RunRow>> b) {
        int byTime = started(a.getValue()).compareTo(started(b.getValue()));
        return byTime != 0 ? byTime : a.getKey().compareTo(b.getKey());
    }

    /** When the run started this task: its first row's start (ISO instants sort as text). */
    private static String started(List<RunRow> rows) {
        return rows.stream().map(r -> r.startedAt() == null ? "" : r.startedAt()).min(String::compareTo).orElse("");
    }

    private static Pair pair(List<RunRow> rows) {
        int passed = (int) rows.stream().filter(RunRow::passed).count();
        int tasks = (int) rows.stream().map(RunRow::taskId).distinct().count();
        boolean costKnown = rows.stream().allMatch(r -> r.cost() != null);
        Double cost = costKnown ? rows.stream().mapToDouble(RunRow::cost).sum() : null;
        Map<String, Integer> drifted = new TreeMap<>();
        rows.forEach(r -> r.driftedInto().forEach((k, v) -> drifted.merge(k, v, Integer::sum)));
        return new Pair(rows.getFirst().model(), rows.getFirst().format(), tasks, rows.size(), passed,
                Wilson.lowerBound(passed, rows.size()), rows.stream().mapToDouble(RunRow::score).average().orElse(0),
                cost, rows.stream().mapToInt(RunRow::replies).sum(), rows.stream().mapToInt(RunRow::repliesInFormat).sum(),
                drifted, rows.stream().mapToInt(RunRow::unreadable).sum());
    }

    /** The best format of each model (pairs are sorted best first within a model). */
    public Map<String, Pair> best() {
        Map<String, Pair> out = new LinkedHashMap<>();
        pairs.stream().sorted(Comparator.comparingDouble(Pair::lowerBound).reversed()
                        .thenComparing(Comparator.comparingDouble(Pair::passRate).reversed())
                        .thenComparing(Pair::model))
                .forEach(p -> out.merge(p.model(), p, (a, b) -> better(a, b)));
        return out;
    }

    private static Pair better(Pair a, Pair b) {
        return b.lowerBound() > a.lowerBound() ? b : a;
    }

    public Optional<Pair> best(String model) {
        return Optional.ofNullable(best().get(model));
    }

    /** The pairs of {@code model}, best first. */
    public List<Pair> of(String model) {
        return pairs.stream().filter(p -> p.model().equals(model)).toList();
    }

    static Map<String, List<Pair>> byModel(List<Pair> pairs) {
        Map<String, List<Pair>> out = new HashMap<>();
        pairs.forEach(p -> out.computeIfAbsent(p.model(), k -> new ArrayList<>()).add(p));
        return out;
    }
}
