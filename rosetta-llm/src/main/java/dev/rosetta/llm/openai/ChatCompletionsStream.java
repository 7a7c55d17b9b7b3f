package dev.rosetta.llm.openai;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.http.OpenResponse;
import dev.rosetta.llm.sse.SseEvent;
import dev.rosetta.llm.sse.SseReader;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A Chat Completions reply being read: SSE {@code data:} chunks up to {@code data: [DONE]}, or
 * one JSON body when not streaming. Once output has begun, nothing throws: a cut connection, an
 * idle timeout or an error chunk ends the events with {@code Finished(INTERRUPTED)} and the error,
 * so what arrived is kept. Before that, they throw, and the caller may try again or elsewhere.
 */
final class ChatCompletionsStream implements ChatStream {

    private final String provider;
    private final OpenResponse response;
    private final boolean streaming;
    private final SseReader sse;
    private final ChunkDecoder decoder = new ChunkDecoder();
    private final Deque<ChatEvent> pending;
    private volatile boolean canceled;
    private boolean ended;

    /** @param notices events to report before the reply: retries, shortened tool descriptions, dropped settings */
    ChatCompletionsStream(String provider, OpenResponse response, boolean streaming, List<ChatEvent> notices) {
        this.provider = provider;
        this.response = response;
        this.streaming = streaming;
        this.sse = new SseReader(response.body());
        this.pending = new ArrayDeque<>(notices);
    }

    @Override
    public ChatEvent next() throws ProviderException {
        if (ended) {
            return null;
        }
        if (canceled) {
            return end(new Finished(StopReason.CANCELED, null, null));
        }
        while (pending.isEmpty()) {
            try {
                if (streaming) {
                    readChunk();
                } else {
                    readBody();
                }
            } catch (IOException e) {
                pending.add(broken(e));
            }
        }
        ChatEvent event = pending.poll();
        return event instanceof Finished f ? end(f) : event;
    }

    @Override
    public void close() {
        canceled = true;
        response.close();
    }

    private void readChunk() throws IOException {
        SseEvent event = sse.next();
        if (event == null) {
            pending.addAll(decoder.finishSeen() ? decoder.done() : List.of(broken(null)));
            return;
        }
        if (event.data().startsWith("[DONE]")) {
            pending.addAll(decoder.done());
            return;
        }
        JsonNode chunk = parse(event.data());
        if (chunk == null) {
            return; // not JSON: nothing we can read in it
        }
        if ("error".equals(event.type()) || StreamErrors.isError(chunk)) {
            pending.add(failed(StreamErrors.of(provider, chunk)));
            return;
        }
        pending.addAll(decoder.chunk(chunk));
    }

    private void readBody() throws IOException {
        JsonNode json = parse(new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
        if (json == null || !json.isObject()) {
            pending.add(failed(new ProviderException(Kind.SERVER, 200, provider + " answered with a body that is not "
                    + "a chat completion", null, null)));
        } else if (StreamErrors.isError(json)) {
            pending.add(failed(StreamErrors.of(provider, json)));
        } else {
            pending.addAll(decoder.completion(json));
        }
    }

    /** An error from the server: the end of the reply once output began, a throw before. */
    private Finished failed(ProviderException error) {
        if (decoder.outputBegan()) {
            return new Finished(StopReason.INTERRUPTED, "error", error);
        }
        end(null);
        throw error;
    }

    /** The body ended or broke before the reply was complete ({@code cause} null: it just ended). */
    private Finished broken(IOException cause) {
        if (canceled) {
            return new Finished(StopReason.CANCELED, null, null);
        }
        String what = response.idleTimedOut() ? "no data came within the idle timeout"
                : cause == null ? "the stream ended before the reply was complete"
                : "the connection broke: " + cause.getClass().getSimpleName()
                        + (cause.getMessage() == null ? "" : " " + cause.getMessage());
        if (decoder.outputBegan()) {
            return new Finished(StopReason.INTERRUPTED, null, new ProviderException(Kind.STREAM_CUT, 0,
                    provider + " stopped mid-reply (" + what + "); the part of the reply that arrived is kept", null,
                    cause));
        }
        end(null);
        throw new ProviderException(Kind.CONNECTION, 0, provider + " stopped before replying (" + what + ")", null,
                cause);
    }

    private ChatEvent end(Finished finished) {
        ended = true;
        response.close();
        return finished;
    }

    private static JsonNode parse(String data) {
        if (data.isBlank()) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(data);
        } catch (JacksonException e) {
            return null;
        }
    }
}
