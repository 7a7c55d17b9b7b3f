package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner with a stand-in for Rosetta: a real bash script given the same command line, which
 * does what a conversation might (write the file, hang, leave a process behind).
 */
class TaskRunnerTest {

    @TempDir
    Path dir;

    private EvalSettings settings(Path script, Duration timeout) {
        return new EvalSettings(dir.resolve("run"), "run", List.of("bash", script.toString()), System.getenv(),
                timeout, false, Optional.empty(), "test", "unknown");
    }

    private static EvalTask task(Duration timeout) {
        return new EvalTask("s", "write", Path.of("write.toml"), "write answer.txt", Map.of("seed.txt", "seed"),
                "cat answer.txt", 0, List.of("42"), Map.of("answer.txt", "42"), null, null, timeout, List.of());
    }

    /** The script's arguments are rosetta's: ... -w WORKSPACE ...; it works in the workspace. */
    private Path script(String body) throws Exception {
        Path s = dir.resolve("fake-rosetta.sh");
        Files.writeString(s, "while [ \"$1\" != -w ]; do shift; done; cd \"$2\"\n" + body);
        return s;
    }

    @Test
    void aRunWhoseChecksPassPasses() throws Exception {
        RunRow row = new TaskRunner(settings(script("echo 42 > answer.txt\n"), Duration.ofMinutes(1)))
                .run(new PlannedRun(0, "m", "markdown", task(null), 1));
        assertThat(row.outcome()).isEqualTo(RunRow.PASSED);
        assertThat(row.score()).isEqualTo(1.0);
        assertThat(row.checksTotal()).isEqualTo(3);
    }

    @Test
    void aWrongAnswerFailsAndScoresTheChecksItPassed() throws Exception {
        RunRow row = new TaskRunner(settings(script("echo 41 > answer.txt\n"), Duration.ofMinutes(1)))
                .run(new PlannedRun(0, "m", "markdown", task(null), 1));
        assertThat(row.outcome()).isEqualTo(RunRow.FAILED);
        assertThat(row.checksPassed()).isEqualTo(1); // the exit code of run
        assertThat(row.problem()).contains("does not contain '42'");
    }

    @Test
    void aHungRunIsKilledWithWhatItStartedAndCountsAsFailed() throws Exception {
        Path pid = dir.resolve("child.pid");
        Path fake = script("echo 42 > answer.txt\nsleep 600 & echo $! > " + pid + "\nsleep 600\n");
        RunRow row = new TaskRunner(settings(fake, Duration.ofMinutes(5)))
                .run(new PlannedRun(0, "m", "markdown", task(Duration.ofMillis(1500)), 1));

        assertThat(row.outcome()).isEqualTo(RunRow.TIMEOUT);
        assertThat(row.passed()).isFalse();
        assertThat(row.exitCode()).isNull();
        assertThat(row.checksPassed()).as("the checks still ran").isEqualTo(3);
        long child = Long.parseLong(Files.readString(pid).strip());
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("the background sleep").isFalse();
    }

    @Test
    void aConversationThatFailsIsAnError() throws Exception {
        RunRow row = new TaskRunner(settings(script("echo 'rosetta: the provider failed' >&2; exit 1\n"),
                Duration.ofMinutes(1))).run(new PlannedRun(0, "m", "markdown", task(null), 1));
        assertThat(row.outcome()).isEqualTo(RunRow.ERROR);
        assertThat(row.problem()).contains("exit code 1").contains("the provider failed");
    }

    @Test
    void theWorkspaceIsGoneAfterTheRun() throws Exception {
        Path where = dir.resolve("where.txt");
        new TaskRunner(settings(script("pwd > " + where + "\n"), Duration.ofMinutes(1)))
                .run(new PlannedRun(0, "m", "markdown", task(null), 1));
        assertThat(Path.of(Files.readString(where).strip())).doesNotExist();
    }
}
