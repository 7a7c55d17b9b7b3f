package dev.rosetta.tools.repl;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    /** About 30 years: "never", while still fitting the nanoseconds a wait is measured in. */
    private static final long MAX_MILLIS = 1_000_000_000_000L;

    /** Seconds ({@code 90}, {@code 1.5}) or a number with a unit: {@code 500ms}, {@code 90s}, {@code 20m}, {@code 1h}. */
    private static final Pattern SETTING = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    public ReplTimeouts {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(grace, "grace");
        if (run.isNegative() || run.isZero() || grace.isNegative()) {
            throw new IllegalArgumentException("timeouts must be positive: " + run + ", " + grace);
        }
    }

    /** The limit from an environment variable such as {@code ROSETTA_PYTHON_TIMEOUT}, else 20 minutes. */
    public static ReplTimeouts fromEnvironment(String variable) {
        return new ReplTimeouts(parse(System.getenv(variable)), DEFAULT_GRACE);
    }

    /** A duration as a person says it: {@code 1.5 s}, {@code 20 min}. */
    public static String describe(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 60_000) {
            return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return millis % 60_000 == 0 ? millis / 60_000 + " min" : millis / 1000 + " s";
    }

    /** A setting's duration; a missing, malformed or zero setting means the default. */
    static Duration parse(String setting) {
        if (setting == null) {
            return DEFAULT_RUN;
        }
        Matcher m = SETTING.matcher(setting.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return DEFAULT_RUN;
        }
        double amount = Double.parseDouble(m.group(1));
        long millis = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> (long) amount;
            case "m" -> (long) (amount * 60_000);
            case "h" -> (long) (amount * 3_600_000);
            default -> (long) (amount * 1000);
        };
        return millis > 0 ? Duration.ofMillis(Math.min(millis, MAX_MILLIS)) : DEFAULT_RUN;
    }
}
