package dev.rosetta.llm.http;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** The wait a server asks for: {@code retry-after-ms}, or {@code retry-after} in seconds or as an HTTP date. */
final class RetryAfter {

    private RetryAfter() {}

    static Optional<Duration> of(HttpHeaders headers, Instant now) {
        Optional<Duration> ms = headers.firstValue("retry-after-ms").flatMap(v -> number(v).map(n -> Duration.ofMillis(n.longValue())));
        if (ms.isPresent()) {
            return ms;
        }
        return headers.firstValue("retry-after").flatMap(v -> seconds(v).or(() -> date(v, now)));
    }

    private static Optional<Duration> seconds(String value) {
        return number(value).map(s -> Duration.ofMillis((long) (s * 1000)));
    }

    private static Optional<Duration> date(String value, Instant now) {
        try {
            Instant at = ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<Double> number(String value) {
        try {
            double d = Double.parseDouble(value.strip());
            return d >= 0 && Double.isFinite(d) ? Optional.of(d) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
