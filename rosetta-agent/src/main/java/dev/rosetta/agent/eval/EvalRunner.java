package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

import dev.rosetta.core.RosettaException;

/**
 * Runs a matrix: up to {@code parallel} conversations at once, in matrix order, each row written
 * to {@code results.jsonl} as soon as it is known (and both result files rewritten in matrix order
 * at the end), telling {@link Progress} after each; {@link CostGuard} may stop it starting more.
 */
public final class EvalRunner {

    /** What the runner says as it goes. */
    public interface Progress {
        void started(int total);

        void finished(RunRow row, Tally tally);
    }

    /** How far the eval is: runs done of all, passed, dollars spent, runs under way. */
    public record Tally(int done, int total, int passed, double cost, long elapsedNanos) {}

    /** What was run, and how many runs the cost limit kept from starting. */
    public record Outcome(List<RunRow> rows, int notStarted) {}

    private final EvalSettings settings;
    private final int parallel;
    private final Double maxCost;

    public EvalRunner(EvalSettings settings, int parallel, Double maxCost) {
        if (parallel < 1) {
            throw new RosettaException("--parallel must be 1 or more");
        }
        this.settings = settings;
        this.parallel = parallel;
        this.maxCost = maxCost;
    }

    public Outcome run(List<PlannedRun> runs, Progress progress) {
        prepare(runs);
        TaskRunner runner = new TaskRunner(settings);
        CostGuard guard = new CostGuard(maxCost);
        Semaphore slots = new Semaphore(parallel);
        List<RunRow> rows = new ArrayList<>();
        Map<Integer, RunRow> byIndex = new HashMap<>();
        long start = System.nanoTime();
        int[] passed = {0};
        int notStarted = 0;
        progress.started(runs.size());
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < runs.size(); i++) {
                PlannedRun run = runs.get(i);
                slots.acquireUninterruptibly();
                if (!guard.mayStart(run.model())) {
                    slots.release();
                    notStarted = runs.size() - i;
                    break;
                }
                pool.submit(() -> {
                    boolean counted = false;
                    try {
                        RunRow row = runner.run(run);
                        guard.finished(run.model(), row.cost());
                        counted = true;
                        synchronized (rows) {
                            rows.add(row);
                            byIndex.put(run.index(), row);
                            passed[0] += row.passed() ? 1 : 0;
                            RowFiles.append(settings.folder(), row);
                            progress.finished(row, new Tally(rows.size(), runs.size(), passed[0], guard.spent(),
                                    System.nanoTime() - start));
                        }
                    } finally {
                        if (!counted) {
                            guard.ended(run.model());
                        }
                        slots.release();
                    }
                });
            }
        }
        List<RunRow> ordered = byIndex.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue).toList();
        RowFiles.write(settings.folder(), ordered);
        return new Outcome(ordered, notStarted);
    }

    /** The run folder, emptied of an earlier eval's results, with a copy of every task file run. */
    private void prepare(List<PlannedRun> runs) {
        try {
            Files.createDirectories(settings.folder());
            Files.deleteIfExists(settings.folder().resolve(RowFiles.JSONL));
            Files.deleteIfExists(settings.folder().resolve(RowFiles.CSV));
            for (EvalTask task : runs.stream().map(PlannedRun::task).distinct()
                    .sorted(Comparator.comparing(EvalTask::id)).toList()) {
                Path copy = settings.folder().resolve("tasks").resolve(task.suite())
                        .resolve(task.name() + ".toml");
                Files.createDirectories(copy.getParent());
                if (!copy.toAbsolutePath().equals(task.source().toAbsolutePath())) {
                    Files.copy(task.source(), copy, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new RosettaException("could not prepare the run folder " + settings.folder() + ": " + e.getMessage(),
                    e);
        }
    }
}
