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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider that answers every request with a 200 and the start of a stream in the API's wire
 * format, then resets the connection at once (SO_LINGER 0: a TCP RST, not the clean close the
 * fake provider makes) — a proxy or a server crashing mid-reply. The text and the reset arrive
 * together, before the client has read a byte of the body.
 */
final class ResettingProvider implements AutoCloseable {

    private final ServerSocket socket;
    private final String body;
    private final AtomicInteger requests = new AtomicInteger();

    ResettingProvider(Api api, String text) {
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
                client.setSoLinger(true, 0);
            } catch (IOException closedOrGone) {
                // the next connection, or the end
            }
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
