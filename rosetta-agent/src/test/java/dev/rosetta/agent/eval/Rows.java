package dev.rosetta.agent.eval;

import java.util.Map;

/** Result rows for tests: only what a test is about is given. */
final class Rows {

    private Rows() {}

    static RunRow row(String runId, String startedAt, String model, String format, String task, int repeat,
            boolean passed, Double cost) {
        return new RunRow(runId, startedAt, model, format, "suite", task, repeat, passed ? RunRow.PASSED : RunRow.FAILED,
                passed, passed ? 1 : 0, passed ? 1 : 0, 1, 0, 2, 1, Map.of(format, 1), 0, 0, Map.of(), 1, 1, 100, 10, 0,
                cost, 1, 1, 0, "test", "unknown", "runs/" + String.format("%06d", Math.abs((model + format + task
                        + repeat).hashCode()) % 1000000) + "-x/logs/eval/conversation.jsonl", null);
    }
}
