package dev.rosetta.agent.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A task's checks, run against a workspace after the conversation: {@code run} and what its exit
 * code and output must be, the files that must contain texts, and {@code check}. Each check passes
 * or fails on its own, so a score can count them.
 */
final class Checks {

    /** How the checks went: how many passed, the first that failed (null when none did), how long they took. */
    record Outcome(int passed, int total, String firstFailure, Duration took) {
        boolean allPassed() {
            return passed == total;
        }
    }

    private Checks() {}

    static Outcome run(EvalTask task, Path workspace, Map<String, String> env, Duration timeout, Path scratch) {
        long start = System.nanoTime();
        List<String> failures = new ArrayList<>();
        int passed = 0;
        if (task.run() != null) {
            Command ran = command(task.run(), workspace, env, timeout, scratch, "run");
            if (task.expectExit() != null) {
                if (ran.ended().timedOut()) {
                    failures.add("run did not end within " + seconds(timeout));
                } else if (ran.ended().exitCode().equals(task.expectExit())) {
                    passed++;
                } else {
                    failures.add("run exited " + ran.ended().exitCode() + ", expected " + task.expectExit()
                            + lastLine(ran.output()));
                }
            }
            for (String text : task.expectStdoutContains()) {
                if (ran.stdout().contains(text)) {
                    passed++;
                } else {
                    failures.add("run's output does not contain " + quoted(text) + lastLine(ran.output()));
                }
            }
        }
        for (Map.Entry<String, String> e : task.expectFiles().entrySet()) {
            Path file = WorkspacePath.resolve(workspace, e.getKey());
            String text = read(file);
            if (text == null) {
                failures.add(e.getKey() + " is missing");
            } else if (text.contains(e.getValue())) {
                passed++;
            } else {
                failures.add(e.getKey() + " does not contain " + quoted(e.getValue()));
            }
        }
        if (task.check() != null) {
            Command checked = command(task.check(), workspace, env, timeout, scratch, "check");
            if (!checked.ended().timedOut() && checked.ended().exitCode() == 0) {
                passed++;
            } else {
                failures.add(checked.ended().timedOut() ? "check did not end within " + seconds(timeout)
                        : "check exited " + checked.ended().exitCode() + lastLine(checked.output()));
            }
        }
        return new Outcome(passed, task.checkCount(), failures.isEmpty() ? null : failures.getFirst(),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private record Command(ChildProcess.Ended ended, String stdout, String output) {}

    private static Command command(String script, Path workspace, Map<String, String> env, Duration timeout,
            Path scratch, String name) {
        Path out = scratch.resolve(name + ".out");
        Path err = scratch.resolve(name + ".err");
        ChildProcess.Ended ended = ChildProcess.run(List.of("bash", "-c", script), workspace, env, timeout, out, err);
        String stdout = read(out);
        String stderr = read(err);
        return new Command(ended, stdout == null ? "" : stdout,
                (stdout == null ? "" : stdout) + "\n" + (stderr == null ? "" : stderr));
    }

    /** The file's text (malformed bytes replaced), or null when it is not there. */
    static String read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    private static String lastLine(String output) {
        String[] lines = output.strip().split("\n");
        String last = lines.length == 0 ? "" : lines[lines.length - 1].strip();
        if (last.isEmpty()) {
            return "";
        }
        return ": " + (last.length() > 160 ? last.substring(0, 160) + "…" : last);
    }

    private static String quoted(String text) {
        String shown = text.length() > 60 ? text.substring(0, 60) + "…" : text;
        return "'" + shown.replace("\n", "\\n") + "'";
    }

    static String seconds(Duration d) {
        long s = d.toSeconds();
        return s >= 60 && s % 60 == 0 ? s / 60 + "m" : d.toMillis() % 1000 == 0 ? s + "s" : d.toMillis() + "ms";
    }
}
