package dev.rosetta.cli.ui;

import java.time.Duration;

/**
 * Draws frames on a thread of its own: when the state changed, at most {@link #MAX_FPS} times a
 * second, and ten times a second while a turn runs (the spinner and the clock). A frame is drawn
 * inside the line editor, through {@code draw}; while the editor is not reading (between two
 * lines, or while the transcript or an editor has the screen) it waits and tries again, and what
 * the frame would have printed stays in the state until then.
 */
final class FrameLoop implements AutoCloseable {

    static final int MAX_FPS = 30;
    private static final long FRAME_NANOS = 1_000_000_000L / MAX_FPS;
    private static final Duration TICK = Duration.ofMillis(100);
    private static final Duration IDLE = Duration.ofSeconds(1);
    private static final long RETRY_MILLIS = 10;

    /** Draws one frame; false when it could not be drawn now. */
    interface Draw {
        boolean frame();
    }

    private final UiState state;
    private final Draw draw;
    private final Thread thread;
    private volatile boolean stopped;

    FrameLoop(UiState state, Draw draw) {
        this.state = state;
        this.draw = draw;
        this.thread = Thread.ofPlatform().daemon().name("rosetta-frames").unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    private void run() {
        long last = 0;
        try {
            while (!stopped) {
                boolean changed = state.awaitChange(state.animating() ? TICK : IDLE);
                if (!changed && !state.animating()) {
                    continue;
                }
                long wait = last + FRAME_NANOS - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(Duration.ofNanos(wait));
                }
                if (draw.frame()) {
                    last = System.nanoTime();
                } else {
                    Thread.sleep(RETRY_MILLIS);
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
