package dev.rosetta.llm.stream;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.http.Deadline;
import dev.rosetta.llm.http.DurationText;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.http.HttpTransport.Outcome;
import dev.rosetta.llm.http.OpenResponse;
import dev.rosetta.llm.http.ProviderText;

/**
 * The reply to one request, for every provider API: what the APIs share is here, and an API adds
 * only a {@link WireFormat} (its framing and decoders).
 * <ul>
 * <li>Events come out of one queue in order; {@link #close()} from any thread stops the reply at
 *     once — a wait for headers, a wait between tries, a blocked read — and it ends
 *     {@code Finished(CANCELED)}.</li>
 * <li>A failure after output began ends the reply with what arrived and
 *     {@code Finished(INTERRUPTED, error)}.</li>
 * <li>A failure before any output — an error status, a refused connection, an error event or a
 *     cut right after the 200 — is tried again under the transport's {@code RetryPolicy}, each
 *     wait announced by a {@link Notice} as it starts; when it is not tried again it is thrown,
 *     saying why.</li>
 * <li>The whole reply, tries and waits included, has one time limit
 *     ({@link HttpTransport.Settings#replyTimeout()}).</li>
 * <li>A 200 that is not a reply (an HTML login page, a JSON error where a stream was asked for)
 *     is said as what it is, with its content type and first line.</li>
 * <li>Every provider-originated string that leaves here — notices, errors, raw stop reasons —
 *     goes through {@link ProviderText#clean}: the key blanked, control characters shown; and the
 *     reply itself (text, thinking, calls) has the key blanked as it streams ({@link RedactedReply}),
 *     so a key a server echoes in a 200 is never printed, logged or sent back.</li>
 * </ul>
 */
public final class ReplyStream implements ChatStream {

    private final HttpTransport transport;
    private final HttpTransport.Request request;
    private final Redaction secrets;
    /** The reply's events with the key blanked, ready to hand out. */
    private final Deque<ChatEvent> ready = new ArrayDeque<>();
    private final RedactedReply redacted;
    private final WireFormat wire;
    private final boolean streaming;
    private final Deadline deadline;
    private final Retries retries;
    private final Deque<ChatEvent> pending = new ArrayDeque<>();
    private final CountDownLatch closedSignal = new CountDownLatch(1);

    private volatile boolean closed;
    private volatile HttpTransport.Call sending;
    private volatile Body body;
    /** The wait before the next try, while no body is being read. */
    private Duration wait;
    private boolean output;
    private boolean done;

    private ReplyStream(HttpTransport transport, HttpTransport.Request request, WireFormat wire, boolean streaming,
            List<? extends ChatEvent> first) {
        this.transport = transport;
        this.request = request;
        this.secrets = request.secrets();
        this.redacted = new RedactedReply(secrets);
        this.wire = wire;
        this.streaming = streaming;
        this.deadline = Deadline.after(transport.settings().replyTimeout());
        this.retries = new Retries(transport.settings().retry());
        this.pending.addAll(first);
    }

    /**
     * Sends {@code request} and returns its reply. A first try that fails for good throws here;
     * one that may be tried again returns a reply whose first events say so.
     *
     * @param streaming whether a stream was asked for (else the body is one whole reply)
     * @param first     events to hand out before the reply's own (warnings about the request)
     */
    public static ReplyStream open(HttpTransport transport, HttpTransport.Request request, WireFormat wire,
            boolean streaming, List<? extends ChatEvent> first) throws ProviderException {
        ReplyStream reply = new ReplyStream(transport, request, wire, streaming, first);
        reply.send();
        return reply;
    }

    @Override
    public ChatEvent next() throws ProviderException {
        while (ready.isEmpty()) {
            ChatEvent event = nextFromWire();
            if (event == null) {
                return null;
            }
            ready.addAll(redacted.of(event));
        }
        return ready.poll();
    }

    private ChatEvent nextFromWire() throws ProviderException {
        while (!done) {
            if (closed) {
                return end(new Finished(StopReason.CANCELED, null, null));
            }
            ChatEvent event = pending.poll();
            if (event != null) {
                return event instanceof Finished f ? end(f) : clean(event);
            }
            if (body != null) {
                read(body);
            } else {
                waitThenSend();
            }
        }
        return null;
    }

