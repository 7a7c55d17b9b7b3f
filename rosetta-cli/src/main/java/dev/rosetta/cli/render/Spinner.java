package dev.rosetta.cli.render;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A small animated line while nothing else shows progress: waiting for a reply's first token, or
 * a call being written. Its frames come from a {@link FrameTimer} (a virtual thread) and draw
 * through the {@link Screen}'s lock; {@link #stop} erases it under that lock, and a stopped
 * spinner's frames see a new generation and draw nothing more. Only when the style animates (a
 * terminal).
 */
final class Spinner {

    private static final String FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";
    /** Long labels would wrap, and an erase with CR only clears the last row. */
    private static final int MAX_LABEL = 40;

    private final Screen screen;
    private final TerminalStyle style;
    private final FrameTimer timer;
    private long generation;
    private String label;

    Spinner(Screen screen, TerminalStyle style, FrameTimer timer) {
        this.screen = screen;
        this.style = style;
        this.timer = timer;
    }

    /** Starts spinning with this label (already safe), or changes the label of the running spinner. */
    void start(String text) {
        if (!style.animate()) {
            return;
        }
        ReentrantLock lock = screen.lock();
        lock.lock();
        try {
            String shortened = shorten(text);
            if (label != null && label.equals(shortened)) {
                return;
            }
            boolean running = label != null;
            label = shortened;
            if (!running) {
                long mine = ++generation;
                timer.animate(frame -> frame(mine, frame));
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops and erases the spinner; nothing when it is not running. */
    void stop() {
        ReentrantLock lock = screen.lock();
        lock.lock();
        try {
            if (label != null) {
                label = null;
                generation++;
                screen.clearTransient();
            }
        } finally {
            lock.unlock();
        }
    }

    boolean running() {
        return label != null;
    }

    /** Draws frame {@code frame} of the spinner started as generation {@code mine}; false once it stopped. */
    private boolean frame(long mine, int frame) {
        ReentrantLock lock = screen.lock();
        lock.lock();
        try {
            if (generation != mine) {
                return false;
            }
            draw(frame);
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void draw(int frame) {
        String glyph = String.valueOf(FRAMES.charAt(frame % FRAMES.length()));
        String plain = glyph + " " + label;
        screen.drawTransient(style.paint(glyph, Tone.CYAN) + " " + style.paint(label, Tone.DIM),
                DisplayWidth.of(plain));
    }

    private static String shorten(String text) {
        String oneLine = text.replace('\n', ' ').replace('\t', ' ');
        if (DisplayWidth.of(oneLine) <= MAX_LABEL) {
            return oneLine;
        }
        StringBuilder s = new StringBuilder();
        int width = 0;
        for (int i = 0; i < oneLine.length(); ) {
            int cp = oneLine.codePointAt(i);
            width += DisplayWidth.columns(cp);
            if (width > MAX_LABEL - 1) {
                break;
            }
            s.appendCodePoint(cp);
            i += Character.charCount(cp);
        }
        return s.append('…').toString();
    }
}
