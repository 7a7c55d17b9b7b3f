package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rosetta.cli.e2e.ScriptedReply.Cut;
import dev.rosetta.cli.e2e.ScriptedReply.Endless;
import dev.rosetta.cli.e2e.ScriptedReply.Raw;
import dev.rosetta.cli.e2e.ScriptedReply.Silent;
import dev.rosetta.cli.e2e.ScriptedReply.Status;
import dev.rosetta.cli.e2e.ScriptedReply.StreamError;
import dev.rosetta.cli.e2e.ScriptedReply.Streamed;
import dev.rosetta.cli.e2e.ScriptedReply.Trickle;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okhttp3.Headers;
import okio.BufferedSink;
import okio.Okio;

/**
 * A loopback server that answers as OpenAI (Chat Completions and Responses, under {@code /v1})
 * and Anthropic ({@code /v1/messages}) do: each request takes the next scripted reply and gets
 * it in the wire format of the path it was sent to. Every request is recorded. A request with no
 * reply left gets a 400, which Rosetta does not retry, so a test that asks the model more often
 * than it scripted fails at once and says so.
 */
final class FakeProvider implements AutoCloseable {

    private final MockWebServer server;
    private final Deque<ScriptedReply> script = new ArrayDeque<>();
    private final List<WireRequest> requests = new CopyOnWriteArrayList<>();
    /** JSON answers to the GETs of a server the user runs ({@code /props}), by path. */
    private final Map<String, String> shows = new ConcurrentHashMap<>();
    private final AtomicInteger endlessClosed = new AtomicInteger();

    FakeProvider() {
        server = LoopbackServer.answering(this::answer);
    }

    /** Answers {@code GET path} with {@code json}, as a server the user runs does ({@code /props}); not recorded. */
    void shows(String path, String json) {
        shows.put(path, json);
    }

    /** Queues replies, answered in order. */
    synchronized void script(ScriptedReply... replies) {
        script.addAll(List.of(replies));
    }

    List<WireRequest> requests() {
        return List.copyOf(requests);
    }

    WireRequest request(int index) {
        return requests.get(index);
    }

    /** How many {@link Endless} streams the client has closed (the only way they end). */
    int endlessStreamsClosed() {
        return endlessClosed.get();
    }

    /** Waits, up to {@code limit}, until {@code count} endless streams were closed by the client; how many were. */
    int awaitEndlessStreamsClosed(int count, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (endlessClosed) {
            long left;
            while (endlessClosed.get() < count && (left = deadline - System.nanoTime()) > 0) {
                TimeUnit.NANOSECONDS.timedWait(endlessClosed, left);
            }
            return endlessClosed.get();
        }
    }

    /** Drops the replies not asked for: for a test whose run may end before it asks. */
    synchronized void forgetUnanswered() {
        script.clear();
    }

    synchronized int unanswered() {
        return script.size();
    }

    /** Where Rosetta's OpenAI and Anthropic providers are to send their requests. */
    Map<String, String> baseUrls() {
        String root = server.url("/").toString().replaceAll("/+$", "");
        return Map.of("OPENAI_BASE_URL", root + "/v1", "ANTHROPIC_BASE_URL", root);
    }

    private MockResponse answer(RecordedRequest request) {
        String path = request.getUrl().encodedPath();
        Api api = Api.forPath(path).orElse(null);
        String body = request.getBody() == null ? "" : request.getBody().utf8();
        if (api == null) {
            String shown = request.getMethod().equals("GET") ? shows.get(path) : null;
            return shown != null ? new MockResponse.Builder().setHeader("content-type", "application/json").body(shown)
                    .build() : new MockResponse.Builder().code(404).body("the fake provider serves no " + path).build();
        }
        requests.add(new WireRequest(api, headers(request.getHeaders()), body));
        ScriptedReply next;
        synchronized (this) {
            next = script.poll();
        }
        return switch (next) {
            case null -> new MockResponse.Builder().code(400).setHeader("content-type", "application/json")
                    .body(api.wire().errorBody(400, "the fake provider has no scripted reply left for request #"
                            + requests.size())).build();
            case Streamed s -> sse().body(api.wire().stream(s)).build();
            case Status s -> status(api, s);
            case Cut c -> cut(api.wire().streamStart(c.text()));
            case StreamError e -> sse().body(api.wire().streamStart(e.text()) + api.wire().errorEvent(e.code(), e.message()))
                    .build();
            case Raw r -> new MockResponse.Builder().code(r.status()).setHeader("content-type", r.contentType())
                    .body(r.body()).build();
            case Silent s -> new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build();
            case Endless e -> endless(api.wire(), e.text());
            case Trickle t -> sse().body(api.wire().stream(ScriptedReply.text(Format.pieces(t.text()).toArray(String[]::new))))
                    .throttleBody(64, 100, TimeUnit.MILLISECONDS).build();
        };
    }

    /** The headers as sent: okhttp's own toString hides the secret ones, and tests check those too. */
    private static String headers(Headers headers) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < headers.size(); i++) {
            out.append(headers.name(i)).append(": ").append(headers.value(i)).append('\n');
        }
        return out.toString();
    }

    private static MockResponse status(Api api, Status s) {
        MockResponse.Builder b = new MockResponse.Builder().code(s.code()).setHeader("content-type", "application/json")
                .body(api.wire().errorBody(s.code(), s.message()));
        s.headers().forEach(b::setHeader);
        return b.build();
    }

    /**
     * Headers and the start of the stream, then the socket is dropped at once: no end event, no
     * clean close. Whether the client read the text before the drop or not, it must keep it.
     */
    private static MockResponse cut(String start) {
        return sse().removeHeader("Content-Length").setHeader("Connection", "close").socketHandler(socket -> {
            try {
                BufferedSink out = Okio.buffer(socket.getSink());
                out.writeUtf8(start);
                out.flush();
            } catch (IOException e) {
                // the client went first; the cut happened anyway
            }
            socket.cancel();
        }).build();
    }

    /**
     * The start of a stream, then {@code text} as text deltas of the API, again and again, until
     * the client closes the connection: a reply that would never end by itself.
     */
    private MockResponse endless(Wire wire, String text) {
        String start = wire.streamStart("");
        String deltas = wire.streamStart(text).substring(start.length());
        return sse().removeHeader("Content-Length").setHeader("Connection", "close").socketHandler(socket -> {
            try {
                BufferedSink out = Okio.buffer(socket.getSink());
                out.writeUtf8(start);
                while (true) {
                    out.writeUtf8(deltas);
                    out.flush();
                }
            } catch (IOException e) {
                synchronized (endlessClosed) {
                    endlessClosed.incrementAndGet();
                    endlessClosed.notifyAll();
                }
            }
            socket.cancel();
        }).build();
    }

    private static MockResponse.Builder sse() {
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream; charset=utf-8")
                .setHeader("cache-control", "no-cache");
    }

    @Override
    public void close() {
        server.close();
    }
}
