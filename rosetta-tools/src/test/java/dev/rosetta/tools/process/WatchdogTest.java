package dev.rosetta.tools.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The watchdog against a real session: {@code setsid bash} with a job in the session's group and
 * one that made a group of its own ({@code set -m}), as a command of the shell tool could.
 */
class WatchdogTest {

    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private Process leader;
    private List<ProcessHandle> members;

    @BeforeEach
    void startASession() throws Exception {
        Optional<Path> setsid = Executables.find("setsid", System.getenv("PATH"));
        assertThat(setsid).as("setsid on the PATH").isPresent();
        leader = new ProcessBuilder(setsid.get().toString(), "bash", "-c",
                "sleep 600 & set -m; sleep 600 & echo started; exec sleep 600")
                .redirectErrorStream(true).start();
        assertThat(new String(leader.getInputStream().readNBytes(8), StandardCharsets.UTF_8)).isEqualTo("started\n");
        members = sessionOf(leader.pid());
        assertThat(members).hasSize(3);
        assertThat(groupsOf(members)).hasSize(2);
    }

    @AfterEach
    void endTheSession() {
        members.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void whenRosettaIsGoneTheWholeSessionIsKilledItsOtherGroupsToo() throws Exception {
        Watchdog watchdog = Watchdog.guard(leader.pid());

        watchdog.endSession();

        await(() -> members.stream().noneMatch(WatchdogTest::isRunning));
        assertThat(members).noneMatch(WatchdogTest::isRunning);
    }

    @Test
    void aWatchdogStoodDownByItsOwnerLeavesTheSessionAlone() throws Exception {
        Watchdog watchdog = Watchdog.guard(leader.pid());

        watchdog.close();
        watchdog.awaitExit();

        assertThat(ProcessHandle.of(watchdog.pid())).isEmpty();
        assertThat(members).allMatch(WatchdogTest::isRunning);
    }

    @Test
    void theSignalsThatEndRosettaDoNotEndItsWatchdog() throws Exception {
        Watchdog watchdog = Watchdog.guard(leader.pid());
        for (String signal : List.of("INT", "HUP", "TERM", "QUIT")) {
            assertThat(new ProcessBuilder("kill", "-s", signal, Long.toString(watchdog.pid())).start().waitFor())
                    .isZero();
        }

        watchdog.endSession();

        await(() -> members.stream().noneMatch(WatchdogTest::isRunning));
        assertThat(members).noneMatch(WatchdogTest::isRunning);
    }

    @Test
    void theWatchdogHoldsNothingOfRosettasEnvironment() throws Exception {
        Watchdog watchdog = Watchdog.guard(leader.pid());
        try {
            assertThat(Files.readAllBytes(Path.of("/proc/" + watchdog.pid() + "/environ"))).isEmpty();
        } finally {
            watchdog.close();
        }
    }

    /** The processes whose session is {@code sid}: field 6 of /proc/PID/stat. */
    private static List<ProcessHandle> sessionOf(long sid) throws IOException {
        List<ProcessHandle> found = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                Optional<String[]> fields = stat(dir);
                if (fields.isPresent() && fields.get()[3].equals(Long.toString(sid))) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                }
            }
        }
        return found;
    }

    private static List<String> groupsOf(List<ProcessHandle> processes) {
        return processes.stream().map(p -> stat(Path.of("/proc/" + p.pid())).map(f -> f[2]).orElse("?")).distinct()
                .toList();
    }

    /** The fields after the command name: state, ppid, pgrp, session, … */
    private static Optional<String[]> stat(Path dir) {
        try {
            String line = Files.readString(dir.resolve("stat"), StandardCharsets.ISO_8859_1);
            return Optional.of(line.substring(line.lastIndexOf(')') + 2).split(" "));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Alive and not a zombie: killed orphans wait for an init that may never reap them. */
    private static boolean isRunning(ProcessHandle process) {
        return process.isAlive() && stat(Path.of("/proc/" + process.pid())).map(f -> !f[0].equals("Z")).orElse(false);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
