package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One task of a suite, as its TOML file says (docs/EVALS.md): the prompt, the files the workspace
 * starts with, what is run after the conversation and the checks that decide whether it passed.
 *
 * @param suite                 the suite's name (its folder's)
 * @param name                  the task's name, unique in its suite
 * @param source                where it was read from, for messages
 * @param prompt                the first and only message the model gets
 * @param files                 path → content, written into a fresh workspace, in order
 * @param run                   a shell command run in the workspace after the conversation, or null
 * @param expectExit            the exit code {@code run} must end with, or null
 * @param expectStdoutContains  texts {@code run}'s standard output must each contain
 * @param expectFiles           path → text the file must contain after the conversation
 * @param check                 a shell command that passes when it exits 0, or null
 * @param tools                 the tool set ({@code -t}), or null for Rosetta's default
 * @param timeout               the task's own time limit, or null for the run's
 * @param tags                  free labels
 */
public record EvalTask(String suite, String name, Path source, String prompt, Map<String, String> files, String run,
        Integer expectExit, List<String> expectStdoutContains, Map<String, String> expectFiles, String check,
        List<String> tools, Duration timeout, List<String> tags) {

    public EvalTask {
        files = Map.copyOf(files);
        expectStdoutContains = List.copyOf(expectStdoutContains);
        expectFiles = Map.copyOf(expectFiles);
        tools = tools == null ? null : List.copyOf(tools);
        tags = List.copyOf(tags);
    }

    /** {@code suite/name}: how rows, globs and messages name the task. */
    public String id() {
        return suite + "/" + name;
    }

    /** How many checks decide the task: one per expectation, one for {@code check}. */
    public int checkCount() {
        return (expectExit != null ? 1 : 0) + expectStdoutContains.size() + expectFiles.size() + (check != null ? 1 : 0);
    }
}
