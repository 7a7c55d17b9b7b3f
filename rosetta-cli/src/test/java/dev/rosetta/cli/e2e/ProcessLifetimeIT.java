package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * However Rosetta ends — SIGTERM, a closed terminal's SIGHUP, or kill -9, which no cleanup code
 * survives — nothing it started outlives it: not the shell tool's bash and the command it is
 * running, not the ipython and jshell interpreters, not the programs those started.
 */
class ProcessLifetimeIT extends EndToEnd {

    /** How Rosetta is ended. */
    enum Ending { TERM, HUP, KILL }

    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    @ParameterizedTest(name = "{0}")
    @EnumSource(Ending.class)
    void nothingRosettaStartedOutlivesIt(Ending ending) throws Exception {
        sandbox.requireProgram("python3");
        String mark = "ROSETTA_E2E_MARK=" + UUID.randomUUID();
        sandbox.env().put("ROSETTA_E2E_MARK", mark.substring(mark.indexOf('=') + 1));
        model.script(
                Format.MARKDOWN.reply("A child of Python.\n",
                        ModelCall.ipython("import subprocess\nchild = subprocess.Popen(['sleep', '600'])\n")),
                Format.MARKDOWN.reply("A child of JShell.\n",
                        ModelCall.jshell("var child = new ProcessBuilder(\"sleep\", \"600\").start();")),
                Format.MARKDOWN.reply("A background job and a long command.\n",
                        ModelCall.shell("sleep 600 & sleep 600")));

        Sandbox.Launched rosetta = sandbox.launch("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "start the sleepers");
        Set<ProcessHandle> started = new LinkedHashSet<>();
        try {
            awaitOrFail(() -> sleepers(mark) == 4 || !rosetta.process().isAlive(),
                    () -> "four sleep 600 never ran:\n" + sandbox.finish(rosetta));
            if (!rosetta.process().isAlive()) {
                throw new AssertionError("rosetta ended before it was signalled:\n" + sandbox.finish(rosetta));
            }
            started.addAll(rosetta.process().descendants().toList());
            started.addAll(ProcFs.withEnvironmentEntry(mark));

            List<ProcessHandle> watchdogs = started.stream()
                    .filter(p -> ProcFs.commandLine(p).contains("rosetta-watchdog")).toList();
            assertThat(watchdogs).as("one watchdog per session").hasSize(3);

            end(rosetta.process(), ending);
            assertThat(rosetta.process().waitFor(WAIT_NANOS, TimeUnit.NANOSECONDS)).as("rosetta ended").isTrue();
            if (ending != Ending.KILL) {
                // a signal Rosetta can catch: it saw its sessions ended before it went
                assertThat(watchdogs).as("watchdogs done when rosetta exited").noneMatch(ProcFs::isRunning);
            }

            awaitOrFail(() -> survivors(started, mark).isEmpty(), () -> "still running after rosetta ended by " + ending
                    + ":\n" + String.join("\n", survivors(started, mark).stream().map(ProcFs::describe).toList()));
        } finally {
            rosetta.process().destroyForcibly();
            survivors(started, mark).forEach(ProcessHandle::destroyForcibly); // a failed run leaves nothing behind
        }
    }

    private static void end(Process rosetta, Ending ending) throws IOException, InterruptedException {
        switch (ending) {
            case TERM -> rosetta.destroy();
            case KILL -> rosetta.destroyForcibly();
            case HUP -> {
                Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(rosetta.pid())).inheritIO().start();
                assertThat(kill.waitFor()).isZero();
            }
        }
    }

    private static long sleepers(String mark) {
        return ProcFs.withEnvironmentEntry(mark).stream().filter(ProcFs::isRunning)
                .filter(p -> ProcFs.commandLine(p).equals("sleep 600")).count();
    }

    /** What Rosetta had started when it was ended, and whatever carries its mark, that still runs. */
    private static List<ProcessHandle> survivors(Set<ProcessHandle> started, String mark) {
        Set<ProcessHandle> all = new LinkedHashSet<>(started);
        all.addAll(ProcFs.withEnvironmentEntry(mark));
        return new ArrayList<>(all.stream().filter(ProcFs::isRunning).toList());
    }

    /** Polls {@code condition} until it holds or the time is up; then fails with {@code why}. */
    private static void awaitOrFail(BooleanSupplier condition, Supplier<String> why)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(why.get());
            }
            Thread.sleep(20);
        }
    }

}
