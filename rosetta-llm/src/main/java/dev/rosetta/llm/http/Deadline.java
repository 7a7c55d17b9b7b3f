package dev.rosetta.llm.http;

import java.time.Duration;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * When a reply must be over, however it goes: retries, the wait for the first byte and a stream
 * that trickles a byte at a time all count against it. The idle timeout catches a stream that
 * stops; this catches one that never quite does.
 *
 * @param limit  the time allowed ({@link HttpTransport.Settings#replyTimeout()})
 * @param atNanos the {@link System#nanoTime()} at which it passes
 */
public record Deadline(Duration limit, long atNanos) {

    /** A deadline {@code limit} from now. */
    public static Deadline after(Duration limit) {
        return new Deadline(limit, System.nanoTime() + limit.toNanos());
    }

    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, atNanos - System.nanoTime()));
    }

    public boolean passed() {
        return System.nanoTime() - atNanos >= 0;
    }

    /** The failure that says the limit was reached, before or after the reply began. */
    public ProviderException exceeded(String provider, boolean outputBegan) {
        String limitText = DurationText.of(limit);
        String how = HttpTransport.Settings.REPLY_TIMEOUT_VARIABLE + " (seconds) allows longer";
        if (outputBegan) {
            return new ProviderException(Kind.STREAM_CUT, 0, provider + "'s reply took longer than the reply time"
                    + " limit of " + limitText + " and was stopped; the part of the reply that arrived is kept, and "
                    + how, null, null);
        }
        return new ProviderException(Kind.CONNECTION, 0, provider + " did not reply within the reply time limit of "
                + limitText + "; " + how, null, null);
    }
}
