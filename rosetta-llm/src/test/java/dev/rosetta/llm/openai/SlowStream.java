package dev.rosetta.llm.openai;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import mockwebserver3.MockResponseBody;
import okio.BufferedSink;

/**
 * A reply body that sends a head, then misbehaves the way real connections do: it breaks off
 * (the server dies mid-reply), goes quiet, or keeps the stream open with keep-alive comments
 * until the client hangs up — which it records, so a test can see the server noticed.
 */
final class SlowStream implements MockResponseBody {

    enum Then { BREAK, GO_QUIET, KEEP_ALIVE }

    private final byte[] head;
    private final Then then;
    final CountDownLatch clientHungUp = new CountDownLatch(1);

    SlowStream(String head, Then then) {
        this.head = head.getBytes(StandardCharsets.UTF_8);
        this.then = then;
    }

    @Override
    public long getContentLength() {
        // A break must look like one: the client was promised more than it gets.
        return then == Then.BREAK ? head.length + 4096 : -1;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        sink.write(head);
        sink.flush();
        switch (then) {
            case BREAK -> throw new IOException("the server went away");
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
