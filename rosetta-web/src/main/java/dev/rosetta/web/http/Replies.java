package dev.rosetta.web.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;

import dev.rosetta.core.json.Json;

/**
 * How the server answers: every response carries the headers that keep the page to itself (a
 * content security policy that runs only the server's own scripts and loads nothing from elsewhere,
 * no sniffing, no framing, no referrer), and the API's JSON is never cached.
 */
public final class Replies {

    /** Scripts, styles and everything else from this server only; no inline script, no eval, no frames. */
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self';"
            + " frame-ancestors 'none'";

    /** The most a request body may hold: a long message with a pasted file fits; a runaway client does not. */
    public static final int MAX_BODY = 8 << 20;

    private Replies() {}

    public static void secure(HttpExchange exchange) {
        var h = exchange.getResponseHeaders();
        h.set("Content-Security-Policy", POLICY);
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set("Cross-Origin-Opener-Policy", "same-origin");
        h.set("Cross-Origin-Resource-Policy", "same-origin");
    }

    public static void json(HttpExchange exchange, int status, Object value) throws IOException {
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        send(exchange, status, "application/json; charset=utf-8", Json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    /** An error for the page or a script: what happened and what to do, as {@code {"error": "…"}}. */
    public static void error(HttpExchange exchange, int status, String message) throws IOException {
        json(exchange, status, Map.of("error", message));
    }

    public static void text(HttpExchange exchange, int status, String text) throws IOException {
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        send(exchange, status, "text/plain; charset=utf-8", (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
            return;
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** The request's JSON object; an {@link IllegalArgumentException} saying why when it is not one. */
    public static Map<String, Object> body(HttpExchange exchange) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new IllegalArgumentException("send JSON (Content-Type: application/json)");
        }
        try (InputStream in = exchange.getRequestBody()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new IllegalArgumentException("the request is larger than " + (MAX_BODY >> 20) + " MiB");
            }
            try {
                return Json.readObject(new String(bytes, StandardCharsets.UTF_8));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the request is not one JSON object");
            }
        }
    }
}
