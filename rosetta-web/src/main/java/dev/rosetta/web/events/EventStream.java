package dev.rosetta.web.events;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.rosetta.agent.session.NumberedEvent;

/**
 * One browser's stream of a conversation's events, as Server-Sent Events. The host hands events to
 * {@link #accept} on its own thread, which must not block, so they wait here for the connection's
 * thread to write them. The wait is bounded: a client that reads slower than the conversation talks
 * fills {@link #BUFFER} events, and then its stream ends after the last event it was given whole —
 * the browser reconnects with that event's id and gets the rest from what the host keeps. A slow
 * client costs a reconnect, never unbounded memory, never a gap.
 */
public final class EventStream implements Consumer<NumberedEvent> {

    /** Events waiting for a client at most; past it the client is cut off (and comes back). */
    public static final int BUFFER = 4096;
    /** A comment line this often keeps proxies from closing a quiet stream and finds dead clients. */
    static final Duration KEEPALIVE = Duration.ofSeconds(15);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<NumberedEvent> waiting = new ArrayDeque<>();
    private final int capacity;
    private boolean overflowed;
    private boolean ended;

    public EventStream() {
        this(BUFFER);
    }

    EventStream(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public void accept(NumberedEvent event) {
        lock.lock();
        try {
            if (ended || overflowed) {
                return;
            }
            if (waiting.size() >= capacity) {
                overflowed = true; // what is queued is contiguous: written, then the stream ends
            } else {
                waiting.add(event);
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The stream is to end after what waits (the conversation closed, the server stops). */
    public void end() {
        lock.lock();
        try {
            ended = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Events that waited, oldest first, after waiting up to {@code patience}; null once the stream is over. */
    List<NumberedEvent> take(Duration patience) throws InterruptedException {
        lock.lock();
        try {
            long nanos = patience.toNanos();
            while (waiting.isEmpty() && !ended && !overflowed && nanos > 0) {
                nanos = arrived.awaitNanos(nanos);
            }
            if (waiting.isEmpty() && (ended || overflowed)) {
                return null;
            }
            List<NumberedEvent> batch = new ArrayList<>(waiting);
            waiting.clear();
            return batch;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the client fell too far behind and was cut off. */
    public boolean overflowed() {
        lock.lock();
        try {
            return overflowed;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Writes events to {@code out} as they come, until the stream ends, the client falls behind or
     * goes away (an {@link IOException}).
     *
     * @param encode an event as one SSE message ({@link #message})
     */
    public void pump(OutputStream out, java.util.function.Function<NumberedEvent, String> encode)
            throws IOException, InterruptedException {
        while (true) {
            List<NumberedEvent> batch = take(KEEPALIVE);
            if (batch == null) {
                return;
            }
            StringBuilder text = new StringBuilder();
            if (batch.isEmpty()) {
                text.append(": keepalive\n\n");
            }
            batch.forEach(e -> text.append(encode.apply(e)));
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    /** One SSE message: its id, then its data on one line (JSON escapes every line break). */
    public static String message(String id, String json) {
        return (id == null ? "" : "id: " + id + "\n") + "data: " + json + "\n\n";
    }
}
