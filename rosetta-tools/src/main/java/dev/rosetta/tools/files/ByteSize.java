package dev.rosetta.tools.files;

import java.util.Locale;

/** Sizes as people read them: 340 B, 1.2 KiB, 3.4 MiB. */
final class ByteSize {

    private ByteSize() {}

    static String of(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
