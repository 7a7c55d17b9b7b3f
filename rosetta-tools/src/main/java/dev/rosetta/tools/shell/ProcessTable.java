package dev.rosetta.tools.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The processes that belong to one shell: its descendants and, when the shell leads a session
 * of its own, every process still in that session (a job that was orphaned keeps its session).
 * On Linux this reads {@code /proc} directly; elsewhere it falls back to the shell's descendants
 * as {@link ProcessHandle} sees them, told apart by start time.
 */
final class ProcessTable {

    /** Linux reports start times in USER_HZ, which is 100 on every architecture it runs on. */
    private static final long TICKS_PER_SECOND = 100;
    private static final Path PROC = Path.of("/proc");

    private final long shellPid;

    ProcessTable(long shellPid) {
        this.shellPid = shellPid;
    }

    /**
     * What the shell had running when a command started: its children (earlier background
     * jobs, with whatever they started since; null when the kernel does not list children) and
     * the time. Cheap: two small reads on Linux.
     */
    record Mark(Set<Long> children, long ticks, Instant instant) {}

    Mark mark() {
        return new Mark(children(), uptimeTicks().orElse(Long.MIN_VALUE), Instant.now());
    }

    private Set<Long> children() {
        try {
            String list = Files.readString(PROC.resolve(shellPid + "/task/" + shellPid + "/children"),
                    StandardCharsets.US_ASCII);
            Set<Long> children = new HashSet<>();
            for (String pid : list.trim().split(" ")) {
                if (!pid.isEmpty()) {
                    children.add(Long.parseLong(pid));
                }
            }
            return children;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The processes of this shell (not the shell itself) that the command started after
     * {@code mark}: descendants that do not descend from a job that was already running, and
     * orphans of the session that started since.
     */
    List<ProcessHandle> startedSince(Mark mark) {
        Optional<List<Row>> rows = readProc();
        if (rows.isEmpty()) {
            Instant since = mark.instant().minusMillis(20);
            return ProcessHandle.of(shellPid).stream().flatMap(ProcessHandle::descendants)
                    .filter(p -> p.info().startInstant().map(t -> !t.isBefore(since)).orElse(true))
                    .toList();
        }
        Map<Long, Long> parents = parents(rows.get());
        List<Row> started = new ArrayList<>();
        for (Row r : members(rows.get())) {
            Optional<Long> job = jobOf(r.pid, parents);
            boolean fresh = job.isPresent() && mark.children() != null
                    ? !mark.children().contains(job.get())
                    // an orphan, or no children list: started in or after the tick the command did
                    : r.startTicks >= mark.ticks();
            if (fresh) {
                started.add(r);
            }
        }
        return handles(started);
    }

    /** Every process of this shell, but not the shell itself. */
    List<ProcessHandle> all() {
        Optional<List<Row>> rows = readProc();
        if (rows.isPresent()) {
            return handles(members(rows.get()));
        }
        return ProcessHandle.of(shellPid).stream().flatMap(ProcessHandle::descendants).toList();
    }

    private record Row(long pid, long parent, long session, long startTicks) {}

    private List<Row> members(List<Row> rows) {
        Map<Long, Long> parents = parents(rows);
        boolean leader = rows.stream().anyMatch(r -> r.pid == shellPid && r.session == shellPid);
        // the session outlives a shell that exited, so its orphans are still found
        boolean ownSession = leader || !parents.containsKey(shellPid);
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.pid != shellPid && (ownSession && r.session == shellPid || jobOf(r.pid, parents).isPresent())) {
                out.add(r);
            }
        }
        return out;
    }

    private static Map<Long, Long> parents(List<Row> rows) {
        Map<Long, Long> parents = new HashMap<>();
        rows.forEach(r -> parents.put(r.pid, r.parent));
        return parents;
    }

    /** The shell's child that {@code pid} descends from (or is), if it descends from the shell. */
    private Optional<Long> jobOf(long pid, Map<Long, Long> parents) {
        long child = pid;
        Long p = parents.get(pid);
        for (int depth = 0; p != null && p > 0 && depth < 256; depth++) {
            if (p == shellPid) {
                return Optional.of(child);
            }
            child = p;
            p = parents.get(p);
        }
        return Optional.empty();
    }

    /**
     * Alive and not a zombie. A killed orphan stays a zombie until init reaps it, and in a
     * container init may never do so; {@link ProcessHandle#isAlive()} counts zombies as alive.
     */
    static boolean isRunning(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String line = Files.readString(PROC.resolve(process.pid() + "/stat"), StandardCharsets.ISO_8859_1);
            return line.charAt(line.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return process.isAlive();
        }
    }

    private static List<ProcessHandle> handles(List<Row> rows) {
        return rows.stream().flatMap(r -> ProcessHandle.of(r.pid).stream()).toList();
    }

    private static Optional<List<Row>> readProc() {
        if (!Files.isReadable(PROC.resolve("self").resolve("stat"))) {
            return Optional.empty();
        }
        List<Row> rows = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumber(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                readRow(dir.resolve("stat")).ifPresent(rows::add);
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(rows);
    }

    /** {@code pid (comm) state ppid pgrp session … starttime(22nd)}; comm may hold spaces and parentheses. */
    private static Optional<Row> readRow(Path stat) {
        try {
            String line = Files.readString(stat, StandardCharsets.ISO_8859_1);
            int close = line.lastIndexOf(')');
            String[] f = line.substring(close + 2).split(" ");
            long pid = Long.parseLong(line.substring(0, line.indexOf(' ')));
            return Optional.of(new Row(pid, Long.parseLong(f[1]), Long.parseLong(f[3]), Long.parseLong(f[19])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the process ended while we looked
        }
    }

    private static Optional<Long> uptimeTicks() {
        try {
            String uptime = Files.readString(PROC.resolve("uptime"), StandardCharsets.US_ASCII);
            double seconds = Double.parseDouble(uptime.substring(0, uptime.indexOf(' ')));
            return Optional.of((long) (seconds * TICKS_PER_SECOND));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isNumber(String name) {
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }
}
