package dev.rosetta.llm.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A response body that closes itself when no byte arrives for {@code idle}: a stalled stream
 * then fails the blocked read instead of hanging the conversation. A virtual thread watches it.
 */
final class IdleGuard extends FilterInputStream {

    private final long idleNanos;
    private volatile long lastActivity = System.nanoTime();
    private volatile boolean closed;
    private volatile boolean timedOut;

    IdleGuard(InputStream in, Duration idle) {
        super(in);
        this.idleNanos = idle.toNanos();
        Thread.ofVirtual().name("rosetta-idle-guard").start(this::watch);
    }

    /** Whether the stream was closed because it went quiet. */
    boolean timedOut() {
        return timedOut;
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
            long quiet = System.nanoTime() - lastActivity;
            if (quiet >= idleNanos) {
                timedOut = true;
                try {
                    close();
                } catch (IOException ignored) {
                    // closing is all we can do
                }
                return;
            }
            LockSupport.parkNanos(idleNanos - quiet);
        }
    }
}
