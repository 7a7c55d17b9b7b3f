package dev.rosetta.cli.render;

import java.util.function.IntPredicate;

/**
 * When an animation's frames are drawn: every {@link #INTERVAL_MILLIS} on a virtual thread of its
 * own, or, in tests, exactly when the test says (no sleeps that hope a frame has come).
 */
interface FrameTimer {

    long INTERVAL_MILLIS = 90;

    /** Draws frames 0, 1, 2, … with {@code frame}, one an interval, until it returns false. */
    void animate(IntPredicate frame);

    /** Real time: a virtual thread that sleeps an interval before each frame. */
    FrameTimer REAL = frame -> Thread.ofVirtual().name("rosetta-spinner").start(() -> {
        try {
            int n = 0;
            do {
                Thread.sleep(INTERVAL_MILLIS);
            } while (frame.test(n++));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    });
}
