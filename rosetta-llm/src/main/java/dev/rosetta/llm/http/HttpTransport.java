package dev.rosetta.llm.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * POSTs JSON to a provider with the JDK's HTTP client and returns the open reply. Failures before
 * the reply starts — a refused connection, no first byte in time, a retryable status — are
 * retried with backoff; everything else becomes a {@link ProviderException} carrying the
 * provider's own message. Request headers (the key among them) never reach a message or a log.
 */
public final class HttpTransport implements AutoCloseable {

    /** How long to wait, and how often to try. */
    public record Settings(Duration connectTimeout, Duration firstByteTimeout, Duration idleTimeout, RetryPolicy retry) {
        public static final Settings DEFAULT = new Settings(
                Duration.ofSeconds(10), Duration.ofSeconds(120), Duration.ofSeconds(120), RetryPolicy.DEFAULT);
    }

    /** Waits between attempts; tests pass one that records instead of sleeping. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private static final int MAX_ERROR_BODY = 64 * 1024;

    private final String provider;
    private final Settings settings;
    /**
     * Built on a background thread from the moment the transport exists: the client sets up TLS
     * and reads the trusted certificates (about 100 ms), which nobody should wait for before the
     * prompt appears. The first request waits for it if it is not ready yet.
     */
    private final FutureTask<HttpClient> client;
    private volatile boolean closed;
    private final Sleeper sleeper;
    private final Random random = new Random();

    public HttpTransport(String provider, Settings settings, Sleeper sleeper) {
        this.provider = provider;
        this.settings = settings;
        this.sleeper = sleeper;
        this.client = new FutureTask<>(() -> {
            HttpClient built = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
            if (closed) {
                built.shutdownNow();
            }
            return built;
        });
        Thread.ofPlatform().daemon().name("rosetta-http-setup").start(client);
    }

    public HttpTransport(String provider, Settings settings) {
        this(provider, settings, d -> Thread.sleep(d));
    }

    /**
     * Sends {@code json} and returns the reply once its status is 2xx.
     *
     * @param notices told about each retry, in words for the user
     */
    public OpenResponse post(URI uri, Map<String, String> headers, String json, Consumer<String> notices)
            throws ProviderException {
        HttpRequest request = request(uri, headers, json);
        Secrets secrets = Secrets.in(headers);
        RetryPolicy retry = settings.retry();
        for (int attempt = 1; ; attempt++) {
            Attempt result = attempt(request, secrets);
            if (result.response() != null) {
                return result.response();
            }
            ProviderException failure = result.failure();
            if (!result.retryable() || attempt >= retry.maxAttempts()) {
                throw failure;
            }
            Duration wait = retry.delay(attempt, result.retryAfter(), random);
            notices.accept(failure.getMessage() + "; retrying in " + seconds(wait) + " (attempt " + (attempt + 1)
                    + " of " + retry.maxAttempts() + ")");
            sleep(wait);
        }
    }

    private record Attempt(OpenResponse response, ProviderException failure, boolean retryable,
            Optional<Duration> retryAfter) {}

    private HttpRequest request(URI uri, Map<String, String> headers, String json) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .timeout(settings.firstByteTimeout())
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        headers.forEach(b::header);
        return b.build();
    }

    private Attempt attempt(HttpRequest request, Secrets secrets) throws ProviderException {
        HttpResponse<InputStream> response;
        try {
            response = client().send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            return new Attempt(null, connectionFailure(e), true, Optional.empty());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException(Kind.CONNECTION, 0, "the request to " + provider + " was interrupted", null, e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            InputStream body = new IdleGuard(response.body(), settings.idleTimeout());
            return new Attempt(new OpenResponse(status, response.headers(), body), null, false, Optional.empty());
        }
        // A server may quote the key it rejected ("Incorrect API key provided: sk-…"): never pass it on.
        String body = secrets.redact(errorBody(response.body()));
        boolean retryable = RetryPolicy.retryable(status)
                && !"false".equalsIgnoreCase(response.headers().firstValue("x-should-retry").orElse(""));
        return new Attempt(null, statusFailure(status, body), retryable, RetryAfter.of(response.headers(), Instant.now()));
    }

    /**
     * Stops the client's selector thread. Left running, it sits in native code, and the JVM waits
     * about 300 ms for such threads when it exits — longer than a whole short chat turn.
     */
    @Override
    public void close() {
        closed = true;
        if (!client.isDone()) {
            return; // the builder sees the flag and shuts the client down itself
        }
        try {
            HttpClient built = client.get();
            built.shutdownNow();
            built.awaitTermination(Duration.ofSeconds(1));
        } catch (ExecutionException e) {
            // Never built: nothing runs.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpClient client() throws InterruptedException, ProviderException {
        if (closed) {
            throw new ProviderException(Kind.CONFIG, 0, "the connection to " + provider + " was closed", null, null);
        }
        try {
            return client.get();
        } catch (ExecutionException e) {
            throw new ProviderException(Kind.CONFIG, 0, "the JDK's HTTP client could not be set up ("
                    + e.getCause() + "); check the JDK's TLS settings (javax.net.ssl.*)", null, e.getCause());
        }
    }

    private ProviderException connectionFailure(IOException e) {
        String what = e instanceof HttpConnectTimeoutException ? "could not connect within " + seconds(settings.connectTimeout())
                : e instanceof HttpTimeoutException ? "sent no reply within " + seconds(settings.firstByteTimeout())
                : e instanceof ConnectException ? "refused the connection"
                : "could not be reached (" + e.getClass().getSimpleName() + ")";
        return new ProviderException(Kind.CONNECTION, 0, provider + " " + what
                + "; check the network and the base URL", null, e);
    }

    /** Turns an error status into what happened and what to do, with the provider's own words. */
    ProviderException statusFailure(int status, String body) {
        String said = ErrorBodies.message(body);
        Kind kind = kind(status, ErrorBodies.type(body));
        String advice = switch (kind) {
            case AUTH -> "check the API key";
            case BAD_REQUEST -> "check the model name and settings";
            case RATE_LIMITED -> "wait, or check the plan's limits";
            case OVERLOADED, SERVER -> "try again later";
            default -> "";
        };
        String message = provider + " answered HTTP " + status + (said == null ? "" : ": " + said)
                + (advice.isEmpty() ? "" : " (" + advice + ")");
        return new ProviderException(kind, status, message, said, null);
    }

    private static Kind kind(int status, String errorType) {
        if (status == 529 || "overloaded_error".equals(errorType)) {
            return Kind.OVERLOADED;
        }
        return switch (status) {
            case 401, 403 -> Kind.AUTH;
            case 429 -> Kind.RATE_LIMITED;
            case 408, 409 -> Kind.SERVER;
            default -> status >= 500 ? Kind.SERVER : Kind.BAD_REQUEST;
        };
    }

    private static String errorBody(InputStream in) {
        try (in) {
            byte[] bytes = in.readNBytes(MAX_ERROR_BODY);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private void sleep(Duration wait) throws ProviderException {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException(Kind.CONNECTION, 0, "stopped while waiting to retry " + provider, null, e);
        }
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 ? ms + " ms" : (ms % 1000 == 0 ? ms / 1000 + " s" : String.format("%.1f s", ms / 1000.0));
    }
}
