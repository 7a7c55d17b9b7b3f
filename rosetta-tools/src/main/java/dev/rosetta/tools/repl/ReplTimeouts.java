package dev.rosetta.tools.repl;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import dev.rosetta.core.time.DurationSetting;

/**
 * How long a REPL call may run, and how long an interrupted call gets to come back before its
 * interpreter is killed (and its state lost).
 *
 * @param run   the per-call limit
 * @param grace how long to wait after the interrupt (SIGINT, {@code JShell.stop()})
 */
public record ReplTimeouts(Duration run, Duration grace) {

    public static final Duration DEFAULT_RUN = Duration.ofMinutes(20);
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(3);
    public ReplTimeouts {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(grace, "grace");
        if (run.isNegative() || run.isZero() || grace.isNegative()) {
            throw new IllegalArgumentException("timeouts must be positive: " + run + ", " + grace);
        }
    }

    /** The limit from an environment variable such as {@code ROSETTA_PYTHON_TIMEOUT}, else 20 minutes. */
    public static ReplTimeouts fromEnvironment(String variable) {
        return fromEnvironment(variable, System.getenv());
    }

    /**
     * The limit from {@code variable} in {@code environment} (a {@link DurationSetting}); unset or
     * blank means 20 minutes.
     *
     * @throws dev.rosetta.core.RosettaException when the variable is set but is not a duration
     */
    static ReplTimeouts fromEnvironment(String variable, Map<String, String> environment) {
        String setting = environment.get(variable);
        Duration run = setting == null || setting.isBlank() ? DEFAULT_RUN : DurationSetting.read(variable, setting);
        return new ReplTimeouts(run, DEFAULT_GRACE);
    }

    /** A duration as a person says it: {@code 1.5 s}, {@code 20 min}. */
    public static String describe(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 60_000) {
            return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return millis % 60_000 == 0 ? millis / 60_000 + " min" : millis / 1000 + " s";
    }
}
