package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A sandbox's folders on the host: the private temporary folder (its {@code /tmp}), the empty
 * folder laid over what is hidden, and the mount points left where paths are kept from being
 * created ({@link Mountpoints}). They are made on first use and removed on {@link #close} — but
 * only once no process started in them runs any more. Removing a folder a running sandbox has
 * mounted something on would silently undo that mount inside it (the kernel detaches a mount
 * whose mount point is deleted in another namespace): its {@code /tmp} would vanish with the
 * host's entries bound into it (a checkout under {@code /tmp}: the JShell host then lost its own
 * classes), and a guard kept on an empty mount point (a missing {@code hooks}) would fall.
 */
final class SandboxFolders {

    private final List<Path> blocked = new ArrayList<>();
    private Path root;

    /** The private temporary folder, made on first use (again after a close). */
    synchronized Path temp() throws IOException {
        return root().resolve("tmp");
    }

    /** The empty folder laid over what is hidden or kept from being created. */
    synchronized Path empty() throws IOException {
        return root().resolve("empty");
    }

    private Path root() throws IOException {
        if (root == null) {
            Path made = Files.createTempDirectory("rosetta-sandbox-");
            Files.createDirectory(made.resolve("tmp"));
            Files.createDirectory(made.resolve("empty"));
            root = made;
            Leftovers.OPEN.add(this);
        }
        return root;
    }

    /** Paths {@code layout} keeps from being created are held until these folders are removed. */
    synchronized void hold(SandboxLayout layout) {
        for (SandboxLayout.Mount m : layout.mounts()) {
            if (!m.exists() && !blocked.contains(m.path())) {
                blocked.add(m.path());
                Mountpoints.hold(m.path());
            }
        }
    }

    /**
     * Removes the folders once every process started in them has ended (at once when none runs);
     * what starts after this gets fresh ones. Done when they are removed.
     */
    synchronized CompletableFuture<Void> close() {
        Leftovers.OPEN.remove(this);
        Removal removal = detach();
        if (removal == null) {
            return CompletableFuture.completedFuture(null);
        }
        List<ProcessHandle> running = runningIn(removal.root().resolve("tmp"));
        if (running.isEmpty()) {
            removal.run();
            return CompletableFuture.completedFuture(null);
        }
        Leftovers.PENDING.add(removal);
        return CompletableFuture.allOf(running.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
                .handle((ended, failed) -> {
                    if (Leftovers.PENDING.remove(removal)) {
                        removal.run();
                    }
                    return null;
                });
    }

    /** The folders as they are now, forgotten here; null when none were made. */
    private Removal detach() {
        if (root == null) {
            return null;
        }
        Removal removal = new Removal(root, List.copyOf(blocked));
        root = null;
        blocked.clear();
        return removal;
    }

    /**
     * Rosetta's processes launched with {@code temp} as their temporary folder: each launcher names
     * it on its command line (bubblewrap's {@code --bind TEMP /tmp}, Seatbelt's {@code -D NAME=TEMP}),
     * and stays until the sandboxed command ends.
     */
    static List<ProcessHandle> runningIn(Path temp) {
        String path = temp.toString();
        return ProcessHandle.current().descendants().filter(p -> commandLine(p).stream()
                .anyMatch(a -> a.equals(path) || a.endsWith("=" + path))).toList();
    }

    /**
     * A process's arguments. On Linux read whole from {@code /proc}: Java gives none at all for a
     * command line longer than a page, and bubblewrap's (an entry of the host's /tmp each) is.
     */
    private static List<String> commandLine(ProcessHandle process) {
        Path cmdline = Path.of("/proc", Long.toString(process.pid()), "cmdline");
        if (Files.isReadable(cmdline)) {
            try {
                return List.of(new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).split("\0"));
            } catch (IOException e) {
                return List.of(); // it ended
            }
        }
        return process.info().arguments().map(List::of).orElse(List.of());
    }

    /** What is left to remove of one sandbox's folders. */
    private record Removal(Path root, List<Path> blocked) implements Runnable {
        @Override
        public void run() {
            blocked.forEach(Mountpoints::release);
            Tree.delete(root);
        }
    }

    /**
     * Folders not removed when the JVM ends (a context nobody closed, processes still running
     * while it ends — they are ended with it): removed then.
     */
    private static final class Leftovers {
        static final Set<SandboxFolders> OPEN = ConcurrentHashMap.newKeySet();
        static final Set<Removal> PENDING = ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                OPEN.forEach(folders -> {
                    Removal removal;
                    synchronized (folders) {
                        removal = folders.detach();
                    }
                    if (removal != null) {
                        removal.run();
                    }
                });
                PENDING.forEach(removal -> {
                    if (PENDING.remove(removal)) {
                        removal.run();
                    }
                });
            }, "rosetta-sandbox-cleanup"));
        }

        private Leftovers() {}
    }
}