    @Override
    public void close() {
        closed = true;
        closedSignal.countDown();
        HttpTransport.Call call = sending;
        if (call != null) {
            call.cancel();
        }
        Body open = body;
        if (open != null) {
            open.response.close();
        }
    }

    private String provider() {
        return transport.provider();
    }

    private void send() throws ProviderException {
        HttpTransport.Call call = transport.send(request, deadline);
        sending = call;
        if (closed) {
            call.cancel();
        }
        Outcome outcome = call.await();
        sending = null;
        switch (outcome) {
            case Outcome.Opened opened -> {
                body = new Body(opened.response());
                if (closed) {
                    opened.response().close();
                }
            }
            case Outcome.Failed f -> failed(f.error(), f.retryable(), f.retryAfter());
        }
    }

    /** Waits out the backoff the last notice announced (less if closed meanwhile), then tries again. */
    private void waitThenSend() throws ProviderException {
        Duration backoff = wait == null ? Duration.ZERO : wait;
        wait = null;
        try {
            transport.sleeper().sleep(backoff, closedSignal);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (!closed) {
                done = true;
                throw new ProviderException(Kind.CONNECTION, 0, "stopped while waiting to retry " + provider(), null, e);
            }
            return;
        }
        if (!closed) {
            send();
        }
    }

    private void read(Body from) throws ProviderException {
        Frame frame;
        try {
            frame = from.next();
        } catch (IOException e) {
            broke(from, e);
            return;
        }
        if (frame == null) {
            ended(from);
            return;
        }
        List<ChatEvent> events = from.decoder.frame(frame);
        from.recognized = from.recognized || !events.isEmpty() || frame.json() != null;
        offer(events);
    }

    /** Queues a decoder's events; an error it reports before any output is a failure like a cut. */
    private void offer(List<ChatEvent> events) throws ProviderException {
        for (ChatEvent event : events) {
            if (!output && event instanceof Finished f && f.reason() == StopReason.INTERRUPTED && f.error() != null) {
                failed(f.error(), f.error().isTransient(), Optional.empty());
                return;
            }
            output |= isOutput(event);
            pending.add(event);
        }
    }

    /** The body ended before a Finished: whole if the decoder says so, cut off otherwise. */
    private void ended(Body from) throws ProviderException {
        if (closed) {
            return;
        }
        List<ChatEvent> ending = from.decoder.ended();
        if (!ending.isEmpty() && ending.getLast() instanceof Finished) {
            offer(ending);
        } else {
            failed(cut(from, "ended the stream", null), true, Optional.empty());
        }
    }

    /** A read failed: our own close, a time limit, a body that is no reply, or the connection broke. */
    private void broke(Body from, IOException e) throws ProviderException {
        if (closed) {
            return;
        }
        OpenResponse response = from.response;
        if (response.deadlinePassed()) {
            failed(deadline.exceeded(provider(), output), false, Optional.empty());
        } else if (e instanceof NotAReply) {
            failed(from.notAReply(), false, Optional.empty());
        } else if (e instanceof FrameTooLargeException big) {
            failed(cut(from, "sent " + big.describe(), e), false, Optional.empty());
        } else if (response.idleTimedOut()) {
            failed(cut(from, "sent nothing for " + DurationText.of(transport.settings().idleTimeout())
                    + " (the idle timeout)", e), true, Optional.empty());
        } else {
            failed(cut(from, "broke off the connection (" + e.getClass().getSimpleName() + ")", e), true,
                    Optional.empty());
        }
    }

    private ProviderException cut(Body from, String what, IOException cause) {
        if (output) {
            return new ProviderException(Kind.STREAM_CUT, 0, provider() + " " + what
                    + " mid-reply; the part of the reply that arrived is kept", null, cause);
        }
        return new ProviderException(Kind.CONNECTION, 0, provider() + " " + what + " before the reply began"
                + (from.recognized ? "" : " (" + from.whatArrived() + ")"), null, cause);
    }

