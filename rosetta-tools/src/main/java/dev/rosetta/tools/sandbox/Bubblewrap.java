package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.rosetta.tools.sandbox.SandboxLayout.Mount;

/**
 * The Linux sandbox: bubblewrap ({@code bwrap}) builds a mount namespace from the layout — the
 * root bound read-only, a fresh {@code /dev} and {@code /proc}, the private temporary folder as
 * {@code /tmp} with the host's entries of {@code /tmp} bound into it read-only, then each mount in order — and runs the command in new PID and IPC namespaces (and
 * a network namespace holding only its own loopback when the network is off), with every
 * capability dropped and no way to gain privileges ({@code no_new_privs}), under a seccomp filter
 * ({@link SeccompFilter}) read from descriptor {@value #SECCOMP_FD}.
 *
 * <p>Not {@code --die-with-parent}: it ties the sandbox to the thread that started it, and a Java
 * thread that started a process may end long before the conversation does. What outlives Rosetta
 * is ended by the {@link dev.rosetta.tools.process.Watchdog} instead; the PID namespace makes sure
 * that when the command's first process ends, everything it started ends with it.
 */
public record Bubblewrap(Path program, Optional<Path> seccompFilter) implements SandboxMechanism {

    /** The descriptor bwrap reads the seccomp program from (opened by the shell that starts it). */
    static final int SECCOMP_FD = 9;
    /** bwrap's init is PID 1 in the sandbox; the command, the first process it starts, is PID 2. */
    static final long COMMAND_PID = 2;
    private static final Path HOST_TEMP = Path.of("/tmp");
    /**
     * Rosetta's own temporary folders ({@code rosetta-sandbox-…}, a trial run's, an interpreter's
     * output, another conversation's private {@code /tmp}): not shown. They are other sessions'
     * private files, and they come and go — one removed between the listing and the mount fails
     * the sandbox's start ("Can't bind mount"). What this process needs of them the layout mounts.
     */
    private static final Pattern ROSETTAS_OWN = Pattern.compile(
            "rosetta-(?:sandbox|sandbox-probe|jshell|ipython|python|mcp)-\\d{6,}");
    private static final Pattern LOST_ENTRY = Pattern.compile("Can't bind mount /oldroot/tmp/([^/\\s]+) on ");

    @Override
    public String name() {
        return "bubblewrap";
    }

    @Override
    public List<String> wrap(SandboxLayout layout, Path directory, List<String> command) {
        List<String> args = new ArrayList<>();
        seccompFilter.ifPresent(filter -> args.addAll(List.of("/bin/sh", "-c",
                "exec \"$@\" " + SECCOMP_FD + "<\"$0\"", filter.toString())));
        args.add(program.toString());
        args.addAll(List.of("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                "--bind", layout.temp().toString(), "/tmp"));
        if (Files.isDirectory(Path.of("/var/tmp"))) {
            args.addAll(List.of("--bind", layout.temp().toString(), "/var/tmp"));
        }
        args.addAll(hostTemporaryEntries(HOST_TEMP, layout));
        for (Mount m : layout.mounts()) {
            args.addAll(mount(m, layout));
        }
        args.addAll(List.of("--unshare-pid", "--unshare-ipc", "--unshare-cgroup-try"));
        if (layout.network() == NetworkAccess.OFF) {
            args.add("--unshare-net");
        }
        args.addAll(List.of("--cap-drop", "ALL"));
        seccompFilter.ifPresent(filter -> args.addAll(List.of("--seccomp", Integer.toString(SECCOMP_FD))));
        args.addAll(List.of("--chdir", directory.toString(), "--"));
        args.addAll(command);
        return args;
    }

    /**
     * The host's {@code /tmp} stays readable, as the rest of the file system is: the command gets a
     * private, writable {@code /tmp}, and each entry of the host's (as it was when the sandbox
     * started) is bound into it read-only — a checkout, a virtualenv or a script kept under
     * {@code /tmp} is seen, never written — but for Rosetta's own temporary folders. The layout's
     * own mounts come after, so a workspace under {@code /tmp} is still writable and what the
     * layout hides stays hidden.
     */
    static List<String> hostTemporaryEntries(Path hostTemp, SandboxLayout layout) {
        List<String> args = new ArrayList<>();
        try (Stream<Path> listed = Files.list(hostTemp)) {
            for (Path entry : listed.sorted().toList()) {
                if (layout.temp().startsWith(entry) || layout.empty().startsWith(entry)
                        || ROSETTAS_OWN.matcher(entry.getFileName().toString()).matches()) {
                    continue; // the sandbox's own folders: inside, its /tmp is the private one
                }
                String inside = Path.of("/tmp").resolve(entry.getFileName()).toString();
                if (Files.isSymbolicLink(entry)) {
                    args.addAll(List.of("--symlink", Files.readSymbolicLink(entry).toString(), inside));
                } else {
                    args.addAll(List.of("--ro-bind-try", entry.toString(), inside));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // an unreadable /tmp leaves the private one alone, as before
        }
        return args;
    }

    /**
     * Whether bubblewrap failed only because an entry of the host's {@code /tmp}, bound by
     * {@link #hostTemporaryEntries}, was deleted while it set up (it says it cannot bind
     * {@code /oldroot/tmp/NAME}, and that entry is gone now): trying again lists afresh.
     */
    static boolean lostTemporaryEntry(String said) {
        Matcher m = LOST_ENTRY.matcher(said);
        return m.find() && !Files.exists(HOST_TEMP.resolve(m.group(1)), LinkOption.NOFOLLOW_LINKS);
    }

    private static List<String> mount(Mount m, SandboxLayout layout) {
        String path = m.path().toString();
        return switch (m.access()) {
            case WRITABLE, PINNED -> List.of("--bind", path, path);
            case READ_ONLY -> m.exists() ? List.of("--ro-bind", path, path)
                    : List.of("--ro-bind", m.directory() ? layout.empty().toString() : "/dev/null", path);
            case HIDDEN -> m.directory() ? List.of("--ro-bind", layout.empty().toString(), path)
                    : List.of("--ro-bind", "/dev/null", path);
        };
    }

    @Override
    public Optional<Long> commandPid(ProcessHandle started) {
        return NamespacePids.find(started, COMMAND_PID);
    }

    @Override
    public Map<String, String> environment(SandboxLayout layout) {
        return Map.of("TMPDIR", "/tmp");
    }
}
