package dev.rosetta.tools.mcp;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

import dev.rosetta.core.text.Shortened;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The progress a server reports during one call, as the few lines a person reads: the first
 * notification, then at most one a {@link #EVERY second}, and, when the server gives a total, only
 * one whose whole percent moved — so a call has at most 101 such lines however it reports. A
 * server sent a hundred thousand notifications of a kilobyte in ten seconds, each a line on the
 * screen and in the log. A message is cut to {@value #LONGEST_MESSAGE} characters.
 */
final class ProgressLines {

    static final Duration EVERY = Duration.ofSeconds(1);
    static final int LONGEST_MESSAGE = 200;

    private final String tool;
    private final InstantSource clock;
    private Instant lastShown;
    private long lastPercent = -1;

    ProgressLines(String tool, InstantSource clock) {
        this.tool = tool;
        this.clock = clock;
    }

    /** The line for this notification, or null when it is not shown. */
    String line(McpSchema.ProgressNotification p) {
        Instant now = clock.instant();
        long percent = percent(p);
        if (lastShown != null && (now.isBefore(lastShown.plus(EVERY)) || (percent >= 0 && percent == lastPercent))) {
            return null;
        }
        lastShown = now;
        lastPercent = percent;
        StringBuilder line = new StringBuilder(tool).append(": ");
        if (p.progress() != null) {
            line.append(number(p.progress()));
            if (p.total() != null) {
                line.append(" of ").append(number(p.total()));
            }
        }
        if (p.message() != null && !p.message().isBlank()) {
            line.append(p.progress() != null ? " · " : "").append(Shortened.cut(p.message().strip(), LONGEST_MESSAGE));
        }
        return line.toString();
    }

    /** Its whole percent of the total, or -1 when it gives no total to count against. */
    private static long percent(McpSchema.ProgressNotification p) {
        if (p.progress() == null || p.total() == null || !(p.total() > 0)) {
            return -1;
        }
        return (long) Math.floor(Math.min(1, Math.max(0, p.progress() / p.total())) * 100);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
