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
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * POSTs JSON to a provider with the JDK's HTTP client, one try at a time, and says how each went:
 * the open reply, or a {@link ProviderException} with the provider's own words and whether trying
 * again may help. Retrying is the reply's business ({@code ReplyStream}), which also blanks the key
 * out of whatever the server said. Request headers never reach a message or a log.
 */
public final class HttpTransport implements AutoCloseable {

    /**
     * How long to wait, and how often to try.
     *
     * @param replyTimeout the most one reply may take, retries and all
     */
    public record Settings(Duration connectTimeout, Duration firstByteTimeout, Duration idleTimeout, RetryPolicy retry,
            Duration replyTimeout) {

        /** Where users set {@link #replyTimeout}, in seconds. */
        public static final String REPLY_TIMEOUT_VARIABLE = "ROSETTA_REPLY_TIMEOUT";
        /** Room for the longest replies (32k tokens at 20 a second is under half of it). */
        public static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofMinutes(30);
        public static final Settings DEFAULT = new Settings(Duration.ofSeconds(10), Duration.ofSeconds(120),
                Duration.ofSeconds(120), RetryPolicy.DEFAULT, DEFAULT_REPLY_TIMEOUT);

        public Settings(Duration connectTimeout, Duration firstByteTimeout, Duration idleTimeout, RetryPolicy retry) {
            this(connectTimeout, firstByteTimeout, idleTimeout, retry, DEFAULT_REPLY_TIMEOUT);
        }

        public Settings withReplyTimeout(Duration limit) {
            return new Settings(connectTimeout, firstByteTimeout, idleTimeout, retry, limit);
        }
    }

    /** Waits between attempts; tests pass one that records instead of sleeping. */
    @FunctionalInterface
    public interface Sleeper {

        /** Sleeps for real, ending early when the reply is closed. */
        Sleeper REAL = new Sleeper() {
            @Override
            public void sleep(Duration duration) throws InterruptedException {
                Thread.sleep(duration);
            }

            @Override
            public void sleep(Duration duration, CountDownLatch stop) throws InterruptedException {
                stop.await(duration.toNanos(), TimeUnit.NANOSECONDS);
            }
        };

        void sleep(Duration duration) throws InterruptedException;

        /** Waits, or less when {@code stop} is counted down (the reply was closed meanwhile). */
        default void sleep(Duration duration, CountDownLatch stop) throws InterruptedException {
            sleep(duration);
        }
    }

    /** One request as sent. Its toString leaves the headers, and so the key, out. */
    public record Request(URI uri, Map<String, String> headers, String json) {

        public Request {
            headers = Map.copyOf(headers);
        }

        /** The secrets among the headers, to blank out of what the server says back. */
        public Redaction secrets() {
            return Secrets.in(headers);
        }

        @Override
        public String toString() {
            return "Request[POST " + uri + "]";
        }
    }

    /** How one try went. */
    public sealed interface Outcome {

        /** A 2xx: the body is arriving. */
        record Opened(OpenResponse response) implements Outcome {}

        /**
         * No reply to read.
         *
         * @param retryable  whether sending the same request again may help
         * @param retryAfter the wait the server asked for, if it did
         */
        record Failed(ProviderException error, boolean retryable, Optional<Duration> retryAfter) implements Outcome {}
    }

    private static final int MAX_ERROR_BODY = 64 * 1024;
    /** A model list or a model's details is well under this; more is not an answer to such a question. */
    private static final int MAX_ANSWER = 8 << 20;

    /** A whole small answer to a question about the server (its models, a model's details), any status. */
    public record Answer(int status, String body) {

        /** The body as JSON, or null when it is not JSON. */
        public tools.jackson.databind.JsonNode json() {
            try {
                return dev.rosetta.core.json.Json.MAPPER.readTree(body);
            } catch (tools.jackson.core.JacksonException notJson) {
                return null;
            }
        }
    }

