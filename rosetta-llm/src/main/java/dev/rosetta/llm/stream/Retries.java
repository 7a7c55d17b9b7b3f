package dev.rosetta.llm.stream;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.random.RandomGenerator;

import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.http.Deadline;
import dev.rosetta.llm.http.DurationText;
import dev.rosetta.llm.http.RetryPolicy;

/**
 * The tries of one reply under one {@link RetryPolicy}: whether a failure before any output is
 * tried again and after how long, how that is said while the wait starts, and what the user is
 * told when it is not tried again.
 */
final class Retries {

    private final RetryPolicy policy;
    private final RandomGenerator random;
    private int attempt = 1;
    private Duration waited = Duration.ZERO;
    /** Why the last retryable failure was not tried again, in words; null when it was. */
    private String stoppedBecause;

    Retries(RetryPolicy policy) {
        this(policy, new Random());
    }

    Retries(RetryPolicy policy, RandomGenerator random) {
        this.policy = policy;
        this.random = random;
    }

    /** The wait before trying again after a retryable failure, or empty when it is not tried again. */
    Optional<Duration> next(Optional<Duration> retryAfter, Deadline deadline) {
        if (attempt >= policy.maxAttempts()) {
            return stop(attempt == 1 ? null : "gave up after " + attempt + " attempts");
        }
        if (retryAfter.isPresent() && retryAfter.get().compareTo(policy.maxDelay()) > 0) {
            return stop("the server asks to wait " + DurationText.of(retryAfter.get()) + " before trying again");
        }
        Duration wait = policy.delay(attempt, retryAfter, random);
        if (waited.plus(wait).compareTo(policy.maxTotalWait()) > 0) {
            return stop("gave up after " + attempt + " attempts and " + DurationText.of(waited) + " of waiting");
        }
        if (wait.compareTo(deadline.remaining()) >= 0) {
            return stop("gave up after " + attempt + " attempts: another would pass the reply time limit of "
                    + DurationText.of(deadline.limit()));
        }
        waited = waited.plus(wait);
        attempt++;
        return Optional.of(wait);
    }

    /** The notice for a wait {@link #next} just granted: "… ; retrying in 20 s (2/5)". */
    String notice(ProviderException failure, Duration wait) {
        return failure.getMessage() + "; retrying in " + DurationText.of(wait) + " (" + attempt + "/"
                + policy.maxAttempts() + ")";
    }

    /** A retryable failure that {@link #next} did not grant a retry, with why and what to do. */
    ProviderException gaveUp(ProviderException failure) {
        String advice = ProviderErrors.advice(failure.kind());
        String message = failure.getMessage() + (stoppedBecause == null ? "" : "; " + stoppedBecause)
                + (advice.isEmpty() ? "" : " (" + advice + ")");
        ProviderException e = new ProviderException(failure.kind(), failure.status(), message,
                failure.providerMessage(), failure.getCause());
        e.setStackTrace(failure.getStackTrace());
        return e;
    }

    private Optional<Duration> stop(String because) {
        stoppedBecause = because;
        return Optional.empty();
    }
}
