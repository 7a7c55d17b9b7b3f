package dev.rosetta.cli.terminal;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Tells a second press of a key from a first: Ctrl-C twice within two seconds leaves, once only
 * warns. A press long after the last one is a first press again. Each owner (the prompt, one
 * turn's signal handler) has its own; synchronized because the JVM delivers each signal on a
 * thread of its own.
 */
public final class DoublePress {

    static final Duration WINDOW = Duration.ofSeconds(2);

    private final LongSupplier nanoClock;
    private final long windowNanos;
    private long last;
    private boolean pressed;

    public DoublePress(LongSupplier nanoClock) {
        this(nanoClock, WINDOW);
    }

    DoublePress(LongSupplier nanoClock, Duration window) {
        this.nanoClock = nanoClock;
        this.windowNanos = window.toNanos();
    }

    /** Records a press; true when it follows the previous one within the window. */
    public synchronized boolean press() {
        long now = nanoClock.getAsLong();
        boolean second = pressed && now - last < windowNanos;
        pressed = !second;
        last = now;
        return second;
    }

    /** Forgets the last press (the user did something else in between). */
    public synchronized void reset() {
        pressed = false;
    }
}
