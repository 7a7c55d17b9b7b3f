package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Pids across a PID namespace. A process in the sandbox knows itself by its pid there ({@code $$}
 * is 2); Rosetta signals it by its pid here. {@code /proc/PID/status} lists both: its
 * {@code NSpid} line holds the pid in each namespace from ours inward.
 */
final class NamespacePids {

    private NamespacePids() {}

    /** The descendant of {@code started} whose pid in its innermost namespace is {@code inside}. */
    static Optional<Long> find(ProcessHandle started, long inside) {
        return started.descendants().filter(p -> innermost(p.pid()) == inside).map(ProcessHandle::pid).findFirst();
    }

    /** The pid a process has in its own namespace; -1 when it is in ours, or gone. */
    static long innermost(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("NSpid:")) {
                    String[] ids = line.substring("NSpid:".length()).strip().split("\\s+");
                    return ids.length > 1 ? Long.parseLong(ids[ids.length - 1]) : -1;
                }
            }
        } catch (IOException | RuntimeException e) {
            // it ended while we looked
        }
        return -1;
    }
}
