package dev.rosetta.core.size;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes in bytes, the one grammar of every size Rosetta reads and the one way it writes them. A
 * setting is a whole number of bytes ({@code 1048576}) or a number with a unit: {@code B},
 * {@code KB}/{@code MB}/{@code GB} (powers of 1000) or {@code KiB}/{@code MiB}/{@code GiB} (powers of
 * 1024); case and a space before the unit do not matter ({@code "4 MiB"}, {@code "500kb"},
 * {@code "1.5GiB"}). Sizes are shown as people read them: 340 B, 1.2 KiB, 3.4 MiB.
 */
public final class ByteSize {

    /** The accepted forms, as error messages say them. */
    public static final String FORMS = "bytes (1048576) or a number with a unit: 500KB, 4MiB, 1GiB";

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]i?b|b)?");
    private static final Map<String, Long> UNITS = Map.of("b", 1L, "kb", 1_000L, "mb", 1_000_000L,
            "gb", 1_000_000_000L, "tb", 1_000_000_000_000L, "kib", 1L << 10, "mib", 1L << 20, "gib", 1L << 30,
            "tib", 1L << 40);
    private static final String[] SHOWN_UNITS = {"KiB", "MiB", "GiB", "TiB"};

    private ByteSize() {}

    /**
     * The number of bytes {@code text} spells, rounded to a whole byte.
     *
     * @throws IllegalArgumentException whose message says what is wrong and which forms are accepted
     */
    public static long parse(String text) {
        String setting = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Matcher m = SIZE.matcher(setting);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; write " + FORMS);
        }
        if (m.group(2) == null && m.group(1).contains(".")) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes; write " + FORMS);
        }
        BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(UNITS.get(
                m.group(2) == null ? "b" : m.group(2))));
        return bytes.setScale(0, RoundingMode.HALF_UP).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
    }

    /** {@code bytes} as people read it: {@code 340 B}, {@code 1.2 KiB}, {@code 4.0 MiB}. */
    public static String of(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < SHOWN_UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, SHOWN_UNITS[unit]);
    }

    /** The UTF-8 length of {@code text} as {@link String#getBytes} makes it (a lone surrogate is one {@code ?}), without encoding it. */
    public static long utf8(CharSequence text) {
        long bytes = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }
}
