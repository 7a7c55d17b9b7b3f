package dev.rosetta.llm.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.RetryPolicy;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;

/**
 * The skeleton every API shares, driven through {@link LinesApi} — NDJSON framing and a decoder
 * of a dozen lines — against a real server on loopback: what an API gets without writing it.
 */
class ReplyStreamTest {

    private static final String KEY = "sk-test-SECRET-4242";
    private static final String HELLO = "{\"text\":\"Hel\"}\n{\"text\":\"lo\"}\n{\"done\":true}\n";

    private final MockWebServer server = new MockWebServer();
    /** What happened, in order: each event as it was read, each wait as it began. */
    private final List<String> log = new CopyOnWriteArrayList<>();
    private RetryPolicy retry = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(5));
    private Duration replyTimeout = Duration.ofMinutes(5);
    private HttpTransport.Sleeper sleeper = d -> log.add("wait " + d.toMillis() + " ms");
    private HttpTransport transport;

    @BeforeEach
    void start() throws IOException {
        server.start();
    }

    @AfterEach
    void stop() {
        if (transport != null) {
            transport.close();
        }
        server.close();
    }

    private ReplyStream open() throws ProviderException {
        return open(server.url("/api/chat").toString());
    }

    private ReplyStream open(String url) throws ProviderException {
        var settings = new HttpTransport.Settings(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5),
                retry, replyTimeout);
        transport = new HttpTransport("lines", settings, sleeper);
        var request = new HttpTransport.Request(URI.create(url),
                Map.of("authorization", "Bearer " + KEY), "{\"model\":\"m\"}");
        return ReplyStream.open(transport, request, LinesApi.format(), true, List.of());
    }

    private List<ChatEvent> drain(ChatStream stream) {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            log.add(e.toString());
            events.add(e);
        }
        return events;
    }

    private static MockResponse lines(String body) {
        return new MockResponse.Builder().setHeader("content-type", "application/x-ndjson").body(body).build();
    }

    private static MockResponse status(int code, String retryAfter) {
        var b = new MockResponse.Builder().code(code).setHeader("content-type", "application/json")
                .body("{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}");
        return (retryAfter == null ? b : b.setHeader("retry-after", retryAfter)).build();
    }

    private static String text(List<ChatEvent> events) {
        StringBuilder out = new StringBuilder();
        events.stream().filter(TextDelta.class::isInstance).forEach(e -> out.append(((TextDelta) e).text()));
        return out.toString();
    }

    @Test
    void aFourthApiIsAFramingAndADecoder() {
        server.enqueue(lines(HELLO));
        assertThat(drain(open())).containsExactly(new TextDelta("Hel"), new TextDelta("lo"),
                new Finished(StopReason.END_TURN, "done", null));
    }

    /** Issue 25 §2: a key a server echoed in a normal 200 reply was printed and logged. */
    @Test
    void aKeyEchoedInANormalReplyIsBlankedWhereverTheStreamCutsIt() {
        server.enqueue(lines("{\"text\":\"your key is sk-te\"}\n{\"text\":\"st-SECRET-42\"}\n"
                + "{\"text\":\"42, and s\"}\n{\"done\":true}\n"));

        List<ChatEvent> events = drain(open());

        assertThat(text(events)).isEqualTo("your key is [the API key], and s");
        assertThat(events).noneMatch(e -> e.toString().contains("SECRET")).last()
                .isEqualTo(new Finished(StopReason.END_TURN, "done", null));
    }

    @Test
    void eachRetryIsAnnouncedAsItsWaitStarts() {
        server.enqueue(status(429, "2"));
        server.enqueue(lines(HELLO));
        drain(open());
        assertThat(log).startsWith(
                "Notice[text=lines answered HTTP 429: Rate limit reached; retrying in 2 s (2/3)]",
                "wait 2000 ms",
                "TextDelta[text=Hel]");
    }

    @Test
    void whenEveryRetryFailsTheUserIsToldWhatWasTriedAndWhatToDo() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(status(429, "1"));
        }
        ReplyStream reply = open();
        assertThatThrownBy(() -> drain(reply)).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
            assertThat(e.getMessage()).isEqualTo("lines answered HTTP 429: Rate limit reached; gave up after 3"
                    + " attempts (wait, or check the plan's limits)");
        });
        assertThat(log).containsExactly(
                "Notice[text=lines answered HTTP 429: Rate limit reached; retrying in 1 s (2/3)]", "wait 1000 ms",
                "Notice[text=lines answered HTTP 429: Rate limit reached; retrying in 1 s (3/3)]", "wait 1000 ms");
        assertThat(reply.next()).isNull();
    }

    @Test
    void theWaitsOfOneReplyAreCappedInTotal() {
        retry = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(5), Duration.ofSeconds(3));
        for (int i = 0; i < 3; i++) {
            server.enqueue(status(503, "2"));
        }
        assertThatThrownBy(() -> drain(open())).isInstanceOfSatisfying(ProviderException.class,
                e -> assertThat(e.getMessage()).contains("gave up after 2 attempts and 2 s of waiting"));
        assertThat(log).filteredOn(line -> line.startsWith("wait")).containsExactly("wait 2000 ms");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void aServerAskingForALongerWaitThanRosettaWaitsIsNotRetriedButSaidSo() {
        server.enqueue(status(429, "120"));
        assertThatThrownBy(this::open).isInstanceOfSatisfying(ProviderException.class,
                e -> assertThat(e.getMessage()).contains("the server asks to wait 2 min before trying again"));
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(log).isEmpty();
    }

    @Test
    @Timeout(60) // without the cancel the wait below lasts 50 s
    void closingDuringTheWaitBetweenTriesEndsItAtOnce() throws Exception {
        sleeper = HttpTransport.Sleeper.REAL;
        retry = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(60));
        server.enqueue(status(429, "50"));
        ReplyStream reply = open();
        assertThat(reply.next()).isInstanceOf(Notice.class);
        CountDownLatch waiting = new CountDownLatch(1);
        Thread closer = Thread.ofVirtual().start(() -> {
            await(waiting);
            reply.close(); // while the next() below waits out the 50 s, or just before: both cancel
        });
        waiting.countDown();
        assertThat(reply.next()).isEqualTo(new Finished(StopReason.CANCELED, null, null));
        closer.join();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aReplyThatTricklesPastItsTimeLimitKeepsWhatArrivedAndSaysWhy() {
        replyTimeout = Duration.ofMillis(700);
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "application/x-ndjson")
                .body("{\"text\":\"slow\"}\n" + "{\"text\":\"x\"}\n".repeat(1000)).throttleBody(16, 50,
                        TimeUnit.MILLISECONDS).build());
        List<ChatEvent> events = drain(open());
        assertThat(text(events)).startsWith("slow");
        assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class, f -> {
            assertThat(f.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(f.error().getMessage()).isEqualTo("lines's reply took longer than the reply time limit of"
                    + " 700 ms and was stopped; the part of the reply that arrived is kept, and ROSETTA_REPLY_TIMEOUT"
                    + " (seconds) allows longer");
        });
    }

    @Test
    void aServerThatAcceptsAndNeverAnswersEndsAtTheTimeLimitWithoutRetrying() {
        replyTimeout = Duration.ofMillis(400);
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
        assertThatThrownBy(this::open).isInstanceOfSatisfying(ProviderException.class, e ->
                assertThat(e.getMessage()).isEqualTo("lines did not reply within the reply time limit of 400 ms;"
                        + " ROSETTA_REPLY_TIMEOUT (seconds) allows longer"));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void anHtmlPageWithStatus200IsReportedAsWhatArrivedAndNotRetried() {
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/html; charset=utf-8")
                .body("<!DOCTYPE html>\n<html><head><title>Hotel Wi-Fi: log in</title></head></html>\n").build());
        assertThatThrownBy(() -> drain(open())).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("lines answered HTTP 200 with something that is not a reply (it sent"
                    + " text/html: \"<!DOCTYPE html>\"); a captive portal or a proxy may be in the way: check the"
                    + " network and the base URL");
            assertThat(e.getMessage()).doesNotContain("stopped before replying");
        });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aPlainTextBodyIsReportedWithItsFirstLine() {
        retry = RetryPolicy.NONE;
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "text/plain")
                .body("upstream connect error or disconnect/reset before headers\n").build());
        assertThatThrownBy(() -> drain(open())).isInstanceOfSatisfying(ProviderException.class,
                e -> assertThat(e.getMessage()).isEqualTo("lines ended the stream before the reply began (it sent"
                        + " text/plain: \"upstream connect error or disconnect/reset before headers\")"
                        + " (check the network and the base URL)"));
    }

    @Test
    void aStreamThatNeverBreaksItsLinesFailsAtTheCapNotOutOfMemory() {
        server.enqueue(new MockResponse.Builder().setHeader("content-type", "application/x-ndjson")
                .body("x".repeat(Framing.MAX_FRAME + 1)).build());
        assertThatThrownBy(() -> drain(open())).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.getMessage()).startsWith("lines sent a line longer than 16 MiB before the reply began (it"
                    + " sent application/x-ndjson: \"xxxxxxxx");
            assertThat(e.getCause()).isInstanceOf(FrameTooLargeException.class);
        });
        assertThat(server.getRequestCount()).as("not retried").isEqualTo(1);
    }

    @RepeatedTest(5)
    void aStreamResetRightAfterItsTextKeepsTheText() throws Exception {
        try (ResettingServer resetting = new ResettingServer("application/x-ndjson",
                "{\"text\":\"kept \"}\n{\"text\":\"whole\"}\n")) {
            ReplyStream reply = open(resetting.url("/api/chat"));
            assertThat(resetting.sendBodyAndReset()).isTrue(); // the text and the reset are there before any read
            List<ChatEvent> events = drain(reply);
            assertThat(text(events)).isEqualTo("kept whole");
            assertThat(events.getLast()).isInstanceOfSatisfying(Finished.class,
                    f -> assertThat(f.error().kind()).isEqualTo(Kind.STREAM_CUT));
        }
    }

    @Test
    void theKeyIsBlankedInErrorEventsAndRetryNoticesAndEscapesAreShownNotObeyed() {
        String said = "upstream rejected key " + KEY + " \u001b]0;owned\u0007";
        server.enqueue(lines("{\"error\":{\"type\":\"api_error\",\"message\":\"" + said.replace("\u001b", "\\u001b")
                .replace("\u0007", "\\u0007") + "\"}}\n"));
        server.enqueue(lines("{\"text\":\"Hi\"}\n{\"error\":\"again " + KEY + "\"}\n"));
        List<ChatEvent> events = drain(open());
        String everything = String.join("\n", log) + ((Finished) events.getLast()).error();
        assertThat(everything).doesNotContain(KEY).doesNotContain("SECRET").doesNotContain("\u001b")
                .contains("upstream rejected key [the API key] \\x1b]0;owned\\x07").contains("again [the API key]");
        assertThat(events.getFirst()).isInstanceOf(Notice.class);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
