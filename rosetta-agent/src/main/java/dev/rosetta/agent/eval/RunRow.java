package dev.rosetta.agent.eval;

import java.util.Map;
import java.util.TreeMap;

/**
 * One run's result: one line of {@code results.jsonl}, one row of {@code results.csv}
 * (docs/EVALS.md lists the columns).
 *
 * @param runId           the eval run (folder) it belongs to
 * @param startedAt       when the run started, ISO-8601 UTC
 * @param outcome         passed, failed (checks failed), timeout (killed), error (the conversation ended in an error)
 * @param score           checks passed / checks
 * @param exitCode        how the conversation's process ended; null when it was killed
 * @param steps           model requests (assistant messages)
 * @param toolCalls       calls read, in any dialect, native included
 * @param dialects        calls per dialect they were written in ({@code native}: the provider's own calls)
 * @param unreadable      text that looked like a call and was reported, not run
 * @param drift           calls written in another dialect than the format asked for
 * @param driftedInto     those calls per dialect
 * @param replies         replies that held a call or an unreadable one
 * @param repliesInFormat of those, the replies whose calls were all in the format asked for and none unreadable
 * @param tokensIn        input tokens not read from a cache (cache writes included)
 * @param tokensCached    input tokens read from a cache
 * @param cost            US dollars, or null when the model's prices are not known
 * @param log             the conversation's log, relative to the run folder
 * @param problem         why it did not pass, in one line, or null
 */
public record RunRow(String runId, String startedAt, String model, String format, String suite, String task,
        int repeat, String outcome, boolean passed, double score, int checksPassed, int checksTotal, Integer exitCode,
        int steps, int toolCalls, Map<String, Integer> dialects, int unreadable, int drift,
        Map<String, Integer> driftedInto, int replies, int repliesInFormat, long tokensIn, long tokensOut,
        long tokensCached, Double cost, double durationSeconds, double conversationSeconds, double checksSeconds,
        String rosettaVersion, String rosettaCommit, String log, String problem) {

    public static final String PASSED = "passed";
    public static final String FAILED = "failed";
    public static final String TIMEOUT = "timeout";
    public static final String ERROR = "error";

    public RunRow {
        dialects = new TreeMap<>(dialects);
        driftedInto = new TreeMap<>(driftedInto);
    }

    public String taskId() {
        return suite + "/" + task;
    }

    public String key() {
        return PlannedRun.key(model, format, taskId(), repeat);
    }

    /**
     * The row without what differs from one run of the same replies to the next (ids, times,
     * durations, version): what a replay, or a merge of shards, must give again.
     */
    public RunRow comparable() {
        return new RunRow(null, null, model, format, suite, task, repeat, outcome, passed, score, checksPassed,
                checksTotal, exitCode, steps, toolCalls, dialects, unreadable, drift, driftedInto, replies,
                repliesInFormat, tokensIn, tokensOut, tokensCached, cost, 0, 0, 0, null, null, log, problem);
    }

    /**
     * The row with its temporary workspace's path in {@code problem} written {@code <workspace>}: a
     * message that names it (a traceback, a compiler error) reads the same in every run.
     */
    RunRow withProblem(java.nio.file.Path workspace) {
        if (problem == null || !problem.contains(workspace.toString())) {
            return this;
        }
        return new RunRow(runId, startedAt, model, format, suite, task, repeat, outcome, passed, score, checksPassed,
                checksTotal, exitCode, steps, toolCalls, dialects, unreadable, drift, driftedInto, replies,
                repliesInFormat, tokensIn, tokensOut, tokensCached, cost, durationSeconds, conversationSeconds,
                checksSeconds, rosettaVersion, rosettaCommit, log, problem.replace(workspace.toString(), "<workspace>"));
    }

    /** The same row in another run folder (a merge keeps each row's files beside it). */
    public RunRow withLog(String newLog) {
        return new RunRow(runId, startedAt, model, format, suite, task, repeat, outcome, passed, score, checksPassed,
                checksTotal, exitCode, steps, toolCalls, dialects, unreadable, drift, driftedInto, replies,
                repliesInFormat, tokensIn, tokensOut, tokensCached, cost, durationSeconds, conversationSeconds,
                checksSeconds, rosettaVersion, rosettaCommit, newLog, problem);
    }
}
