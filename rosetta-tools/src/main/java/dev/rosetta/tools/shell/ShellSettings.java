package dev.rosetta.tools.shell;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.rosetta.core.time.DurationSetting;
import dev.rosetta.tools.process.Executables;

/**
 * How the shell tool runs its bash.
 *
 * @param timeout     how long one command may run before it is stopped
 * @param environment the environment bash inherits (before {@link ShellEnvironment} adjusts it);
 *                    its {@code PATH} is where bash and setsid are looked for
 * @param interactive run bash as an interactive shell in a session of its own (needs
 *                    {@code setsid}), so that stopping a command works like Ctrl-C in a
 *                    terminal: the rest of the command is abandoned and the shell keeps its state.
 *                    Without it a command that keeps the shell itself busy costs the session.
 * @param spillBytes  output beyond this many bytes is streamed to a file instead of held in memory
 */
public record ShellSettings(Duration timeout, Map<String, String> environment, boolean interactive, int spillBytes) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(20);

    /** A {@link DurationSetting} ({@code 90}, {@code 20m}); overrides {@link #DEFAULT_TIMEOUT}. */
    public static final String TIMEOUT_VARIABLE = "ROSETTA_SHELL_TIMEOUT";

    static final int DEFAULT_SPILL_BYTES = 1 << 20;

    public ShellSettings {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
        }
        environment = Map.copyOf(environment);
        if (spillBytes <= 0) {
            throw new IllegalArgumentException("spillBytes must be positive, got " + spillBytes);
        }
    }

    /** Rosetta's own environment, with the timeout from {@code ROSETTA_SHELL_TIMEOUT} when it is set. */
    public static ShellSettings fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /**
     * The timeout from {@code ROSETTA_SHELL_TIMEOUT} in {@code environment}, else the default.
     *
     * @throws dev.rosetta.core.RosettaException when the variable is set but is not a duration
     */
    public static ShellSettings fromEnvironment(Map<String, String> environment) {
        String setting = environment.get(TIMEOUT_VARIABLE);
        Duration timeout = setting == null || setting.isBlank() ? DEFAULT_TIMEOUT
                : DurationSetting.read(TIMEOUT_VARIABLE, setting);
        return fromEnvironment(environment, timeout);
    }

    /** The environment given, with a timeout decided elsewhere (the chat resolves it from its config files too). */
    public static ShellSettings fromEnvironment(Map<String, String> environment, Duration timeout) {
        return new ShellSettings(timeout, environment, true, DEFAULT_SPILL_BYTES);
    }

    public ShellSettings withTimeout(Duration newTimeout) {
        return new ShellSettings(newTimeout, environment, interactive, spillBytes);
    }

    ShellSettings withInteractive(boolean on) {
        return new ShellSettings(timeout, environment, on, spillBytes);
    }

    Optional<Path> bash() {
        return Executables.find("bash", environment.get("PATH"));
    }

    /** setsid when the shell should be interactive and it exists; else the plain fallback is used. */
    Optional<Path> setsid() {
        return interactive ? Executables.find("setsid", environment.get("PATH")) : Optional.empty();
    }

    Optional<Path> kill() {
        return Executables.find("kill", environment.get("PATH"));
    }
}
