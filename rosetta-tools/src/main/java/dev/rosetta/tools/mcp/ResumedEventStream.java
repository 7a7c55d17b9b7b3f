package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The body of one server-sent event stream as the SDK reads it, kept going across the server's
 * closing of it. Streamable HTTP lets a server end a call's stream before it has answered (the
 * 2025-11-25 revision's polling, SEP-1699), and the client is to come back after the {@code retry}
 * time with a GET that names the last event it saw ({@code Last-Event-ID}); the server goes on
 * from there. The SDK's transport does not: it takes the end of the stream for the end of the
 * call's answers, and the call waits for its time limit. Here the SDK's reader never sees that
 * end: the resumed stream's bytes follow the closed one's as if it had not been closed, so every
 * message still reaches the SDK by its own reading of the stream.
 *
 * <p>A call's stream is resumed until its response went by; the stream a GET opened for the
 * server's own messages, as long as the transport is open. A stream is resumed only between two
 * events, when it named an event, and at most {@link #ATTEMPTS} times in a row without a new one.
 */
final class ResumedEventStream<T> implements HttpResponse.BodySubscriber<T> {

    /** The time to wait when the server did not say (browsers use a few seconds; a call is waited for). */
    static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);
    /** A longer {@code retry} is cut to this: a call's own time limit still bounds the whole. */
    static final Duration LONGEST_RETRY = Duration.ofSeconds(30);
    static final int ATTEMPTS = 3;

    /** Opens the stream again from the event named; calls back the stream's {@link #resumedBody} or {@link #resumeFailed}. */
    interface Reopen {
        void reopen(String lastEventId, Duration after, ResumedEventStream<?> stream);

        /** Whether the transport still wants the stream (false once it was closed). */
        boolean open();
    }

    private final HttpResponse.BodySubscriber<T> reader;
    private final Reopen reopen;
    private final boolean untilResponse;
    private final EventStreamScan scan = new EventStreamScan();
    private final Object lock = new Object();
    private Flow.Subscription upstream;
    private long demand;
    private boolean cancelled;
    private int attempts;
    private long eventsAtReopen;

    /**
     * @param reader        the SDK's reader of the stream
     * @param untilResponse true for a call's stream (done once a response went by), false for the
     *                      stream of the server's own messages
     */
    ResumedEventStream(HttpResponse.BodySubscriber<T> reader, Reopen reopen, boolean untilResponse) {
        this.reader = reader;
        this.reopen = reopen;
        this.untilResponse = untilResponse;
    }

    @Override
    public CompletionStage<T> getBody() {
        return reader.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        synchronized (lock) {
            upstream = subscription;
        }
        reader.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
                Flow.Subscription current;
                synchronized (lock) {
                    if (n > 0) {
                        demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                    }
                    current = upstream;
                }
                current.request(n);
            }

            @Override
            public void cancel() {
                Flow.Subscription current;
                synchronized (lock) {
                    cancelled = true;
                    current = upstream;
                }
                current.cancel();
            }
        });
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        synchronized (lock) {
            if (demand != Long.MAX_VALUE) {
                demand--;
            }
        }
        items.forEach(scan::feed);
        reader.onNext(items);
    }

    @Override
    public void onError(Throwable error) {
        if (!resume()) {
            reader.onError(error);
        }
    }

    @Override
    public void onComplete() {
        if (!resume()) {
            reader.onComplete();
        }
    }

    /** Asks for the stream again, or returns false when it is done with (or cannot be resumed). */
    private boolean resume() {
        synchronized (lock) {
            if (cancelled || !reopen.open() || scan.lastId() == null || !scan.betweenEvents()
                    || (untilResponse && scan.responseSeen())) {
                return false;
            }
            attempts = scan.events() > eventsAtReopen ? 1 : attempts + 1;
            if (attempts > ATTEMPTS) {
                return false;
            }
            eventsAtReopen = scan.events();
        }
        Long asked = scan.retryMillis();
        Duration after = asked == null ? DEFAULT_RETRY : Duration.ofMillis(Math.min(asked, LONGEST_RETRY.toMillis()));
        reopen.reopen(scan.lastId(), after, this);
        return true;
    }

    /** The reader of the reopened stream's body: its bytes go on to the SDK's reader. */
    HttpResponse.BodySubscriber<Void> resumedBody() {
        return new HttpResponse.BodySubscriber<>() {
            private final java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();

            @Override
            public CompletionStage<Void> getBody() {
                return done;
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                long wanted;
                boolean stop;
                synchronized (lock) {
                    upstream = subscription;
                    wanted = demand;
                    stop = cancelled;
                }
                if (stop) {
                    subscription.cancel();
                } else if (wanted > 0) {
                    subscription.request(wanted);
                }
            }

            @Override
            public void onNext(List<ByteBuffer> items) {
                ResumedEventStream.this.onNext(items);
            }

            @Override
            public void onError(Throwable error) {
                done.complete(null);
                ResumedEventStream.this.onError(error);
            }

            @Override
            public void onComplete() {
                done.complete(null);
                ResumedEventStream.this.onComplete();
            }
        };
    }

    /** The server would not open the stream again (an error status, not an event stream, no connection). */
    void resumeFailed(String why) {
        onError(new IOException(why));
    }
}
