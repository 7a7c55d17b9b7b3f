package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.rosetta.tools.process.Executables;

/**
 * Whether this machine can sandbox, found out once per process by trying: on Linux bubblewrap
 * must be installed and must be able to make its namespaces here (Ubuntu's AppArmor, a kernel
 * with user namespaces off and containers without them each stop it, and each has its own fix);
 * on macOS {@code sandbox-exec} must be there. Elsewhere there is no sandbox.
 */
public sealed interface SandboxSupport {

    /** The machine can sandbox with {@code mechanism}; {@code caveats} say what it cannot do here. */
    record Available(SandboxMechanism mechanism, List<String> caveats) implements SandboxSupport {}

    /**
     * It cannot.
     *
     * @param reason why, in a clause: "bubblewrap (bwrap) is not installed"
     * @param fix    what to do, in a sentence
     */
    record Unavailable(String reason, String fix) implements SandboxSupport {}

    /** This machine's answer, found once (waiting for a trial still running). */
    static SandboxSupport detect() {
        return Detected.SUPPORT.join();
    }

    /** Starts finding the answer, so that it is there when a tool first needs it; returns at once. */
    static void detectInBackground() {
        Detected.SUPPORT.isDone(); // loading the holder starts the trial
    }

    /** Holds the answer; the trial starts on a thread of its own when the holder is first touched. */
    final class Detected {
        static final java.util.concurrent.CompletableFuture<SandboxSupport> SUPPORT =
                java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> probe(System.getProperty("os.name", ""), System.getenv("PATH")),
                        runnable -> Thread.ofVirtual().name("sandbox-trial").start(runnable));

