package dev.rosetta.cli.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;

import dev.rosetta.cli.render.TerminalStyle;

/**
 * Everything the screen shows, shared by the threads that change it (the turn's events, the
 * confirmation, the input) and the one that draws it. Changes happen under one lock and mark the
 * state changed; {@link #frame} takes what a frame needs — the lines to print above, the live
 * region as the prompt's lines, the status line — in one step. Nothing here writes to the
 * terminal, so no thread ever waits for the terminal while holding the lock.
 */
final class UiState {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final TerminalStyle style;
    private final LongSupplier clock;
    private final Scrollback scrollback;
    private final LiveLayout layout;
    private boolean dirty;

    private Activity activity = Activity.IDLE;
    private Question question;
    private List<String> queued = List.of();
    private String prompt = "> ";
    private String model = "";
    private String format = "";
    private long window;
    private Counts counts = Counts.NONE;
    /** When the running turn started (clock nanos); 0 between turns. */
    private long turnStarted;
    private int width = 80;

    /** The prompt's lines, the prompt itself last; and the status line under the input. */
    record Frame(String committed, AttributedString prompt, AttributedString status) {}

    UiState(TerminalStyle style, LongSupplier clock) {
        this.style = style;
        this.clock = clock;
        this.scrollback = new Scrollback(style);
        this.layout = new LiveLayout(style);
    }

    TerminalStyle style() {
        return style;
    }

    long now() {
        return clock.getAsLong();
    }

    /** Changes the state under the lock; the next frame shows it. */
    void change(Consumer<UiState> change) {
        lock.lock();
        try {
            change.accept(this);
            dirty = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Reads the state under the lock. */
    <T> T read(Function<UiState, T> reading) {
        lock.lock();
        try {
            return reading.apply(this);
        } finally {
            lock.unlock();
        }
    }

    /** Waits until something changed or {@code timeout} passed; whether something changed. */
    boolean awaitChange(Duration timeout) throws InterruptedException {
        lock.lock();
        try {
            long left = timeout.toNanos();
            while (!dirty && left > 0) {
                left = changed.awaitNanos(left);
            }
            return dirty;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a turn runs (the spinner and the clock are to move). */
    boolean animating() {
        return read(s -> s.turnStarted != 0 || s.question != null);
    }

    /** What a frame on a screen of {@code width}×{@code rows} draws now; the lines above are handed over once. */
    Frame frame(int width, int rows) {
        lock.lock();
        try {
            this.width = width;
            dirty = false;
            scrollback.spill(width, Math.max(2, rows - 6 - Math.min(queued.size(), 4)));
            String committed = scrollback.takePending();
            Frame frame = new Frame(committed, promptLines(width, rows), statusLine(width));
            if (question != null) {
                question.markShown();
            }
            return frame;
        } finally {
            lock.unlock();
        }
    }

    /** The live region and the prompt as one styled text, for the line editor. */
    AttributedString promptLines(int width, int rows) {
        lock.lock();
        try {
            List<AttributedString> lines = new ArrayList<>(layout.lines(new LiveLayout.Content(scrollback.partial(),
                    activity, question, queued, glyph(), now()), width, rows));
            lines.add(Columns.line(prompt));
            AttributedStringBuilder text = new AttributedStringBuilder();
            for (int i = 0; i < lines.size(); i++) {
                text.append(i == 0 ? AttributedString.EMPTY : new AttributedString("\n")).append(lines.get(i));
            }
            return text.toAttributedString();
        } finally {
            lock.unlock();
        }
    }

    /** The status line for a screen so many columns wide. */
    AttributedString status(int width) {
        lock.lock();
        try {
            return statusLine(width);
        } finally {
            lock.unlock();
        }
    }

    private AttributedString statusLine(int width) {
        Duration running = turnStarted == 0 ? null : Duration.ofNanos(now() - turnStarted);
        return Columns.line(StatusLine.of(new StatusLine.Facts(model, format, window, counts, running, glyph()), width,
                style));
    }

    private String glyph() {
        if (!style.animate()) {
            return "•";
        }
        long tenths = TimeUnit.NANOSECONDS.toMillis(now()) / 100;
        return String.valueOf(LiveLayout.SPINNER.charAt((int) (tenths % LiveLayout.SPINNER.length())));
    }

    // ---- the parts, changed under the lock (through change) ----

    Scrollback scrollback() {
        return scrollback;
    }

    int width() {
        return width;
    }

    Activity activity() {
        return activity;
    }

    void activity(Activity next) {
        activity = next;
    }

    Question question() {
        return question;
    }

    void question(Question next) {
        question = next;
    }

    void queued(List<String> next) {
        queued = List.copyOf(next);
    }

    void prompt(String next) {
        prompt = next;
    }

    /** The prompt the user types at, styled ("gpt-4.1 > "). */
    String promptText() {
        return prompt;
    }

    void session(String nextModel, String nextFormat, long nextWindow) {
        model = nextModel;
        format = nextFormat;
        window = nextWindow;
    }

    Counts counts() {
        return counts;
    }

    void counts(Counts next) {
        counts = next;
    }

    void turnStarted(boolean running) {
        turnStarted = running ? Math.max(1, now()) : 0;
    }

    boolean turnRunning() {
        return turnStarted != 0;
    }
}
