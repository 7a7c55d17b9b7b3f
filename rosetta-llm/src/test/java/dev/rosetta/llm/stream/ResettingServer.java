package dev.rosetta.llm.stream;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A server that answers one request with a 200, and once told to ({@link #sendBodyAndReset()})
 * the start of a body, then resets the connection (SO_LINGER 0: a TCP RST, not a FIN) — what a
 * proxy or a crashing server does. MockWebServer only closes cleanly, which the JDK's client
 * reports after the bytes that came; a reset it reports at once, and bytes not read yet were lost.
 */
final class ResettingServer implements AutoCloseable {

    private final ServerSocket socket;
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch reset = new CountDownLatch(1);

    ResettingServer(String contentType, String body) {
        try {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(() -> answer(contentType, body));
    }

    String url(String path) {
        return "http://127.0.0.1:" + socket.getLocalPort() + path;
    }

    /** Sends the body, resets the connection, and returns once it did. */
    boolean sendBodyAndReset() throws InterruptedException {
        go.countDown();
        return reset.await(5, TimeUnit.SECONDS);
    }

    private void answer(String contentType, String body) {
        try (Socket client = socket.accept()) {
            readRequest(new BufferedInputStream(client.getInputStream()));
            OutputStream out = client.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\ncontent-type: " + contentType + "\r\ncontent-length: 100000\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            go.await();
            out.write(body.getBytes(StandardCharsets.UTF_8));
            out.flush();
            client.setSoLinger(true, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // the client went first: the test sees it
        }
        reset.countDown();
    }

    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return;
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
