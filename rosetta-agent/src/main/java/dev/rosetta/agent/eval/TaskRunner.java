package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.tape.ReplyTape;
import dev.rosetta.tools.sandbox.SecretVariables;

/**
 * Runs one cell of the matrix: a fresh workspace with the task's files, a real {@code rosetta -n}
 * conversation in it as a process of its own (its log kept in the run's folder), the checks, and
 * the row that says how it went.
 */
final class TaskRunner {

    /** The conversation's name in its own log folder. */
    static final String CONVERSATION = "eval";
    static final String TAPE = "replies.jsonl";

    private final EvalSettings settings;

    TaskRunner(EvalSettings settings) {
        this.settings = settings;
    }

    RunRow run(PlannedRun planned) {
        Instant started = Instant.now();
        Path runFolder = settings.folder().resolve("runs").resolve(planned.folderName());
        Path workspace = null;
        try {
            Files.createDirectories(runFolder);
            workspace = Files.createTempDirectory("rosetta-eval-");
            writeFiles(planned.task(), workspace);
            Map<String, String> env = conversationEnv(planned, runFolder);
            Duration timeout = settings.timeout(planned.task());
            ChildProcess.Ended conversation = ChildProcess.run(command(planned, workspace), workspace, env, timeout,
                    runFolder.resolve("stdout.txt"), runFolder.resolve("stderr.txt"));
            if (conversation.timedOut() && settings.record()) {
                TapeEnd.stalled(runFolder.resolve(TAPE));
            }
            ConversationStats stats = stats(runFolder, planned.format());
            Checks.Outcome checks = Checks.run(planned.task(), workspace, checkEnv(), timeout, runFolder);
            return row(planned, started, runFolder, conversation, stats, checks).withProblem(workspace);
        } catch (IOException | RosettaException e) {
            return broken(planned, started, runFolder, e.getMessage());
        } finally {
            if (workspace != null) {
                delete(workspace);
            }
        }
    }

    private List<String> command(PlannedRun planned, Path workspace) {
        List<String> c = new ArrayList<>(settings.rosetta());
        c.addAll(List.of("-n", "-m", planned.model(), "--tool-format", planned.format(), "-w", workspace.toString(),
                "--name", CONVERSATION));
        if (planned.task().tools() != null) {
            c.addAll(List.of("-t", String.join(",", planned.task().tools())));
        }
        c.add("--");
        c.add(planned.task().prompt());
        return c;
    }

    private Map<String, String> conversationEnv(PlannedRun planned, Path runFolder) throws IOException {
        Map<String, String> env = new HashMap<>(settings.env());
        env.put(LogDirectory.OVERRIDE, runFolder.resolve("logs").toAbsolutePath().toString());
        env.remove(ReplyTape.RECORD_VARIABLE);
        env.remove(ReplyTape.REPLAY_VARIABLE);
        Path tape = runFolder.resolve(TAPE).toAbsolutePath();
        if (settings.replay().isPresent()) {
            Path source = settings.replay().get().apply(planned);
            if (!source.toAbsolutePath().equals(tape)) {
                // The new run folder keeps the tape too, so it can be replayed in its turn.
                Files.copy(source, tape, StandardCopyOption.REPLACE_EXISTING);
            }
            env.put(ReplyTape.REPLAY_VARIABLE, tape.toString());
        } else if (settings.record()) {
            Files.deleteIfExists(tape);
            env.put(ReplyTape.RECORD_VARIABLE, tape.toString());
        }
        return env;
    }

    /** The checks are the task's commands, not the model's: they get the environment without its secrets. */
    private Map<String, String> checkEnv() {
        Map<String, String> env = new HashMap<>(SecretVariables.DEFAULT.strip(settings.env()));
        env.remove(ReplyTape.RECORD_VARIABLE);
        env.remove(ReplyTape.REPLAY_VARIABLE);
        return env;
    }

    private static void writeFiles(EvalTask task, Path workspace) throws IOException {
        for (Map.Entry<String, String> f : task.files().entrySet()) {
            Path file = WorkspacePath.resolve(workspace, f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
            if (f.getKey().endsWith(".sh")) {
                file.toFile().setExecutable(true);
            }
        }
    }

    private static ConversationStats stats(Path runFolder, String format) {
        Path logs = runFolder.resolve("logs");
        if (!Files.exists(logs.resolve(CONVERSATION).resolve(ConversationLog.FILE))) {
            return ConversationStats.NONE;
        }
        try (ConversationLog log = ConversationLog.open(logs, CONVERSATION)) {
            return ConversationStats.of(log.messages(), format);
        } catch (RosettaException e) {
            return ConversationStats.NONE;
        }
    }

    private RunRow row(PlannedRun p, Instant started, Path runFolder, ChildProcess.Ended conversation,
            ConversationStats s, Checks.Outcome checks) {
        String outcome;
        String problem;
        if (conversation.timedOut()) {
            outcome = RunRow.TIMEOUT;
            problem = "stopped after " + Checks.seconds(settings.timeout(p.task())) + " without finishing";
        } else if (conversation.exitCode() != 0) {
            outcome = RunRow.ERROR;
            problem = "the conversation ended with exit code " + conversation.exitCode()
                    + lastError(runFolder.resolve("stderr.txt"));
        } else if (!checks.allPassed()) {
            outcome = RunRow.FAILED;
            problem = checks.firstFailure();
        } else {
            outcome = RunRow.PASSED;
            problem = null;
        }
        double total = checks.total();
        return new RunRow(settings.runId(), started.truncatedTo(ChronoUnit.MILLIS).toString(), p.model(), p.format(),
                p.task().suite(), p.task().name(), p.repeat(), outcome, outcome.equals(RunRow.PASSED),
                total == 0 ? 0 : checks.passed() / total, checks.passed(), checks.total(), conversation.exitCode(),
                s.steps(), s.toolCalls(), s.dialects(), s.unreadable(), s.drift(), s.driftedInto(), s.replies(),
                s.repliesInFormat(), s.tokensIn(), s.tokensOut(), s.tokensCached(), s.cost(),
                seconds(conversation.took().plus(checks.took())), seconds(conversation.took()), seconds(checks.took()),
                settings.version(), settings.commit(), logPath(runFolder), problem);
    }

    /** A run that could not be made at all (no disk, no java): a row that says so. */
    private RunRow broken(PlannedRun p, Instant started, Path runFolder, String why) {
        return new RunRow(settings.runId(), started.truncatedTo(ChronoUnit.MILLIS).toString(), p.model(), p.format(),
                p.task().suite(), p.task().name(), p.repeat(), RunRow.ERROR, false, 0, 0, p.task().checkCount(), null,
                0, 0, Map.of(), 0, 0, Map.of(), 0, 0, 0, 0, 0, null, 0, 0, 0, settings.version(), settings.commit(),
                logPath(runFolder), why);
    }

    private String logPath(Path runFolder) {
        return settings.folder().relativize(runFolder.resolve("logs").resolve(CONVERSATION)
                .resolve(ConversationLog.FILE)).toString().replace('\\', '/');
    }

    private static String lastError(Path stderr) {
        String text = Checks.read(stderr);
        if (text == null || text.isBlank()) {
            return "";
        }
        String[] lines = text.strip().split("\n");
        String last = lines[lines.length - 1].strip();
        return ": " + (last.length() > 200 ? last.substring(0, 200) + "…" : last);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static void delete(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                p.toFile().setWritable(true);
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a file a run left unwritable stays in the temporary folder
                }
            });
        } catch (IOException e) {
            // nothing to clean
        }
    }
}
