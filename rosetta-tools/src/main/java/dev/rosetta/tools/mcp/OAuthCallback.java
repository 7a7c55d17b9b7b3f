package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Where the browser comes back after the user signed in: a listener on the loopback address,
 * for one redirect carrying the authorization code. A redirect whose {@code state} is not the one
 * sent is refused (it did not come from this sign-in).
 */
final class OAuthCallback implements AutoCloseable {

    private final HttpServer server;
    private final String state;
    private final CompletableFuture<Map<String, String>> answer = new CompletableFuture<>();

    private OAuthCallback(HttpServer server, String state) {
        this.server = server;
        this.state = state;
    }

    /** Listens on a free loopback port for the redirect of the sign-in sent with {@code state}. */
    static OAuthCallback listen(String state) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OAuthCallback callback = new OAuthCallback(server, state);
        server.createContext("/callback", callback::handle);
        server.start();
        return callback;
    }

    /** The redirect URI to register and send. */
    String redirectUri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
    }

    /** The authorization code, once the browser has come back, at most {@code bound} from now. */
    String awaitCode(Duration bound) throws IOException, InterruptedException {
        Map<String, String> query;
        try {
            query = answer.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("no sign-in came back within " + bound.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage());
        }
        if (query.containsKey("error")) {
            throw new IOException("the authorization server refused: " + query.get("error")
                    + (query.containsKey("error_description") ? " (" + query.get("error_description") + ")" : ""));
        }
        String code = query.get("code");
        if (code == null || code.isBlank()) {
            throw new IOException("the authorization server sent no code back");
        }
        return code;
    }

    private void handle(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI());
        boolean ours = state.equals(query.get("state"));
        byte[] page = (ours ? "Signed in. You can close this tab and go back to Rosetta."
                : "This sign-in is not the one Rosetta is waiting for.").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(ours ? 200 : 400, page.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(page);
        }
        if (ours) {
            answer.complete(query);
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(name, value);
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
