package dev.rosetta.agent.session;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A front end as a test sees one: every numbered event it got, in order, and a way to wait for the
 * next event of a kind (a latch on the events themselves, never a sleep).
 */
final class FrontEnd implements AutoCloseable {

    final List<NumberedEvent> seen = new ArrayList<>();
    private final BlockingQueue<NumberedEvent> arriving = new LinkedBlockingQueue<>();
    private final SessionHost.Subscription subscription;

    FrontEnd(SessionHost host) {
        this(host, -1);
    }

    /** Attached after {@code after} (-1: from now on). */
    FrontEnd(SessionHost host, long after) {
        subscription = after < 0 ? host.subscribe(this::heard) : host.subscribe(after, this::heard);
    }

    private void heard(NumberedEvent event) {
        synchronized (seen) {
            seen.add(event);
        }
        arriving.add(event);
    }

    /** The next event (after those already awaited) that is a {@code type} and passes {@code test}. */
    <E extends SessionEvent> E await(Class<E> type, Predicate<E> test) throws InterruptedException {
        while (true) {
            NumberedEvent next = arriving.poll(30, TimeUnit.SECONDS);
            if (next == null) {
                throw new AssertionError("no " + type.getSimpleName() + " came; seen: " + events());
            }
            if (type.isInstance(next.event()) && test.test(type.cast(next.event()))) {
                return type.cast(next.event());
            }
        }
    }

    <E extends SessionEvent> E await(Class<E> type) throws InterruptedException {
        return await(type, e -> true);
    }

    List<SessionEvent> events() {
        synchronized (seen) {
            return seen.stream().map(NumberedEvent::event).toList();
        }
    }

    List<Long> numbers() {
        synchronized (seen) {
            return seen.stream().map(NumberedEvent::seq).toList();
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
