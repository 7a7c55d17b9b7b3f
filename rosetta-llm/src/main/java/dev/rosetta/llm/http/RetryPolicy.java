package dev.rosetta.llm.http;

import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * When and how long to wait before trying a failed request again: exponential backoff with full
 * jitter, or the server's own {@code retry-after} when it gives one.
 *
 * @param maxAttempts  how many tries in all (1 = no retry)
 * @param baseDelay    the first backoff (doubled each attempt)
 * @param maxDelay     the longest single wait; a server asking for more is not tried again
 * @param maxTotalWait the most time spent waiting between the tries of one reply
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration maxTotalWait) {

    public static final RetryPolicy DEFAULT = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(60),
            Duration.ofMinutes(2));
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** A policy whose waits together may add up to {@code maxDelay} per retry. */
    public RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {
        this(maxAttempts, baseDelay, maxDelay, maxDelay.multipliedBy(Math.max(0, maxAttempts - 1)));
    }

    /** Statuses worth retrying: timeouts, conflicts, rate limits, server errors and overload. */
    public static boolean retryable(int status) {
        return switch (status) {
            case 408, 409, 429, 500, 502, 503, 504, 529 -> true;
            default -> false;
        };
    }

    /** The wait before attempt {@code attempt + 1}, after attempt {@code attempt} failed. */
    public Duration delay(int attempt, Optional<Duration> retryAfter, RandomGenerator random) {
        if (retryAfter.isPresent()) {
            return min(retryAfter.get(), maxDelay);
        }
        long cap = Math.min(maxDelay.toMillis(), baseDelay.toMillis() << Math.min(attempt - 1, 20));
        return Duration.ofMillis(cap <= 0 ? 0 : random.nextLong(cap + 1));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
