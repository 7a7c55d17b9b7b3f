package dev.rosetta.llm.responses;

import java.io.IOException;
import java.util.ArrayDeque;
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
 * A streamed reply: server-sent events read one at a time, decoded as they are asked for. The
 * stream ends at a terminal event; one that never comes (the connection dropped, or went quiet
 * past the idle timeout) is a cut. {@link #close()} closes the connection, which unblocks a
 * waiting {@link #next()} and ends the stream as cancelled.
 */
final class ResponsesStream implements ChatStream {

    private final String provider;
    private final OpenResponse response;
    private final SseReader reader;
    private final EventDecoder decoder;
    private final ArrayDeque<ChatEvent> pending;
    private volatile boolean canceled;
    private boolean ended;

    /** @param first events to hand out before the reply's own (retry notices, warnings) */
    ResponsesStream(String provider, OpenResponse response, List<? extends ChatEvent> first) {
        this.provider = provider;
        this.response = response;
        this.reader = new SseReader(response.body());
        this.decoder = new EventDecoder(provider);
        this.pending = new ArrayDeque<>(first);
    }

    @Override
    public ChatEvent next() throws ProviderException {
        while (!ended) {
            if (canceled) {
                return end(new Finished(StopReason.CANCELED, null, null));
            }
            ChatEvent event = pending.poll();
            if (event != null) {
                return event instanceof Finished f ? end(f) : event;
            }
            read();
        }
        return null;
    }

    @Override
    public void close() {
        canceled = true;
        response.close();
    }

    private Finished end(Finished finished) {
        ended = true;
        pending.clear();
        response.close();
        return finished;
    }

    private void read() throws ProviderException {
        SseEvent event;
        try {
            event = reader.next();
        } catch (IOException e) {
            broke(e);
            return;
        }
        if (event == null) {
            broke(null);
            return;
        }
        JsonNode data = json(event.data());
        if (data == null) {
            return; // not an event object (a "[DONE]" from a compatible server, a keep-alive)
        }
        String type = Fields.text(data, "type");
        try {
            pending.addAll(decoder.decode(type != null ? type : event.type(), data));
        } catch (ProviderException failedBeforeOutput) {
            ended = true;
            response.close();
            throw failedBeforeOutput;
        }
    }

    /** The connection ended without a terminal event: cancelled by us, or cut. */
    private void broke(IOException cause) throws ProviderException {
        if (canceled) {
            return; // next() reports the cancel
        }
        boolean began = decoder.hasOutput();
        String what = response.idleTimedOut() ? "sent nothing for longer than the idle timeout"
                : cause == null ? "ended the stream early"
                : "broke the connection (" + cause.getClass().getSimpleName() + ")";
        if (!began) {
            ended = true;
            response.close();
            throw new ProviderException(Kind.CONNECTION, 0, provider + " " + what
                    + " before the reply began; check the network, then try again", null, cause);
        }
        pending.add(new Finished(StopReason.INTERRUPTED, null, new ProviderException(Kind.STREAM_CUT, 0,
                provider + " " + what + " mid-reply; the part of the reply that arrived is kept",
                null, cause)));
    }

    private static JsonNode json(String data) {
        try {
            JsonNode node = Json.MAPPER.readTree(data);
            return node != null && node.isObject() ? node : null;
        } catch (JacksonException notJson) {
            return null;
        }
    }
}
