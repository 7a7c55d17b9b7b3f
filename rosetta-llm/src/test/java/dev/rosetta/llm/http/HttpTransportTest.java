package dev.rosetta.llm.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/** The transport against a real HTTP server on loopback. */
class HttpTransportTest {

    private final MockWebServer server = new MockWebServer();
    private final List<Duration> waits = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();
    private HttpTransport transport;

    @BeforeEach
    void start() throws IOException {
        server.start();
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(10),
                new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(5)));
        transport = new HttpTransport("openai", settings, waits::add);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private OpenResponse post() throws ProviderException {
        return transport.post(URI.create(server.url("/v1/chat/completions").toString()),
                Map.of("authorization", "Bearer sk-secret-123"), "{\"model\":\"m\"}", notices::add);
    }

    @Test
    void successReturnsTheOpenBody() throws Exception {
        server.enqueue(new MockResponse.Builder().body("data: hi\n\n").build());
        try (OpenResponse r = post()) {
            assertThat(new String(r.body().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("data: hi\n\n");
        }
        var request = server.takeRequest();
        assertThat(request.getHeaders().get("content-type")).isEqualTo("application/json");
        assertThat(request.getBody().utf8()).isEqualTo("{\"model\":\"m\"}");
    }

    @Test
    void rateLimitIsRetriedHonouringRetryAfter() throws Exception {
        server.enqueue(new MockResponse.Builder().code(429).setHeader("retry-after", "3")
                .body("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}").build());
        server.enqueue(new MockResponse.Builder().body("ok").build());
        try (OpenResponse r = post()) {
            assertThat(r.status()).isEqualTo(200);
        }
        assertThat(waits).containsExactly(Duration.ofSeconds(3));
        assertThat(notices).singleElement().asString().contains("HTTP 429").contains("Rate limit reached")
                .contains("retrying in 3 s").contains("attempt 2 of 3");
    }

    @Test
    void overloadedIsRetriedWithBackoffThenGivesUp() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse.Builder().code(529)
                    .body("{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}").build());
        }
        assertThatThrownBy(this::post).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.OVERLOADED);
            assertThat(e.status()).isEqualTo(529);
            assertThat(e.providerMessage()).isEqualTo("Overloaded");
        });
        assertThat(waits).hasSize(2).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Duration.ofMillis(200)));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void badRequestIsNotRetriedAndCarriesTheProvidersMessage() {
        server.enqueue(new MockResponse.Builder().code(400)
                .body("{\"error\":{\"message\":\"Unknown model 'gpt-9'\",\"type\":\"invalid_request_error\"}}").build());
        assertThatThrownBy(this::post).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
            assertThat(e.getMessage()).contains("HTTP 400").contains("Unknown model 'gpt-9'").doesNotContain("sk-secret");
        });
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aServerThatQuotesTheKeyNeverGetsItIntoTheMessage() {
        server.enqueue(new MockResponse.Builder().code(401)
                .body("{\"error\":{\"message\":\"Incorrect API key provided: sk-secret-123. See the dashboard.\"}}").build());
        assertThatThrownBy(this::post).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.getMessage()).doesNotContain("sk-secret-123").contains("Incorrect API key provided: [the API key]");
            assertThat(e.providerMessage()).doesNotContain("sk-secret-123");
        });
    }

    @Test
    void unauthorizedIsAnAuthFailure() {
        server.enqueue(new MockResponse.Builder().code(401).body("{\"error\":{\"message\":\"Incorrect API key\"}}").build());
        assertThatThrownBy(this::post).isInstanceOfSatisfying(ProviderException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.AUTH));
    }

    @Test
    void serverThatSaysDoNotRetryIsNotRetried() {
        server.enqueue(new MockResponse.Builder().code(500).setHeader("x-should-retry", "false").body("{}").build());
        assertThatThrownBy(this::post).isInstanceOf(ProviderException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void refusedConnectionIsRetriedThenReported() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        URI dead = URI.create("http://127.0.0.1:" + port + "/v1");
        assertThatThrownBy(() -> transport.post(dead, Map.of(), "{}", notices::add))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.CONNECTION);
                    assertThat(e.getMessage()).contains("openai").contains("base URL");
                });
        assertThat(waits).hasSize(2);
    }

    @Test
    void closingTheResponseEndsABlockedRead() throws Exception {
        server.enqueue(new MockResponse.Builder().body("data: first\n\n" + "x".repeat(1000))
                .throttleBody(13, 10, java.util.concurrent.TimeUnit.SECONDS).build());
        OpenResponse r = post();
        byte[] first = r.body().readNBytes(13);
        assertThat(new String(first, StandardCharsets.UTF_8)).isEqualTo("data: first\n\n");
        Thread closer = Thread.ofVirtual().start(() -> {
            sleep(200);
            r.close();
        });
        long t0 = System.nanoTime();
        try {
            r.body().read();
        } catch (IOException expected) {
            // closed under the read
        }
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
        assertThat(r.closedByUs()).isTrue();
        closer.join();
    }

    @Test
    void quietStreamIsClosedByTheIdleTimeout() throws Exception {
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofMillis(300),
                RetryPolicy.NONE);
        transport = new HttpTransport("openai", settings, waits::add);
        server.enqueue(new MockResponse.Builder().body("data: a\n\n" + "y".repeat(100))
                .throttleBody(9, 3, java.util.concurrent.TimeUnit.SECONDS).build());
        OpenResponse r = post();
        r.body().readNBytes(9);
        assertThatThrownBy(() -> r.body().read()).isInstanceOf(IOException.class);
        assertThat(r.idleTimedOut()).isTrue();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
