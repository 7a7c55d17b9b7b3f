package dev.rosetta.web;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.rosetta.core.json.Json;

/**
 * A client of the server's event stream, as a browser's EventSource reads it: messages with their
 * ids, read on a thread of its own into a queue the test takes from. Closing it drops the connection.
 */
final class SseReader implements AutoCloseable {

    /** One message: its id and its JSON data. */
    record Message(String id, Map<String, Object> data) {
        String type() {
            return (String) data.get("type");
        }
    }

    private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
    private final InputStream body;
    private final Thread reader;
    final int status;

    SseReader(HttpClient client, URI uri, String token, String lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        status = response.statusCode();
        body = response.body();
        reader = Thread.ofVirtual().start(this::read);
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String id = null;
            StringBuilder data = new StringBuilder();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                } else if (line.isEmpty() && !data.isEmpty()) {
                    messages.add(new Message(id, Json.readObject(data.toString())));
                    data.setLength(0);
                    id = null;
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    /** The next message, waiting up to a generous limit (a failing test, not a timing assumption). */
    Message next() throws InterruptedException {
        Message m = messages.poll(30, TimeUnit.SECONDS);
        if (m == null) {
            throw new AssertionError("no event came within 30 s");
        }
        return m;
    }

    /** Messages up to and including the first that {@code last} accepts. */
    java.util.List<Message> until(Predicate<Message> last) throws InterruptedException {
        java.util.List<Message> seen = new java.util.ArrayList<>();
        while (true) {
            Message m = next();
            seen.add(m);
            if (last.test(m)) {
                return seen;
            }
        }
    }

    static Predicate<Message> type(String type) {
        return m -> type.equals(m.type());
    }

    @Override
    public void close() throws IOException {
        body.close();
        reader.interrupt();
        try {
            reader.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
