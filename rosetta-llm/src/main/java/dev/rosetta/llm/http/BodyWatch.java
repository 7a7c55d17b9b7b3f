package dev.rosetta.llm.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A response body that closes itself when no byte arrives for {@code idle}, or when the reply's
 * deadline passes: a stalled or trickling stream then fails the blocked read instead of hanging
 * the conversation. A virtual thread watches it.
 */
final class BodyWatch extends FilterInputStream {

    /** Which limit closed the body. */
    enum Timeout { NONE, IDLE, REPLY }

    private final long idleNanos;
    private final Deadline deadline;
    private volatile long lastActivity = System.nanoTime();
    private volatile boolean closed;
    private volatile Timeout fired = Timeout.NONE;

    BodyWatch(InputStream in, Duration idle, Deadline deadline) {
        super(in);
        this.idleNanos = idle.toNanos();
        this.deadline = deadline;
        Thread.ofVirtual().name("rosetta-body-watch").start(this::watch);
    }

    Timeout fired() {
        return fired;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        lastActivity = System.nanoTime();
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        lastActivity = System.nanoTime();
        return n;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        super.close();
    }

    private void watch() {
        while (!closed) {
            long now = System.nanoTime();
            long idleLeft = idleNanos - (now - lastActivity);
            long replyLeft = deadline.atNanos() - now;
            if (replyLeft <= 0 || idleLeft <= 0) {
                fired = replyLeft <= 0 ? Timeout.REPLY : Timeout.IDLE;
                try {
                    close();
                } catch (IOException ignored) {
                    // closing is all we can do
                }
                return;
            }
            LockSupport.parkNanos(Math.min(idleLeft, replyLeft));
        }
    }
}
