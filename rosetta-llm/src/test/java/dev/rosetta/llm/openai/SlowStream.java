package dev.rosetta.llm.openai;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import okio.BufferedSink;
import okio.Okio;

/**
 * A reply body that sends a head, then misbehaves the way real connections do: it goes quiet, or
 * keeps the stream open with keep-alive comments until the client hangs up — which it records,
 * so a test can see the server noticed. {@link #cutAfter} drops the connection instead.
 */
final class SlowStream implements MockResponseBody {

    enum Then { GO_QUIET, KEEP_ALIVE }

    private final byte[] head;
    private final Then then;
    final CountDownLatch headSent = new CountDownLatch(1);
    final CountDownLatch clientHungUp = new CountDownLatch(1);

    SlowStream(String head, Then then) {
        this.head = head.getBytes(StandardCharsets.UTF_8);
        this.then = then;
    }

    /** A reply that sends {@code head} and then drops the connection, promised more than it got. */
    static MockResponse cutAfter(String head) {
        return new MockResponse.Builder().setHeader("content-type", "text/event-stream")
                .setHeader("content-length", "100000").socketHandler(socket -> {
                    try (BufferedSink sink = Okio.buffer(socket.getSink())) {
                        sink.writeUtf8(head);
                    } catch (IOException ignored) {
                        // the client may be gone already
                    }
                    socket.cancel();
                }).build();
    }

    @Override
    public long getContentLength() {
        return -1;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        sink.write(head);
        sink.flush();
        headSent.countDown();
        switch (then) {
            case GO_QUIET -> pause(1_500); // well past the test's idle timeout, short enough to shut down
            case KEEP_ALIVE -> {
                try {
                    for (int i = 0; i < 500; i++) {
                        pause(20);
                        sink.writeUtf8(": keep-alive\n\n");
                        sink.flush();
                    }
                } catch (IOException hungUp) {
                    clientHungUp.countDown();
                    throw hungUp;
                }
            }
        }
    }

    boolean awaitHeadSent() throws InterruptedException {
        return headSent.await(5, TimeUnit.SECONDS);
    }

    boolean awaitHangUp() throws InterruptedException {
        return clientHungUp.await(5, TimeUnit.SECONDS);
    }

    private static void pause(long ms) throws IOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
