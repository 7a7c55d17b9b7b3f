package dev.rosetta.cli.terminal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Piped stdin read whole for a prompt, never silently: a harness that leaves stdin open as a pipe and
 * writes nothing (Node's {@code spawn}, many CI runners) would otherwise have Rosetta wait for it
 * forever without a word. When nothing has come after {@link #PATIENCE}, {@code waiting} is told once
 * (to say on stderr that Rosetta waits for the pipe, and how to do without it); the read goes on.
 */
public final class PipedInput {

    /** How long a pipe may stay silent before Rosetta says that it waits for it. */
    public static final Duration PATIENCE = Duration.ofSeconds(3);

    private PipedInput() {}

    /**
     * The bytes piped in, at most {@code limit} ({@link MessageInput#readStdin}).
     *
     * @param waiting run once, on another thread, when no byte (nor the end) has come after {@code patience}
     */
    public static byte[] read(InputStream stdin, long limit, Duration patience, Runnable waiting)
            throws MessageInput.UnreadableException, MessageInput.TooLargeException {
        CountDownLatch heard = new CountDownLatch(1);
        Thread watcher = Thread.ofVirtual().name("stdin-wait").start(() -> {
            try {
                if (!heard.await(patience.toNanos(), TimeUnit.NANOSECONDS)) {
                    waiting.run();
                }
            } catch (InterruptedException e) {
                // the read is over
            }
        });
        try {
            return MessageInput.readStdin(new FirstByte(stdin, heard), limit);
        } finally {
            heard.countDown();
            watcher.interrupt();
        }
    }

    /** Counts {@code heard} down when the first read returns, with a byte or with the end. */
    private static final class FirstByte extends FilterInputStream {
        private final CountDownLatch heard;

        FirstByte(InputStream in, CountDownLatch heard) {
            super(in);
            this.heard = heard;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } finally {
                heard.countDown();
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } finally {
                heard.countDown();
            }
        }
    }
}
