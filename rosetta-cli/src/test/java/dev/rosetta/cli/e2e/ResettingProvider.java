package dev.rosetta.cli.e2e;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A provider that answers every request with a 200 and the start of a stream in the API's wire
 * format, then resets the connection at once (SO_LINGER 0: a TCP RST, not the clean close the
 * fake provider makes) — a proxy or a server crashing mid-reply. The reset waits until
 * {@code resetWhen} holds (the client showed the text): a RST sent at once can overtake the text
 * itself, which the kernel then discards, and no client could keep what never arrived.
 */
final class ResettingProvider implements AutoCloseable {

    private final ServerSocket socket;
    private final String body;
    private static final long GATE_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final AtomicInteger requests = new AtomicInteger();
    private final BooleanSupplier resetWhen;

    ResettingProvider(Api api, String text, BooleanSupplier resetWhen) {
        this.resetWhen = resetWhen;
        this.body = api.wire().streamStart(text);
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(this::serve);
    }

    Map<String, String> baseUrls() {
        String root = "http://127.0.0.1:" + socket.getLocalPort();
        return Map.of("OPENAI_BASE_URL", root + "/v1", "ANTHROPIC_BASE_URL", root);
    }

    int requests() {
        return requests.get();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                readRequest(new BufferedInputStream(client.getInputStream()));
                requests.incrementAndGet();
                OutputStream out = client.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\ncontent-length: 100000"
                        + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
                out.flush();
                awaitGate();
                client.setSoLinger(true, 0);
            } catch (IOException closedOrGone) {
                // the next connection, or the end
            }
        }
    }

    /** Waits (bounded) for the gate; the test's assertions say what went wrong if it never opens. */
    private void awaitGate() {
        long deadline = System.nanoTime() + GATE_NANOS;
        while (!resetWhen.getAsBoolean() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the request ended early");
            }
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        in.readNBytes(length);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
