package dev.rosetta.agent.eval;

/**
 * One cell of the matrix: a task, run by a model in a format, the {@code repeat}-th time (from 1).
 * {@code index} is its place in the whole matrix, which is what shards divide.
 */
public record PlannedRun(int index, String model, String format, EvalTask task, int repeat) {

    /** What identifies the run across runs, shards and replays: {@code model@format suite/task #repeat}. */
    public String key() {
        return key(model, format, task.id(), repeat);
    }

    public static String key(String model, String format, String taskId, int repeat) {
        return model + "@" + format + " " + taskId + " #" + repeat;
    }

    /** A folder name for the run's files: readable, and one per run. */
    public String folderName() {
        String raw = String.format("%06d-%s-%s-%s-%s-%d", index, model, format, task.suite(), task.name(), repeat);
        return raw.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
