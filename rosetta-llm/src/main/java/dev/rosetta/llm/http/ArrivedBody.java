package dev.rosetta.llm.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A response body as an InputStream that hands out every byte that arrived before a failure, and
 * only then the failure. The JDK's own ({@code BodySubscribers.ofInputStream}) reports a reset at
 * once and drops the bytes still queued, so a fast reply reset mid-way lost text that a slow one,
 * read as it came, kept. Bytes are asked for one batch at a time, as the JDK's does.
 */
final class ArrivedBody extends InputStream implements HttpResponse.BodySubscriber<InputStream> {

    private static final Object END = new Object();
    private static final Object CLOSED = new Object();

    /** Batches of bytes (List of ByteBuffer), then END or a Throwable; CLOSED wakes a blocked read. */
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
    private Iterator<ByteBuffer> batch = Collections.emptyIterator();
    private ByteBuffer current;
    private boolean ended;
    private Throwable failure;
    private volatile boolean closed;

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedStage(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        if (!subscription.compareAndSet(null, s) || closed) {
            s.cancel();
            return;
        }
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        queue.add(buffers);
    }

    @Override
    public void onError(Throwable t) {
        queue.add(t);
    }

    @Override
    public void onComplete() {
        queue.add(END);
    }

    @Override
    public int read() throws IOException {
        ByteBuffer b = current();
        return b == null ? -1 : b.get() & 0xff;
    }

    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        ByteBuffer b = current();
        if (b == null) {
            return -1;
        }
        int n = Math.min(len, b.remaining());
        b.get(into, off, n);
        return n;
    }

    /** The buffer with bytes left, waiting for one; null at the end of the body. */
    private ByteBuffer current() throws IOException {
        while (current == null || !current.hasRemaining()) {
            if (closed) {
                throw new IOException("the response body was closed");
            }
            if (batch.hasNext()) {
                current = batch.next();
                continue;
            }
            if (ended) {
                return null;
            }
            if (failure != null) {
                throw failure instanceof IOException io ? new IOException(io.getMessage(), io)
                        : new IOException(failure);
            }
            take();
        }
        return current;
    }

    @SuppressWarnings("unchecked")
    private void take() throws IOException {
        Object item;
        try {
            item = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the response");
        }
        if (item == END) {
            ended = true;
        } else if (item instanceof Throwable t) {
            failure = t;
        } else if (item != CLOSED) {
            batch = ((List<ByteBuffer>) item).iterator();
            subscription.get().request(1);
        }
    }

    /** Stops the body from any thread: the connection is dropped and a blocked read fails. */
    @Override
    public void close() {
        closed = true;
        Flow.Subscription s = subscription.getAndSet(CANCELED);
        if (s != null && s != CANCELED) {
            s.cancel();
        }
        queue.add(CLOSED);
    }

    /** Stands in for the subscription once closed, so a late onSubscribe cancels its own. */
    private static final Flow.Subscription CANCELED = new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };
}