    /**
     * Asks the server something small and reads the whole answer: a GET, or a POST of {@code json}
     * when it is not null, answered within {@code limit}. Tried once: these questions come before
     * a chat (is the server there, how long is the model's context), and a server that is not
     * running should be said at once, not after a minute of retries.
     *
     * @throws ProviderException of kind CONNECTION when no answer came
     */
    public Answer query(URI uri, String json, Map<String, String> headers, Duration limit) throws ProviderException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(limit);
        if (json == null) {
            b.GET();
        } else {
            b.header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json,
                    StandardCharsets.UTF_8));
        }
        try {
            headers.forEach(b::header);
        } catch (IllegalArgumentException e) {
            throw new ProviderException(Kind.CONFIG, 0, "a request header for " + provider + " holds a character HTTP"
                    + " does not allow; check the API key variable for stray characters", null, null);
        }
        try {
            HttpResponse<InputStream> response = client().send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                byte[] bytes = in.readNBytes(MAX_ANSWER);
                return new Answer(response.statusCode(), new String(bytes, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            String what = e instanceof HttpConnectTimeoutException ? "could not connect within "
                    + DurationText.of(settings.connectTimeout())
                    : e instanceof HttpTimeoutException ? "did not answer within " + DurationText.of(limit)
                    : e instanceof ConnectException ? "refused the connection"
                    : "could not be reached (" + e.getClass().getSimpleName() + ")";
            throw new ProviderException(Kind.CONNECTION, 0, provider + " " + what, null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted(e);
        }
    }

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
        this(provider, settings, Sleeper.REAL);
    }

    public String provider() {
        return provider;
    }

    public Settings settings() {
        return settings;
    }

    public Sleeper sleeper() {
        return sleeper;
    }

    /** Sends {@code request} once; the reply's {@code deadline} bounds the wait for it and its body. */
    public Call send(Request request, Deadline deadline) {
        if (deadline.passed()) {
            return new Call(failed(deadline.exceeded(provider, false), false), deadline, false);
        }
        Duration remaining = deadline.remaining();
        boolean deadlineBound = remaining.compareTo(settings.firstByteTimeout()) < 0;
        HttpRequest http;
        try {
            http = httpRequest(request, deadlineBound ? remaining : settings.firstByteTimeout());
        } catch (IllegalArgumentException e) {
            // The JDK quotes the offending header value, which may be the key: never pass that on.
            return new Call(failed(new ProviderException(Kind.CONFIG, 0, "a request header for " + provider
                    + " holds a character HTTP does not allow; check the API key variable for stray characters",
                    null, null), false), deadline, false);
        }
        try {
            return new Call(client().sendAsync(http, info -> new ArrivedBody()), deadline, deadlineBound);
        } catch (ProviderException e) {
            return new Call(failed(e, false), deadline, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Call(failed(interrupted(e), false), deadline, false);
        }
    }

    /** One try in flight. {@link #cancel()} may come from any thread. */
    public final class Call {

        private final CompletableFuture<HttpResponse<InputStream>> future;
        private final Outcome settled;
        private final Deadline deadline;
        private final boolean deadlineBound;
        private volatile boolean canceled;

        private Call(CompletableFuture<HttpResponse<InputStream>> future, Deadline deadline, boolean deadlineBound) {
            this.future = future;
            this.settled = null;
            this.deadline = deadline;
            this.deadlineBound = deadlineBound;
        }

        private Call(Outcome settled, Deadline deadline, boolean deadlineBound) {
            this.future = null;
            this.settled = settled;
            this.deadline = deadline;
            this.deadlineBound = deadlineBound;
        }

        /** Waits for the status line and headers (an error status: its body too). */
        public Outcome await() {
            if (settled != null) {
                return settled;
            }
            HttpResponse<InputStream> response;
            try {
                response = future.get();
            } catch (CancellationException e) {
                return canceled(e);
            } catch (ExecutionException e) {
                if (canceled) {
                    return canceled(e);
                }
                return e.getCause() instanceof IOException io ? connectionFailure(io, deadline, deadlineBound)
                        : failed(new ProviderException(Kind.CONNECTION, 0, "the request to " + provider + " failed ("
                                + e.getCause().getClass().getSimpleName() + ")", null, e.getCause()), true);
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                return failed(interrupted(e), false);
            }
            return outcome(response, deadline);
        }

        private Outcome canceled(Exception e) {
            return failed(new ProviderException(Kind.CONNECTION, 0, "the request to " + provider + " was canceled",
                    null, e), false);
        }

        /** Abandons the try: a wait in {@link #await()} ends, the connection is dropped. */
        public void cancel() {
            canceled = true;
            if (future != null) {
                future.cancel(true);
                future.thenAccept(r -> close(r.body()));
            }
        }
    }

    private Outcome outcome(HttpResponse<InputStream> response, Deadline deadline) {
        int status = response.statusCode();
        BodyWatch body = new BodyWatch(response.body(), settings.idleTimeout(), deadline);
        if (status / 100 == 2) {
            return new Outcome.Opened(new OpenResponse(status, response.headers(), body));
        }
        ProviderException error = ProviderErrors.status(provider, status, errorBody(body));
        boolean retryable = RetryPolicy.retryable(status) && error.isTransient()
                && !"false".equalsIgnoreCase(response.headers().firstValue("x-should-retry").orElse(""));
        return new Outcome.Failed(error, retryable, RetryAfter.of(response.headers(), Instant.now()));
    }

    private HttpRequest httpRequest(Request request, Duration headersWithin) {
        HttpRequest.Builder b = HttpRequest.newBuilder(request.uri())
                .timeout(headersWithin)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(request.json(), StandardCharsets.UTF_8));
        request.headers().forEach(b::header);
        return b.build();
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

    /** @param deadlineBound whether the wait for the headers was cut to what the reply's deadline left */
    private Outcome connectionFailure(IOException e, Deadline deadline, boolean deadlineBound) {
        if (deadlineBound && e instanceof HttpTimeoutException && !(e instanceof HttpConnectTimeoutException)) {
            return failed(deadline.exceeded(provider, false), false);
        }
        String what = e instanceof HttpConnectTimeoutException ? "could not connect within "
                + DurationText.of(settings.connectTimeout())
                : e instanceof HttpTimeoutException ? "sent no reply within " + DurationText.of(settings.firstByteTimeout())
                : e instanceof ConnectException ? "refused the connection"
                : "could not be reached (" + e.getClass().getSimpleName() + ")";
        return failed(new ProviderException(Kind.CONNECTION, 0, provider + " " + what, null, e), true);
    }

    private ProviderException interrupted(InterruptedException e) {
        return new ProviderException(Kind.CONNECTION, 0, "the request to " + provider + " was interrupted", null, e);
    }

    private static Outcome failed(ProviderException e, boolean retryable) {
        return new Outcome.Failed(e, retryable, Optional.empty());
    }

    private static String errorBody(InputStream in) {
        try (in) {
            return new String(in.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // going away either way
        }
    }
}
