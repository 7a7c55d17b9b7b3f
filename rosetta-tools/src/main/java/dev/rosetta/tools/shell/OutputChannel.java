package dev.rosetta.tools.shell;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Everything bash writes to its output pipe, read continuously by one thread: while a call
 * runs, its bytes go to the call's {@link CapturedOutput} until the call's marker; between
 * calls (background jobs) they go to a small ring the next call reports. Reading never stops,
 * so a chatty background job never blocks on a full pipe.
 */
final class OutputChannel implements MarkerScanner.Listener {

    /** What background jobs may print between two calls and still be reported. */
    static final int BETWEEN_CALLS_BYTES = 4096;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final MarkerScanner scanner;

    private CapturedOutput call;
    private ByteRing between = new ByteRing(BETWEEN_CALLS_BYTES);
    private long expected = -1;
    private final Set<Long> abandoned = new HashSet<>();
    private Long endValue;
    private boolean eof;
    private boolean exited;

    OutputChannel(String key) {
        scanner = new MarkerScanner(key);
    }

    /** Runs on the reader thread until bash's output closes. */
    void pump(InputStream in) {
        byte[] buf = new byte[1 << 16];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                feed(buf, n);
            }
        } catch (IOException e) {
            // the pipe broke: the same as its end
        } finally {
            lock.lock();
            try {
                scanner.finish(this);
                eof = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    private void feed(byte[] buf, int n) {
        lock.lock();
        try {
            scanner.feed(buf, 0, n, this);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void output(byte[] bytes, int offset, int length) {
        if (call != null) {
            call.write(bytes, offset, length);
        } else {
            between.write(bytes, offset, length);
            changed.signalAll();
        }
    }

    @Override
    public void marker(long sequence, long value, byte[] raw, int offset, int length) {
        if (sequence == expected) {
            endValue = value;
            call = null;
            changed.signalAll();
        } else if (!abandoned.remove(sequence)) {
            // not one we are waiting for: it can only be output that looks like one
            output(raw, offset, length);
        }
    }

    /**
     * A call starts: its output goes to {@code capture} until the marker numbered
     * {@code sequence}. Returns what background jobs printed since the previous call.
     */
    String begin(long sequence, CapturedOutput capture) {
        lock.lock();
        try {
            expected = sequence;
            endValue = null;
            call = capture;
            String background = between.total() == 0 ? "" : between.text();
            if (between.total() > BETWEEN_CALLS_BYTES) {
                background = "[… " + (between.total() - BETWEEN_CALLS_BYTES) + " earlier bytes dropped …]\n" + background;
            }
            between = new ByteRing(BETWEEN_CALLS_BYTES);
            return background;
        } finally {
            lock.unlock();
        }
    }

    /** The call's marker will not come (it was lost to an interrupt): wait for this one instead. */
    void expectInstead(long sequence) {
        lock.lock();
        try {
            abandoned.add(expected);
            expected = sequence;
        } finally {
            lock.unlock();
        }
    }

    /** The call is over without its marker: later bytes belong to no call. */
    void detach() {
        lock.lock();
        try {
            call = null;
        } finally {
            lock.unlock();
        }
    }

    void shellExited() {
        lock.lock();
        try {
            exited = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether the shell is gone: it exited, or its output pipe closed. */
    boolean gone() {
        lock.lock();
        try {
            return exited || eof;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for the current call's marker; its value, or empty when the deadline passed or the
     * shell is {@link #gone()}.
     */
    OptionalLong await(long deadlineNanos) throws InterruptedException {
        lock.lock();
        try {
            while (endValue == null && !exited && !eof) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                changed.awaitNanos(left);
            }
            return endValue == null ? OptionalLong.empty() : OptionalLong.of(endValue);
        } finally {
            lock.unlock();
        }
    }

    /** As {@link #await}, for cleanup that must finish: an interrupt is kept for the caller. */
    OptionalLong awaitUninterruptibly(long deadlineNanos) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return await(deadlineNanos);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Waits until background jobs have printed {@code bytes} bytes since the last call, or the
     * deadline: lets a test start its next call once the output it expects is in, not sooner.
     */
    boolean awaitBetweenCalls(long bytes, long deadlineNanos) throws InterruptedException {
        lock.lock();
        try {
            while (between.total() < bytes && !eof) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                changed.awaitNanos(left);
            }
            return between.total() >= bytes;
        } finally {
            lock.unlock();
        }
    }

    /** After the shell exited: waits until its output is read to the end, or the deadline. */
    void drain(long deadlineNanos) {
        lock.lock();
        try {
            while (!eof) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }
}
