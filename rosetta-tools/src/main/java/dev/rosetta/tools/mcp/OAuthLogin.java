package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;

/**
 * One sign-in with OAuth 2.1's authorization code flow, as MCP asks of a client: Rosetta
 * registers itself (dynamic client registration), the user's browser is sent to the authorization
 * endpoint with a PKCE challenge (S256) and the resource, comes back to a loopback listener with
 * the code, and the code and the PKCE verifier are exchanged for an access token.
 */
final class OAuthLogin {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpClient http;
    private final Duration timeout;
    private final McpEndpoint.OAuthClient registered;

    /**
     * @param timeout    for each request to the authorization server, and for the user to come back
     * @param registered the client registered beforehand, or null to register one now
     */
    OAuthLogin(HttpClient http, Duration timeout, McpEndpoint.OAuthClient registered) {
        this.http = http;
        this.timeout = timeout;
        this.registered = registered;
    }

    /** A client registered with the authorization server, and how it proves who it is at the token endpoint. */
    private record Client(String id, String secret, String authMethod) {}

    /**
     * Signs in and returns the access token.
     *
     * @param scope  the scopes to ask for, space-separated, or null to ask for none by name
     * @param opener opens the authorization URL in the user's browser (and says so)
     */
    String signIn(OAuthServer server, String scope, Consumer<URI> opener) throws IOException, InterruptedException {
        // Checked before anything is sent: the address comes from the server, and a browser acts on it.
        BrowserAddress.require(server.authorize(), "the authorization endpoint its metadata names");
        String state = random();
        String verifier = random();
        try (OAuthCallback callback = OAuthCallback.listen(state)) {
            Client client = registered != null ? known(server) : register(server, callback.redirectUri());
            Map<String, String> query = new LinkedHashMap<>();
            query.put("response_type", "code");
            query.put("client_id", client.id());
            query.put("redirect_uri", callback.redirectUri());
            query.put("state", state);
            query.put("code_challenge", challenge(verifier));
            query.put("code_challenge_method", "S256");
            if (scope != null && !scope.isBlank()) {
                query.put("scope", scope);
            }
            query.put("resource", server.resource());
            String separator = server.authorize().getRawQuery() == null ? "?" : "&";
            opener.accept(URI.create(server.authorize() + separator + form(query)));
            String code = callback.awaitCode(timeout);
            return token(server, client, code, verifier, callback.redirectUri());
        }
    }

    /** The client registered beforehand: its secret sent as the server takes it (Basic unless only in the form). */
    private Client known(OAuthServer server) {
        if (registered.secret() == null) {
            return new Client(registered.id(), null, "none");
        }
        boolean postOnly = server.authMethods().contains("client_secret_post")
                && !server.authMethods().contains("client_secret_basic");
        return new Client(registered.id(), registered.secret(), postOnly ? "client_secret_post" : "client_secret_basic");
    }

    private Client register(OAuthServer server, String redirectUri) throws IOException, InterruptedException {
        if (server.register() == null) {
            throw new IOException("the authorization server lets no client register itself; give the server the"
                    + " client registered for it: oauth = { client_id = \"…\", client_secret = \"${SECRET}\" }");
        }
        String method = authMethod(server.authMethods());
        Map<String, Object> body = Map.of("client_name", "Rosetta", "redirect_uris", List.of(redirectUri),
                "grant_types", List.of("authorization_code", "refresh_token"), "response_types", List.of("code"),
                "token_endpoint_auth_method", method);
        HttpRequest post = HttpRequest.newBuilder(server.register()).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))).build();
        Map<String, Object> answer = json(http.send(post, HttpResponse.BodyHandlers.ofString()), "registering");
        if (!(answer.get("client_id") instanceof String id) || id.isBlank()) {
            throw new IOException("registering gave no client_id");
        }
        String secret = answer.get("client_secret") instanceof String s ? s : null;
        String granted = answer.get("token_endpoint_auth_method") instanceof String m ? m : method;
        return new Client(id, secret, secret == null ? "none" : granted);
    }

    /** A public client where the server allows one; else the first way of sending a secret it takes. */
    private static String authMethod(List<String> supported) {
        if (supported.isEmpty() || supported.contains("none")) {
            return "none";
        }
        for (String method : List.of("client_secret_basic", "client_secret_post")) {
            if (supported.contains(method)) {
                return method;
            }
        }
        return "none";
    }

    private String token(OAuthServer server, Client client, String code, String verifier, String redirectUri)
            throws IOException, InterruptedException {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirectUri);
        form.put("code_verifier", verifier);
        form.put("resource", server.resource());
        HttpRequest.Builder post = HttpRequest.newBuilder(server.token()).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json");
        if (client.authMethod().equals("client_secret_basic")) {
            String pair = URLEncoder.encode(client.id(), StandardCharsets.UTF_8) + ":"
                    + URLEncoder.encode(client.secret(), StandardCharsets.UTF_8);
            post.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    pair.getBytes(StandardCharsets.UTF_8)));
        } else {
            form.put("client_id", client.id());
            if (client.authMethod().equals("client_secret_post")) {
                form.put("client_secret", client.secret());
            }
        }
        Map<String, Object> answer = json(http.send(post.POST(HttpRequest.BodyPublishers.ofString(form(form))).build(),
                HttpResponse.BodyHandlers.ofString()), "getting a token");
        if (!(answer.get("access_token") instanceof String token) || token.isBlank()) {
            throw new IOException("the token endpoint gave no access_token");
        }
        return token;
    }

    private static Map<String, Object> json(HttpResponse<String> answer, String doing) throws IOException {
        if (answer.statusCode() / 100 != 2) {
            String body = answer.body() == null ? "" : answer.body().strip();
            throw new IOException(doing + " was answered " + answer.statusCode()
                    + (body.isEmpty() ? "" : ": " + body.substring(0, Math.min(200, body.length()))));
        }
        try {
            return Json.readObject(answer.body());
        } catch (RuntimeException e) {
            throw new IOException(doing + " was not answered with a JSON object");
        }
    }

    private static String form(Map<String, String> values) {
        return values.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String challenge(String verifier) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }
}
