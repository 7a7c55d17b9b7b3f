package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The HTTP client the SDK's streamable HTTP transport is given: Java's own, except that a
 * {@code text/event-stream} answer is read through a {@link ResumedEventStream}, which opens the
 * stream again with {@code Last-Event-ID} when the server closes it early. Nothing of the
 * protocol is spoken here: the SDK writes every request and reads every message.
 */
final class ResumingHttpClient extends HttpClient {

    /** Headers of the original request that do not belong on the GET that resumes its stream. */
    private static final Set<String> NOT_COPIED = Set.of("content-type", "content-length", "accept", "last-event-id");

    private final HttpClient http;
    private volatile boolean closed;
    private volatile boolean answered;

    private ResumingHttpClient(HttpClient http) {
        this.http = http;
    }

    /** A builder of Java's client whose {@code build()} gives this one around it. */
    static Builder builder(java.util.function.Consumer<ResumingHttpClient> built) {
        return new Wrapping(HttpClient.newBuilder().version(Version.HTTP_1_1), built);
    }

    /** Whether the server answered any request with an HTTP status (else nothing may be listening). */
    boolean answered() {
        return answered;
    }

    /** The transport was closed: streams end when the server ends them, and are not opened again. */
    void stopResuming() {
        closed = true;
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return http.sendAsync(request, resuming(request, handler));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> push) {
        return http.sendAsync(request, resuming(request, handler), push);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        return http.send(request, resuming(request, handler));
    }

    private <T> HttpResponse.BodyHandler<T> resuming(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        boolean post = request.method().equals("POST");
        boolean resumable = post || request.method().equals("GET");
        return info -> {
            answered = true;
            HttpResponse.BodySubscriber<T> reader = handler.apply(info);
            if (!resumable) {
                return reader;
            }
            if (info.statusCode() / 100 != 2 || !isEventStream(info.headers())) {
                return reader;
            }
            return new ResumedEventStream<>(reader, new Reopen(request), post);
        };
    }

    private static boolean isEventStream(HttpHeaders headers) {
        return headers.firstValue("content-type").orElse("").toLowerCase(Locale.ROOT).contains("text/event-stream");
    }

    /** Opens a stream again with a GET to the same URL, with the same headers, from the event named. */
    private final class Reopen implements ResumedEventStream.Reopen {
        private final HttpRequest original;

        Reopen(HttpRequest original) {
            this.original = original;
        }

        @Override
        public boolean open() {
            return !closed;
        }

        @Override
        public void reopen(String lastEventId, Duration after, ResumedEventStream<?> stream) {
            HttpRequest.Builder get = HttpRequest.newBuilder(original.uri()).GET();
            original.headers().map().forEach((name, values) -> {
                if (!NOT_COPIED.contains(name.toLowerCase(Locale.ROOT))) {
                    values.forEach(v -> get.header(name, v));
                }
            });
            get.header("Accept", "text/event-stream").header("Last-Event-ID", lastEventId);
            original.timeout().ifPresent(get::timeout);
            Executor later = CompletableFuture.delayedExecutor(after.toMillis(), TimeUnit.MILLISECONDS);
            CompletableFuture.runAsync(() -> send(get.build(), stream), later);
        }

        private void send(HttpRequest get, ResumedEventStream<?> stream) {
            if (closed) {
                stream.resumeFailed("the transport was closed");
                return;
            }
            http.sendAsync(get, info -> info.statusCode() / 100 == 2 && isEventStream(info.headers())
                    ? stream.resumedBody() : HttpResponse.BodySubscribers.discarding())
                    .whenComplete((response, error) -> {
                        if (error != null) {
                            stream.resumeFailed("the stream could not be opened again: " + error.getMessage());
                        } else if (response.statusCode() / 100 != 2 || !isEventStream(response.headers())) {
                            stream.resumeFailed("the server answered the GET that resumes a stream with "
                                    + response.statusCode());
                        }
                    });
        }
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return http.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return http.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return http.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return http.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return http.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return http.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return http.authenticator();
    }

    @Override
    public Version version() {
        return http.version();
    }

    @Override
    public Optional<Executor> executor() {
        return http.executor();
    }

    @Override
    public void shutdown() {
        closed = true;
        http.shutdown();
    }

    @Override
    public boolean awaitTermination(Duration duration) throws InterruptedException {
        return http.awaitTermination(duration);
    }

    @Override
    public boolean isTerminated() {
        return http.isTerminated();
    }

    @Override
    public void shutdownNow() {
        closed = true;
        http.shutdownNow();
    }

    @Override
    public void close() {
        closed = true;
        http.close();
    }

    /** Java's builder, building this client around Java's. */
    private record Wrapping(HttpClient.Builder builder, java.util.function.Consumer<ResumingHttpClient> built)
            implements HttpClient.Builder {

        @Override
        public HttpClient build() {
            ResumingHttpClient client = new ResumingHttpClient(builder.build());
            built.accept(client);
            return client;
        }

        @Override
        public HttpClient.Builder cookieHandler(CookieHandler handler) {
            builder.cookieHandler(handler);
            return this;
        }

        @Override
        public HttpClient.Builder connectTimeout(Duration duration) {
            builder.connectTimeout(duration);
            return this;
        }

        @Override
        public HttpClient.Builder sslContext(SSLContext context) {
            builder.sslContext(context);
            return this;
        }

        @Override
        public HttpClient.Builder sslParameters(SSLParameters parameters) {
            builder.sslParameters(parameters);
            return this;
        }

        @Override
        public HttpClient.Builder executor(Executor executor) {
            builder.executor(executor);
            return this;
        }

        @Override
        public HttpClient.Builder followRedirects(Redirect policy) {
            builder.followRedirects(policy);
            return this;
        }

        @Override
        public HttpClient.Builder version(Version version) {
            builder.version(version);
            return this;
        }

        @Override
        public HttpClient.Builder priority(int priority) {
            builder.priority(priority);
            return this;
        }

        @Override
        public HttpClient.Builder proxy(ProxySelector selector) {
            builder.proxy(selector);
            return this;
        }

        @Override
        public HttpClient.Builder authenticator(Authenticator authenticator) {
            builder.authenticator(authenticator);
            return this;
        }

        @Override
        public HttpClient.Builder localAddress(InetAddress address) {
            builder.localAddress(address);
            return this;
        }
    }
}
