package dev.rosetta.llm.anthropic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.OpenResponse;
import dev.rosetta.llm.http.RetryPolicy;
import dev.rosetta.llm.sse.SseEvent;
import dev.rosetta.llm.sse.SseReader;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reply to one Messages request, read as it arrives. The API can fail after its 200: an
 * {@code error} event (overloaded_error, the in-stream twin of a 529) or a cut connection. Before
 * any output that is still "before the reply started", so the request is sent again under
 * {@code retry} with a notice — the transport only retries statuses and refused connections.
 * After output began, what arrived stays and the reply ends with {@code Finished(INTERRUPTED)}.
 */
final class AnthropicStream implements ChatStream {

    /** Sends the request (again). */
    @FunctionalInterface
    interface Request {
        OpenResponse send(Consumer<String> notices) throws ProviderException;
    }

    private final String provider;
    private final boolean streaming;
    private final Request request;
    private final RetryPolicy retry;
    private final HttpTransport.Sleeper sleeper;
    private final Random random = new Random();
    private final Deque<ChatEvent> pending = new ArrayDeque<>();

    private volatile OpenResponse response;
    private volatile boolean canceled;
    private SseReader sse;
    private StreamedReply reply;
    private int attempt = 1;
    private Duration retryWait;
    private boolean done;

    AnthropicStream(String provider, boolean streaming, OpenResponse first, List<String> notices, Request request,
            RetryPolicy retry, HttpTransport.Sleeper sleeper) {
        this.provider = provider;
        this.streaming = streaming;
        this.request = request;
        this.retry = retry;
        this.sleeper = sleeper;
        notices.forEach(n -> pending.add(new ChatEvent.Notice(n)));
        begin(first);
    }

    @Override
    public ChatEvent next() throws ProviderException {
        while (!done) {
            if (canceled) {
                return end(new ChatEvent.Finished(StopReason.CANCELED, null, null));
            }
            ChatEvent event = pending.poll();
            if (event instanceof ChatEvent.Finished finished) {
                return end(finished);
            }
            if (event != null) {
                return event;
            }
            advance();
        }
        return null;
    }

    @Override
    public void close() {
        canceled = true;
        OpenResponse open = response;
        if (open != null) {
            open.close();
        }
    }

    private ChatEvent end(ChatEvent.Finished finished) {
        done = true;
        response.close();
        return finished;
    }

    private void begin(OpenResponse open) {
        response = open;
        if (canceled) {
            open.close();
        }
        reply = new StreamedReply(provider);
        sse = new SseReader(open.body());
    }

    /** Reads until there are events to hand out, the reply ends, or it fails. */
    private void advance() throws ProviderException {
        if (retryWait != null) {
            resend();
        } else if (streaming) {
            readEvent();
        } else {
            readMessage();
        }
    }

    private void readEvent() throws ProviderException {
        SseEvent event;
        try {
            event = sse.next();
        } catch (IOException e) {
            broke(e);
            return;
        }
        if (event == null) {
            ended();
            return;
        }
        JsonNode data = parse(event.data());
        if (data == null) {
            return; // not JSON: nothing the API documents, so nothing to act on
        }
        try {
            pending.addAll(reply.on(data.path("type").stringValue(event.type()), data));
        } catch (ProviderException e) {
            failed(e, data.path("error").path("type").stringValue(null));
            return;
        }
        if (reply.complete()) {
            pending.addAll(reply.ending());
        }
    }

    private void readMessage() throws ProviderException {
        String body;
        try {
            body = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            broke(e);
            return;
        }
        JsonNode message = parse(body);
        if (message == null) {
            failed(new ProviderException(Kind.SERVER, 0, provider + " sent a reply that is not JSON; try again later",
                    null, null), null);
            return;
        }
        try {
            pending.addAll(ReplyMessage.events(provider, message));
        } catch (ProviderException e) {
            failed(e, message.path("error").path("type").stringValue(null));
        }
    }

    /** A read failed: our own close, the idle timeout, or the connection broke. */
    private void broke(IOException e) throws ProviderException {
        if (canceled || response.closedByUs()) {
            canceled = true;
            return;
        }
        String what = response.idleTimedOut() ? provider + " sent nothing for too long (idle timeout)"
                : provider + " broke off the connection";
        failed(cut(what, e), null);
    }

    /** The stream ended: whole if the stop reason came, cut off otherwise. */
    private void ended() throws ProviderException {
        if (canceled || response.closedByUs()) {
            canceled = true;
        } else if (reply.hasStopReason()) {
            pending.addAll(reply.ending());
        } else {
            failed(cut(provider + " ended the stream early", null), null);
        }
    }

    private ProviderException cut(String what, IOException cause) {
        if (reply.hasOutput()) {
            return new ProviderException(Kind.STREAM_CUT, 0, what + " mid-reply; the part of the reply that arrived"
                    + " is kept", null, cause);
        }
        return new ProviderException(Kind.CONNECTION, 0, what + " before the reply began; check the network",
                null, cause);
    }

    /** Retry before any output, throw when retries are spent, end as interrupted after output. */
    private void failed(ProviderException e, String raw) throws ProviderException {
        if (canceled) {
            return;
        }
        response.close();
        if (reply.hasOutput()) {
            pending.addAll(reply.interrupted(raw, e));
        } else if (e.exhaustsModel() && attempt < retry.maxAttempts()) {
            retryWait = retry.delay(attempt, Optional.empty(), random);
            attempt++;
            pending.add(new ChatEvent.Notice(e.getMessage() + "; retrying in " + seconds(retryWait) + " (attempt "
                    + attempt + " of " + retry.maxAttempts() + ")"));
        } else {
            done = true;
            throw e;
        }
    }

    /** Waits out the backoff announced by the notice just handed out, then sends the request again. */
    private void resend() throws ProviderException {
        Duration wait = retryWait;
        retryWait = null;
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done = true;
            throw new ProviderException(Kind.CONNECTION, 0, "stopped while waiting to retry " + provider, null, e);
        }
        if (canceled) {
            return;
        }
        try {
            begin(request.send(notice -> pending.add(new ChatEvent.Notice(notice))));
        } catch (ProviderException e) {
            done = true;
            throw e;
        }
    }

    private static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (JacksonException e) {
            return null;
        }
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 ? ms + " ms" : String.format("%.1f s", ms / 1000.0);
    }
}
