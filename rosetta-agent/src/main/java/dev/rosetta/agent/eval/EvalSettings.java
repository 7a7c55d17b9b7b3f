package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How an eval runs its conversations.
 *
 * @param folder      the run folder: results, and one folder per run with its log (and tape)
 * @param runId       the folder's id, on every row
 * @param rosetta     the command that starts a conversation ({@code java … dev.rosetta.cli.Main}), to
 *                    which each run adds {@code -n -m MODEL --tool-format FORMAT -w WORKSPACE …}
 * @param env         the environment conversations and checks start from
 * @param timeout     a run's time limit when its task sets none
 * @param record      whether every reply is kept for a replay
 * @param replay      the tape each run is to be answered from, when the eval replays a recorded one
 * @param version     Rosetta's version, on every row
 * @param commit      the commit it was built from, or "unknown"
 */
public record EvalSettings(Path folder, String runId, List<String> rosetta, Map<String, String> env, Duration timeout,
        boolean record, Optional<Function<PlannedRun, Path>> replay, String version, String commit) {

    public EvalSettings {
        rosetta = List.copyOf(rosetta);
        env = Map.copyOf(env);
    }

    /** The time limit of {@code task}'s runs. */
    Duration timeout(EvalTask task) {
        return task.timeout() != null ? task.timeout() : timeout;
    }
}
