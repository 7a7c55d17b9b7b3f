package dev.rosetta.cli.repl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import dev.rosetta.cli.e2e.LoopbackServer;
import dev.rosetta.core.json.Json;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;

/**
 * A loopback OpenAI Chat Completions server for the terminal tests: each request gets the next
 * scripted reply, streamed as the API streams it (a chunk per few characters, then a usage chunk
 * and {@code [DONE]}); a request nobody scripted gets a 400 the user can read, at once.
 */
final class ScriptedOpenAi implements AutoCloseable {

    private final MockWebServer server;
    private final ConcurrentLinkedQueue<MockResponse> replies = new ConcurrentLinkedQueue<>();
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

    ScriptedOpenAi() {
        server = LoopbackServer.answering(this::answer);
    }

    private MockResponse answer(RecordedRequest request) {
        requests.add(Json.MAPPER.readTree(request.getBody().utf8()));
        synchronized (requests) {
            requests.notifyAll();
        }
        MockResponse next = replies.poll();
        return next != null ? next : new MockResponse.Builder().code(400)
                .setHeader("content-type", "application/json")
                .body("{\"error\":{\"message\":\"no scripted reply left\",\"type\":\"invalid_request_error\"}}")
                .build();
    }

    /** What OPENAI_BASE_URL is set to. */
    String baseUrl() {
        return server.url("/v1").toString();
    }

    /** The next reply: this text, streamed. */
    void reply(String text) {
        replies.add(streamed(text).build());
    }

    /** The next reply, sent a little at a time: about ten pieces a second, for a Ctrl-C to land in. */
    void replySlowly(String text) {
        replies.add(streamed(text).throttleBody(200, 100, TimeUnit.MILLISECONDS).build());
    }

    /**
     * The next reply: this text streamed at about {@code charsPerSecond} (six characters an
     * event, as above), as a model writes, for measuring what a streamed token costs the terminal.
     */
    void replyAt(String text, int charsPerSecond) {
        long bytesPerSecond = Math.max(20, streamedSize(text) * charsPerSecond / Math.max(1, text.length()));
        replies.add(streamed(text).throttleBody(bytesPerSecond / 20, 50, TimeUnit.MILLISECONDS).build());
    }

    /** The next reply: {@code text}, then one native call of {@code tool} with these JSON arguments. */
    void replyWithCall(String text, String tool, String argumentsJson) {
        StringBuilder sse = prose(text);
        sse.append(chunk(Map.of("tool_calls", List.of(Map.of("index", 0, "id", "call_native_1", "type", "function",
                "function", Map.of("name", tool, "arguments", "")))), null));
        sse.append(chunk(Map.of("tool_calls", List.of(Map.of("index", 0, "function",
                Map.of("arguments", argumentsJson)))), null));
        sse.append(chunk(Map.of(), "tool_calls")).append("data: [DONE]\n\n");
        replies.add(new MockResponse.Builder().setHeader("content-type", "text/event-stream").body(sse.toString())
                .build());
    }

    private static long streamedSize(String text) {
        StringBuilder sse = prose(text);
        return sse.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    /** The bodies of the requests received so far, in order. */
    List<JsonNode> requests() {
        return new ArrayList<>(requests);
    }

    /**
     * The requests once there are at least {@code count}: a prompt on the screen may come before the
     * request its message makes has reached the server. Gives up after the terminal's patience.
     */
    List<JsonNode> requests(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TmuxSession.PATIENCE.toNanos();
        synchronized (requests) {
            while (requests.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("expected " + count + " requests, the server had " + requests.size());
                }
                requests.wait(Math.max(1, left / 1_000_000));
            }
        }
        return new ArrayList<>(requests);
    }

    /** The texts of a request's messages, as "role: content". */
    static List<String> messages(JsonNode request) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            out.add(m.path("role").asString("") + ": " + m.path("content").asString(""));
        }
        return out;
    }

    /** The reply's start and its text, six characters an event; a piece holds whole characters, as a provider's do. */
    private static StringBuilder prose(String text) {
        StringBuilder sse = new StringBuilder(chunk(Map.of("role", "assistant", "content", ""), null));
        for (int i = 0; i < text.length(); ) {
            int end = Math.min(text.length(), i + 6);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end++; // cut between an emoji's halves, neither half could be sent as UTF-8
            }
            sse.append(chunk(Map.of("content", text.substring(i, end)), null));
            i = end;
        }
        return sse;
    }

    private static MockResponse.Builder streamed(String text) {
        StringBuilder sse = prose(text);
        sse.append(chunk(Map.of(), "stop")).append("data: [DONE]\n\n");
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream").body(sse.toString());
    }

    private static String chunk(Map<String, Object> delta, String finish) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        return "data: " + Json.write(Map.of("id", "chatcmpl-repl", "object", "chat.completion.chunk",
                "created", 1754920144, "model", "gpt-4.1-2025-04-14", "choices", List.of(choice))) + "\n\n";
    }

    @Override
    public void close() {
        server.close();
    }
}