    /** After output: the end of the reply. Before: another try, announced, or the failure thrown. */
    private void failed(ProviderException e, boolean retryable, Optional<Duration> retryAfter)
            throws ProviderException {
        Body failedBody = body;
        body = null;
        if (failedBody != null) {
            failedBody.response.close();
        }
        if (closed) {
            return;
        }
        if (output) {
            if (failedBody != null && failedBody.decoder != null) {
                pending.addAll(failedBody.decoder.interrupted());
            }
            pending.add(new Finished(StopReason.INTERRUPTED, null, e));
            return;
        }
        pending.removeIf(ChatEvent.Usage.class::isInstance); // a failed try's usage is not the reply's
        Optional<Duration> next = retryable ? retries.next(retryAfter, deadline) : Optional.empty();
        if (next.isPresent()) {
            wait = next.get();
            pending.add(new Notice(retries.notice(e, wait)));
            return;
        }
        done = true;
        throw ProviderText.clean(retryable ? retries.gaveUp(e) : e, secrets);
    }

    private ChatEvent end(Finished finished) {
        done = true;
        Body open = body;
        if (open != null) {
            open.response.close();
        }
        return clean(finished);
    }

    private ChatEvent clean(ChatEvent event) {
        return switch (event) {
            case Notice n -> new Notice(ProviderText.clean(n.text(), secrets));
            case Finished f when f.error() != null || f.raw() != null -> new Finished(f.reason(),
                    ProviderText.clean(f.raw(), secrets), f.error() == null ? null : ProviderText.clean(f.error(), secrets));
            default -> event;
        };
    }

    private static boolean isOutput(ChatEvent event) {
        return switch (event) {
            case ChatEvent.TextDelta t -> true;
            case ChatEvent.ThinkingDelta t -> true;
            case ChatEvent.ReasoningCompleted r -> true;
            case ChatEvent.ToolCallStarted s -> true;
            case ChatEvent.ToolCallDelta d -> true;
            case ChatEvent.ToolCallCompleted c -> true;
            case ChatEvent.Usage u -> false;
            case Notice n -> false;
            case Finished f -> false;
        };
    }

    /** A body that turned out not to be a reply at all. */
    private static final class NotAReply extends IOException {
        NotAReply() {
            super("not a reply");
        }
    }

    /** One try's body: how it began, its frames, and the decoder reading them. */
    private final class Body {

        final OpenResponse response;
        final BodyStart start;
        Frames frames;
        ReplyDecoder decoder;
        /** Whether a frame spoke the API (JSON, or something the decoder read): else the message shows the body. */
        boolean recognized;
        boolean whole;

        Body(OpenResponse response) {
            this.response = response;
            this.start = new BodyStart(response.body());
        }

        Frame next() throws IOException {
            if (frames == null) {
                shape();
            }
            Frame frame = frames.next();
            if (frame == null) {
                return null;
            }
            if (whole && frame.json() == null) {
                throw new NotAReply();
            }
            return frame;
        }

        /** Chooses by how the body begins: the API's stream framing, one whole JSON reply, or no reply. */
        private void shape() throws IOException {
            int first = start.firstByte();
            if (first == '<' || response.contentType().contains("html")) {
                throw new NotAReply();
            }
            boolean json = first == '{' || first == '[';
            whole = !streaming || (json && !wire.framing().startsLike(first));
            decoder = whole ? wire.whole().get() : wire.streamed().get();
            frames = whole ? new WholeBody(start, Framing.MAX_FRAME) : wire.framing().frames(start, Framing.MAX_FRAME);
        }

        /** "text/plain: "Service Unavailable"", or what is known of an empty body. */
        String whatArrived() {
            String type = response.contentType().isEmpty() ? "no content type" : response.contentType();
            String line = start.firstLine();
            return "it sent " + type + (line.isEmpty() ? " and an empty body" : ": \"" + line + "\"");
        }

        ProviderException notAReply() {
            boolean html = response.contentType().contains("html") || start.firstLine().startsWith("<");
            String hint = html ? "; a captive portal or a proxy may be in the way: check the network and the base URL"
                    : "; check the base URL";
            // Status 0: the status was fine, the body is what failed (a fallback chain says "could not be reached").
            return new ProviderException(Kind.CONNECTION, 0, provider() + " answered HTTP " + response.status()
                    + " with something that is not a reply (" + whatArrived() + ")" + hint, null, null);
        }
    }
}
