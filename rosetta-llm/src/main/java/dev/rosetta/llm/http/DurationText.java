package dev.rosetta.llm.http;

import java.time.Duration;

/** A wait or a limit as a user reads it: "350 ms", "2 s", "1.5 s", "2 min", "1 min 40 s", "2 h". */
public final class DurationText {

    private DurationText() {}

    public static String of(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 10_000 && ms % 1000 != 0) {
            return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        long s = Math.round(ms / 1000.0);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        }
        return s / 3600 + " h" + (s % 3600 / 60 == 0 ? "" : " " + s % 3600 / 60 + " min");
    }
}
