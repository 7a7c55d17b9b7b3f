package dev.rosetta.agent.eval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.rosetta.core.RosettaException;

/**
 * {@code --replay RUN}: the matrix a recorded run folder ran, each run answered from its own tape.
 * The tasks are those given on the command line, else the copies the run folder keeps.
 */
public final class Replay {

    /** The runs to replay and where each one's tape is. */
    public record Plan(List<PlannedRun> runs, Function<PlannedRun, Path> tapes) {}

    private Replay() {}

    public static Plan of(Path recorded, List<EvalTask> tasks) {
        List<RunRow> rows = RowFiles.read(recorded);
        if (rows.isEmpty()) {
            throw new RosettaException("--replay " + recorded + ": the run folder has no results to replay");
        }
        Map<String, EvalTask> byId = new HashMap<>();
        tasks.forEach(t -> byId.put(t.id(), t));
        Map<String, Path> tapes = new HashMap<>();
        List<PlannedRun> runs = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            RunRow row = rows.get(i);
            EvalTask task = byId.get(row.taskId());
            if (task == null) {
                continue; // a task not among those given (or --tasks left it out)
            }
            Path runFolder = runFolder(recorded, row);
            PlannedRun run = new PlannedRun(index(row, i), row.model(), row.format(), task, row.repeat());
            Path tape = runFolder.resolve(TaskRunner.TAPE);
            if (!Files.isRegularFile(tape)) {
                throw new RosettaException("--replay " + recorded + ": " + run.key() + " has no recorded replies at "
                        + tape + "; record the eval with --record");
            }
            tapes.put(run.key(), tape);
            runs.add(run);
        }
        runs.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return new Plan(List.copyOf(runs), r -> tapes.get(r.key()));
    }

    /** The run's folder in the recording: its log is {@code runs/FOLDER/logs/eval/conversation.jsonl}. */
    private static Path runFolder(Path recorded, RunRow row) {
        if (row.log() == null) {
            throw new RosettaException("--replay " + recorded + ": the row of " + row.key() + " names no log");
        }
        Path log = recorded.resolve(row.log()).normalize();
        Path folder = log.getParent() == null || log.getParent().getParent() == null ? null
                : log.getParent().getParent().getParent();
        if (folder == null || !folder.startsWith(recorded.normalize())) {
            throw new RosettaException("--replay " + recorded + ": the log of " + row.key() + " is not in the folder");
        }
        return folder;
    }

    /** The run's place in the recorded matrix: the number its folder starts with, so replayed folders match. */
    private static int index(RunRow row, int position) {
        String folder = Path.of(row.log()).getName(1).toString();
        int dash = folder.indexOf('-');
        try {
            return dash > 0 ? Integer.parseInt(folder.substring(0, dash)) : position;
        } catch (NumberFormatException e) {
            return position;
        }
    }
}
