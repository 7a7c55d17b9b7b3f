package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import dev.rosetta.tools.process.Executables;

/**
 * A conversation's sandbox: how every process the model runs is started (the shell's bash, the
 * Python and JShell interpreters, stdio MCP servers). Each gets an environment without secrets
 * ({@link SecretVariables}) and, where the mode and the machine allow, runs confined to the
 * {@link SandboxPolicy}: each process in a sandbox of its own for its whole life, all of them
 * sharing the workspace and one private temporary folder, which lives as long as this object.
 *
 * <p>{@code auto} sandboxes where the machine can and otherwise runs unconfined, with
 * {@link #notice()} saying so once; {@code on} refuses to start anything it cannot confine
 * ({@link #launch} throws, with the diagnosis and the fix); {@code off} only keeps the secrets out.
 */
public final class Sandbox implements AutoCloseable {

    /** Says, inside, which sandbox a command runs in; scripts (and tests) may ask. */
    public static final String MARKER_VARIABLE = "ROSETTA_SANDBOX";

    private final SandboxSettings settings;
    private final SandboxPolicy policy;
    private final SecretVariables secrets;
    private final SandboxSupport support;
    private final SandboxFolders folders = new SandboxFolders();

    private Sandbox(SandboxSettings settings, SandboxPolicy policy, SecretVariables secrets, SandboxSupport support) {
        this.settings = settings;
        this.policy = policy;
        this.secrets = secrets;
        this.support = support;
    }

    /**
     * The sandbox a workspace gets when nothing else is said: {@code auto}, the network off, the
     * secrets of {@link SecretVariables#DEFAULT} kept out.
     */
    public static Sandbox standard(Path workspace) {
        return of(SandboxSettings.DEFAULT, SandboxPolicy.of(workspace), SecretVariables.DEFAULT);
    }

    /** No sandbox: processes run with the user's rights, without the secrets {@code secrets} withholds. */
    public static Sandbox off(SecretVariables secrets) {
        return new Sandbox(SandboxSettings.DEFAULT.withMode(SandboxMode.OFF), null, secrets,
                new SandboxSupport.Unavailable("the sandbox is off", "leave out --sandbox off"));
    }

    /** The sandbox {@code settings} ask for, on this machine. */
    public static Sandbox of(SandboxSettings settings, SandboxPolicy policy, SecretVariables secrets) {
        if (settings.mode() == SandboxMode.OFF) {
            return off(secrets);
        }
        return new Sandbox(settings, Objects.requireNonNull(policy, "policy").withNetwork(settings.network()), secrets,
                SandboxSupport.detect());
    }

    /** As {@link #of}, on a machine whose support is known (tests). */
    static Sandbox of(SandboxSettings settings, SandboxPolicy policy, SecretVariables secrets, SandboxSupport support) {
        return new Sandbox(settings, policy.withNetwork(settings.network()), secrets, support);
    }

    public SandboxSettings settings() {
        return settings;
    }

    public SecretVariables secrets() {
        return secrets;
    }

    /** Whether processes run confined. */
    public boolean confines() {
        return settings.mode() != SandboxMode.OFF && support instanceof SandboxSupport.Available;
    }

    /** Whether calls that run confined are not asked about ({@code auto_approve_sandboxed}). */
    public boolean approvesConfinedCalls() {
        return confines() && settings.autoApprove();
    }

    /** The mechanism's name when it confines: {@code bubblewrap}, {@code Seatbelt}. */
    public Optional<String> mechanism() {
        return support instanceof SandboxSupport.Available a && confines() ? Optional.of(a.mechanism().name())
                : Optional.empty();
    }

    /**
     * What the user should hear once, in one line: in {@code auto}, why nothing is sandboxed; in
     * {@code on}, why tools will not run; where it confines, what it cannot do here. Empty when
     * all is as asked.
     */
    public Optional<String> notice() {
        if (settings.mode() == SandboxMode.OFF) {
            return Optional.empty();
        }
        return switch (support) {
            case SandboxSupport.Unavailable u when settings.mode() == SandboxMode.AUTO ->
                    Optional.of("no sandbox: " + u.reason() + "; tools run with your rights. To sandbox: " + u.fix());
            case SandboxSupport.Unavailable u -> Optional.of(refusal(u));
            case SandboxSupport.Available a when !a.caveats().isEmpty() ->
                    Optional.of("sandbox (" + a.mechanism().name() + "): " + String.join("; ", a.caveats()));
            case SandboxSupport.Available a -> Optional.empty();
        };
    }

    /** Why a tool cannot start in {@code on} mode on this machine; empty when it can. */
    public Optional<String> refusesToStart() {
        return settings.mode() == SandboxMode.ON && support instanceof SandboxSupport.Unavailable u
                ? Optional.of(refusal(u)) : Optional.empty();
    }

    private static String refusal(SandboxSupport.Unavailable u) {
        return "the sandbox is on but cannot run here: " + u.reason() + ". Fix: " + u.fix();
    }

    /**
     * A process to start: its command line and its whole environment.
     *
     * @param confined   whether it runs in the sandbox
     * @param ownSession whether the process started leads a session of its own (the sandbox put
     *                   {@code setsid} first); an unconfined launch is left to its caller
     */
    public record Launch(List<String> command, Map<String, String> environment, boolean confined, boolean ownSession) {

