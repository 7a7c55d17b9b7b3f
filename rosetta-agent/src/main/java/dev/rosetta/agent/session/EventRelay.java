package dev.rosetta.agent.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Numbers a session's events and hands each, in order, to every front end attached, keeping the
 * latest ones for a front end that attaches or comes back later. Events may come from any thread
 * (the turn's, an MCP server's); one is delivered to every listener before the next, so all of
 * them see one order. An event raised by a listener while it handles another is delivered after
 * it, not inside it. A listener that throws is dropped; the others go on.
 */
final class EventRelay {

    /** Events kept for a front end resuming: enough for a long turn, bounded for a long session. */
    static final int KEPT = 20_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<NumberedEvent> kept = new ArrayDeque<>();
    private final Deque<NumberedEvent> undelivered = new ArrayDeque<>();
    private final List<Consumer<NumberedEvent>> listeners = new CopyOnWriteArrayList<>();
    private final int keep;
    private long last;
    private boolean delivering;

    EventRelay() {
        this(KEPT);
    }

    EventRelay(int keep) {
        this.keep = keep;
    }

    /** Numbers the event and delivers it (after any event still being delivered). */
    void emit(SessionEvent event) {
        lock.lock();
        try {
            NumberedEvent numbered = new NumberedEvent(++last, event);
            kept.addLast(numbered);
            if (kept.size() > keep) {
                kept.removeFirst();
            }
            undelivered.addLast(numbered);
            if (delivering) {
                return;
            }
            delivering = true;
            try {
                for (NumberedEvent next = undelivered.poll(); next != null; next = undelivered.poll()) {
                    for (Consumer<NumberedEvent> listener : listeners) {
                        deliver(listener, next);
                    }
                }
            } finally {
                delivering = false;
            }
        } finally {
            lock.unlock();
        }
    }

    private void deliver(Consumer<NumberedEvent> listener, NumberedEvent event) {
        try {
            listener.accept(event);
        } catch (RuntimeException e) {
            // A front end that fails must not stop the conversation, nor the others' view of it.
            listeners.remove(listener);
        }
    }

    /**
     * Attaches {@code listener}: it first gets the kept events numbered after {@code after} (with a
     * {@link SessionEvent.Missed} first when some of those are no longer kept), then every new one.
     */
    Runnable subscribe(long after, Consumer<NumberedEvent> listener) {
        lock.lock();
        try {
            List<NumberedEvent> replay = new ArrayList<>();
            long first = kept.isEmpty() ? last + 1 : kept.peekFirst().seq();
            if (after + 1 < first) {
                replay.add(new NumberedEvent(first - 1, new SessionEvent.Missed(after + 1, first - 1)));
            }
            for (NumberedEvent e : kept) {
                if (e.seq() > after && !undelivered.contains(e)) {
                    replay.add(e);
                }
            }
            replay.forEach(listener);
            listeners.add(listener);
            return () -> listeners.remove(listener);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The lock every event is numbered and delivered under. The host keeps its own state under it
     * too: what it changes and the event saying so then go out as one step, in one order for all.
     */
    ReentrantLock lock() {
        return lock;
    }

    /** The number of the latest event; 0 before the first. */
    long last() {
        lock.lock();
        try {
            return last;
        } finally {
            lock.unlock();
        }
    }
}
