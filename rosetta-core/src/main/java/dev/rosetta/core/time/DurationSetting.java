package dev.rosetta.core.time;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.RosettaException;

/**
 * A duration as a setting spells it, the one grammar of every timeout Rosetta reads (environment
 * variables and config files alike): a bare number is seconds ({@code 90}, {@code 1.5}); otherwise
 * numbers with units {@code h}, {@code m}, {@code s}, {@code ms}, largest first, each at most once
 * ({@code 500ms}, {@code 20m}, {@code 1h30m}, {@code 1.5h}). Case and spaces between the parts do
 * not matter. The result is whole milliseconds, from 1 ms to {@link #MAX}.
 */
public final class DurationSetting {

    /** The longest duration a setting may ask for. */
    public static final Duration MAX = Duration.ofHours(24);

    /** The accepted forms, as error messages and help texts say them. */
    public static final String FORMS = "seconds (90, 1.5) or a number with a unit: 500ms, 90s, 20m, 1h30m";

    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
    private static final Pattern SECONDS = Pattern.compile(NUMBER);
    private static final Pattern PART = Pattern.compile(NUMBER + "\\s*(ms|h|m|s)\\s*");
    /** The units, largest first: the order parts must come in. */
    private static final List<String> UNITS = List.of("h", "m", "s", "ms");
    private static final List<Long> UNIT_MILLIS = List.of(3_600_000L, 60_000L, 1_000L, 1L);

    private DurationSetting() {}

    /**
     * The duration {@code text} spells.
     *
     * @throws IllegalArgumentException whose message says what is wrong and which forms are accepted
     */
    public static Duration parse(String text) {
        String setting = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        BigDecimal millis = SECONDS.matcher(setting).matches()
                ? new BigDecimal(setting).multiply(BigDecimal.valueOf(1000))
                : partsInMillis(setting);
        if (millis == null) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; write " + FORMS);
        }
        long whole = millis.setScale(0, RoundingMode.HALF_UP).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
        if (whole < 1 || whole > MAX.toMillis()) {
            throw new IllegalArgumentException("'" + text + "' is out of range; a duration is from 1ms to 24h");
        }
        return Duration.ofMillis(whole);
    }

    /**
     * The duration {@code text} spells, for a setting read from {@code source}.
     *
     * @param source where the text was set, e.g. {@code ROSETTA_SHELL_TIMEOUT in the environment}
     * @throws RosettaException a one-line error naming the source and the accepted forms
     */
    public static Duration read(String source, String text) {
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new RosettaException(source + ": " + e.getMessage());
        }
    }

    /** The sum of {@code 1h30m}'s parts in milliseconds, or null when the text is not such a sum. */
    private static BigDecimal partsInMillis(String setting) {
        Matcher part = PART.matcher(setting);
        BigDecimal total = BigDecimal.ZERO;
        int end = 0;
        int nextUnit = 0;
        while (end < setting.length()) {
            if (!part.find(end) || part.start() != end) {
                return null;
            }
            int unit = UNITS.indexOf(part.group(2));
            if (unit < nextUnit) {
                return null; // out of order, or twice
            }
            total = total.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(UNIT_MILLIS.get(unit))));
            nextUnit = unit + 1;
            end = part.end();
        }
        return end == 0 ? null : total;
    }
}
