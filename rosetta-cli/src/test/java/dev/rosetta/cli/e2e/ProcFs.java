package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Processes as Linux shows them in {@code /proc}: found by a marker in their environment, and
 * told running or not. A process that was killed but not reaped is a zombie and counts as ended:
 * its parent may be gone, and the sandbox's init does not reap orphans.
 */
final class ProcFs {

    private static final Path PROC = Path.of("/proc");

    private ProcFs() {}

    /** Every process whose environment holds {@code entry} ({@code NAME=value}), as handles that know their start. */
    static List<ProcessHandle> withEnvironmentEntry(String entry) {
        List<ProcessHandle> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                if (environment(dir).contains(entry)) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot list /proc", e);
        }
        return found;
    }

    private static List<String> environment(Path dir) {
        try {
            return Arrays.asList(new String(Files.readAllBytes(dir.resolve("environ")), StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of(); // another user's process, or it ended while we looked
        }
    }

    /** Alive and not a zombie. */
    static boolean isRunning(ProcessHandle process) {
        return process.isAlive() && state(process.pid()).map(s -> s != 'Z').orElse(false);
    }

    /** The state letter of {@code /proc/PID/stat} (R, S, D, Z, …), after the command name, which may hold spaces. */
    private static Optional<Character> state(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(pid + "/stat"), StandardCharsets.ISO_8859_1);
            return Optional.of(stat.charAt(stat.lastIndexOf(')') + 2));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code pid: command line}, for a failure message. */
    static String describe(ProcessHandle process) {
        try {
            String cmdline = Files.readString(PROC.resolve(process.pid() + "/cmdline"), StandardCharsets.UTF_8);
            return process.pid() + " (" + state(process.pid()).orElse('?') + "): " + cmdline.replace('\0', ' ').strip();
        } catch (IOException e) {
            return process.pid() + ": (gone)";
        }
    }

    /** The command line, its arguments separated by spaces; empty when the process is gone. */
    static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(PROC.resolve(process.pid() + "/cmdline"), StandardCharsets.UTF_8).replace('\0', ' ')
                    .strip();
        } catch (IOException e) {
            return "";
        }
    }
}