        /**
         * The same launch in the caller's session and process group, so that it keeps the
         * terminal ({@code rosetta sandbox -- CMD}); the seccomp filter still keeps it from
         * pushing keystrokes into that terminal.
         */
        public Launch inForeground() {
            return ownSession ? new Launch(command.subList(1, command.size()), environment, confined, false) : this;
        }
    }

    /**
     * How to start {@code command} in {@code directory} with {@code environment} (before the
     * secrets are taken out): confined where this sandbox confines, preceded by {@code setsid}
     * so that the terminal's signals reach only Rosetta.
     *
     * @param extraWritable paths this process must write besides the policy's (an interpreter's capture file)
     * @throws IOException when the sandbox is on and cannot run here, or its folders cannot be made
     */
    public Launch launch(List<String> command, Path directory, Map<String, String> environment,
            List<Path> extraWritable) throws IOException {
        return launch(command, directory, environment, extraWritable, null);
    }

    /**
     * As {@link #launch(List, Path, Map, List)}, reaching {@code network} (null: this sandbox's
     * own) — for a server whose definition says it needs the network.
     */
    public synchronized Launch launch(List<String> command, Path directory, Map<String, String> environment,
            List<Path> extraWritable, NetworkAccess network) throws IOException {
        Optional<String> refused = refusesToStart();
        if (refused.isPresent()) {
            throw new IOException(refused.get());
        }
        Map<String, String> env = new LinkedHashMap<>(secrets.strip(environment));
        if (!confines()) {
            return new Launch(List.copyOf(command), env, false, false);
        }
        SandboxMechanism mechanism = ((SandboxSupport.Available) support).mechanism();
        SandboxPolicy chosen = network == null ? policy : policy.withNetwork(network);
        SandboxLayout layout = chosen.layout(temp(), empty(), extraWritable);
        folders.hold(layout);
        env.putAll(mechanism.environment(layout));
        env.put(MARKER_VARIABLE, mechanism.name());
        List<String> wrapped = new ArrayList<>();
        Optional<Path> setsid = Executables.find("setsid", environment.get("PATH"));
        setsid.ifPresent(p -> wrapped.add(p.toString()));
        wrapped.addAll(mechanism.wrap(layout, directory, command));
        return new Launch(wrapped, env, true, setsid.isPresent());
    }

    /**
     * How often a process is started when its sandbox's set-up loses a race it cannot avoid
     * ({@link #lostARace}): another program's entry of {@code /tmp} deleted while it was bound in.
     */
    public static final int START_ATTEMPTS = 3;

    /**
     * Whether a process that failed to start, saying {@code said}, failed only because the
     * sandbox's set-up lost a race with another program (an entry of the host's {@code /tmp} it was
     * binding in vanished): starting it again lists afresh and works.
     */
    public boolean lostARace(String said) {
        return confines() && ((SandboxSupport.Available) support).mechanism() instanceof Bubblewrap
                && Bubblewrap.lostTemporaryEntry(said);
    }

    /** The pid of the command that {@code started} runs in the sandbox; for a process started unconfined, its own. */
    public Optional<Long> commandPid(ProcessHandle started, boolean confined) {
        if (!confined) {
            return Optional.of(started.pid());
        }
        return ((SandboxSupport.Available) support).mechanism().commandPid(started);
    }

    /** The layout a process would get now, without extra paths; empty when nothing is confined. */
    public Optional<SandboxLayout> layout() {
        if (!confines()) {
            return Optional.empty();
        }
        try {
            return Optional.of(policy.layout(temp(), empty(), List.of()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether a confined process may write {@code path} (as Rosetta names it, outside). */
    public boolean permitsWrite(Path path) {
        return layout().map(l -> l.accessOf(Real.path(path)) == SandboxLayout.Access.WRITABLE).orElse(false);
    }

    /**
     * Whether the sandbox mounts {@code path} itself (a writable folder, a repository kept
     * read-only or pinned): inside, it cannot be moved, renamed or removed ({@code EBUSY}).
     */
    public boolean mountsInPlace(Path path) {
        Path real = Real.path(path);
        return layout().map(l -> l.mounts().stream().anyMatch(m -> m.exists() && m.path().equals(real))).orElse(false);
    }

    /** The folders a confined process may write, for a message: the workspace, {@code /tmp}, the user's. */
    public String writableSummary() {
        List<String> names = new ArrayList<>();
        layout().ifPresent(l -> l.writable().forEach(p -> names.add(p.toString())));
        names.add("/tmp");
        return String.join(", ", names);
    }

    private Path temp() throws IOException {
        return folders.temp();
    }

    private Path empty() throws IOException {
        return folders.empty();
    }

    /**
     * Removes the private temporary folder and the empty folders left where paths were kept from
     * being created, once no process started in this sandbox runs any more (at once when none
     * does). A process started after this gets fresh folders.
     */
    @Override
    public void close() {
        closing();
    }

    /** {@link #close}, done once the folders are removed (for a test to wait on, not to poll). */
    CompletableFuture<Void> closing() {
        return folders.close();
    }
}