        private Detected() {}
    }

    private static SandboxSupport probe(String os, String path) {
        String name = os.toLowerCase(Locale.ROOT);
        if (name.contains("mac")) {
            Path exec = Path.of("/usr/bin/sandbox-exec");
            return Files.isExecutable(exec) ? new Available(new Seatbelt(exec), List.of())
                    : new Unavailable("/usr/bin/sandbox-exec is missing", "run with --sandbox off");
        }
        if (!name.contains("linux")) {
            return new Unavailable("there is no sandbox for " + os, "run with --sandbox off");
        }
        Optional<Path> bwrap = Executables.find("bwrap", path);
        if (bwrap.isEmpty()) {
            return new Unavailable("bubblewrap (bwrap) is not installed",
                    "install it (apt-get install bubblewrap, dnf install bubblewrap, pacman -S bubblewrap), or run with --sandbox off");
        }
        List<String> caveats = new ArrayList<>();
        Optional<Path> filter = writeFilter(caveats);
        return LinuxTrial.run(new Bubblewrap(bwrap.get(), filter), caveats);
    }

    /** The seccomp program in a file of its own, kept for the life of the process. */
    private static Optional<Path> writeFilter(List<String> caveats) {
        Optional<byte[]> program = SeccompFilter.forThisMachine();
        if (program.isEmpty()) {
            caveats.add("no seccomp filter for " + System.getProperty("os.arch")
                    + ": Unix sockets (the Docker daemon, D-Bus) stay reachable from the sandbox");
            return Optional.empty();
        }
        try {
            Path file = Files.createTempFile("rosetta-seccomp-", ".bpf"); // owner-only, as every temporary file
            Files.write(file, program.get());
            file.toFile().deleteOnExit();
            return Optional.of(file);
        } catch (IOException e) {
            caveats.add("the seccomp filter could not be written (" + e.getMessage()
                    + "): Unix sockets stay reachable from the sandbox");
            return Optional.empty();
        }
    }

    /** bubblewrap tried for real, with the namespaces and the filter every sandbox uses. */
    final class LinuxTrial {

        /**
         * Tries, when an entry of the host's {@code /tmp} vanished while bubblewrap bound it (another
         * program's temporary file, deleted between the listing and the mount): the next try lists
         * again, and a busy {@code /tmp} must not pass for a machine without namespaces.
         */
        private static final int RACE_ATTEMPTS = Sandbox.START_ATTEMPTS;

        private LinuxTrial() {}

        static SandboxSupport run(Bubblewrap bwrap, List<String> caveats) {
            Path root;
            try {
                root = Files.createTempDirectory("rosetta-sandbox-probe-");
            } catch (IOException e) {
                return new Unavailable("no temporary folder for the sandbox (" + e.getMessage() + ")",
                        "make the temporary folder writable, or run with --sandbox off");
            }
            try {
                Path empty = Files.createDirectory(root.resolve("empty"));
                SandboxLayout layout = new SandboxLayout(List.of(), root, empty, NetworkAccess.OFF);
                String said = "";
                for (int attempt = 0; attempt < RACE_ATTEMPTS; attempt++) {
                    ProcessBuilder builder = new ProcessBuilder(bwrap.wrap(layout, Path.of("/"), List.of("/bin/true")))
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
                    builder.environment().clear();
                    Process trial = builder.start();
                    said = new String(trial.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                    if (!trial.waitFor(10, TimeUnit.SECONDS)) {
                        trial.destroyForcibly();
                        return new Unavailable("bubblewrap did not finish a trial run", "run with --sandbox off");
                    }
                    if (trial.exitValue() == 0) {
                        return new Available(bwrap, List.copyOf(caveats));
                    }
                    if (!Bubblewrap.lostTemporaryEntry(said)) {
                        break;
                    }
                }
                return diagnose(said, LinuxTrial::sysctl);
            } catch (IOException e) {
                return new Unavailable("bubblewrap could not be started (" + e.getMessage() + ")", "run with --sandbox off");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Unavailable("the sandbox trial was interrupted", "run again");
            } finally {
                Tree.delete(root);
            }
        }

        /**
         * What stopped bubblewrap, and the fix for that: the kernel's switches are read to tell.
         *
         * @param sysctl a switch's value by its path under {@code /proc/sys}; empty when it is not there
         */
        static Unavailable diagnose(String said, java.util.function.Function<String, String> sysctl) {
            String first = said.lines().findFirst().orElse("no message").replaceFirst("^bwrap: ", "");
            String reason = "bubblewrap cannot create its namespaces here (" + first + ")";
            if ("1".equals(sysctl.apply("kernel/apparmor_restrict_unprivileged_userns"))) {
                return new Unavailable(reason + ": AppArmor restricts unprivileged user namespaces",
                        "allow them with 'sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0' (or an AppArmor"
                                + " profile for bwrap that grants userns), or run with --sandbox off");
            }
            if ("0".equals(sysctl.apply("kernel/unprivileged_userns_clone"))) {
                return new Unavailable(reason + ": unprivileged user namespaces are switched off",
                        "switch them on with 'sudo sysctl kernel.unprivileged_userns_clone=1', or run with --sandbox off");
            }
            if ("0".equals(sysctl.apply("user/max_user_namespaces"))) {
                return new Unavailable(reason + ": user.max_user_namespaces is 0",
                        "raise it with 'sudo sysctl user.max_user_namespaces=15000', or run with --sandbox off");
            }
            if (said.contains("proc")) {
                return new Unavailable(reason + ": a fresh /proc cannot be mounted (a container that masks /proc?)",
                        "run the container with namespaces allowed (e.g. docker run --security-opt seccomp=unconfined"
                                + " --security-opt apparmor=unconfined), or run with --sandbox off");
            }
            return new Unavailable(reason, "in a container, allow it namespaces (e.g. docker run --security-opt"
                    + " seccomp=unconfined --security-opt apparmor=unconfined); else run with --sandbox off");
        }

        private static String sysctl(String name) {
            try {
                return Files.readString(Path.of("/proc/sys", name), StandardCharsets.US_ASCII).strip();
            } catch (IOException | RuntimeException e) {
                return "";
            }
        }
    }
}
