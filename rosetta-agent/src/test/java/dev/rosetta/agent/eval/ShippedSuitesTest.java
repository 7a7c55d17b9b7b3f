package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.tools.process.Executables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suites Rosetta ships: enough of them, in four languages, and none passed by doing nothing. */
class ShippedSuitesTest {

    @TempDir
    Path dir;

    private static final List<String> PROGRAMS_THE_CHECKS_RUN =
            List.of("bash", "python3", "node", "java", "javac", "make", "git", "grep", "cmp");

    @Test
    void atLeastFortyTasksInShellPythonJavaAndJavascript() {
        List<EvalTask> tasks = Suites.load(List.of(), Path.of("."));
        assertThat(tasks).hasSizeGreaterThanOrEqualTo(40);
        Set<String> tags = tasks.stream().flatMap(t -> t.tags().stream()).collect(Collectors.toSet());
        assertThat(tags).contains("shell", "python", "java", "javascript", "patch", "nested-fences", "many-steps",
                "refactor", "debug");
    }

    @Test
    void everyShippedTaskFailsOnItsUntouchedWorkspace() throws Exception {
        // Without a program a task's check needs, the check fails for that reason and the task
        // would "fail on its untouched workspace" vacuously: the test would prove nothing.
        for (String program : PROGRAMS_THE_CHECKS_RUN) {
            MachineRequirement.require(Executables.find(program, System.getenv("PATH")).isPresent(),
                    program + " is not installed; the shipped suites' checks run it");
        }
        List<String> passedByDoingNothing = new ArrayList<>();
        for (EvalTask task : Suites.load(List.of(), Path.of("."))) {
            Path workspace = Files.createTempDirectory(dir, "ws");
            for (Map.Entry<String, String> f : task.files().entrySet()) {
                Path file = WorkspacePath.resolve(workspace, f.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
            }
            Path scratch = Files.createTempDirectory(dir, "scratch");
            Checks.Outcome outcome = Checks.run(task, workspace, System.getenv(), Duration.ofMinutes(2), scratch);
            if (outcome.allPassed()) {
                passedByDoingNothing.add(task.id());
            }
        }
        assertThat(passedByDoingNothing).isEmpty();
    }
}
