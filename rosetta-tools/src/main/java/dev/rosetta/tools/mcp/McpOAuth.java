package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.tools.process.Executables;
import io.modelcontextprotocol.client.transport.HttpRequestSnapshot;
import io.modelcontextprotocol.client.transport.customizer.McpHttpClientTransportAuthorizationErrorHandler;
import io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer;

/**
 * An HTTP server's OAuth sign-in, for a server configured without an {@code Authorization}
 * header: the SDK's transport sends the token with every request, and on a 401 (or a 403 asking
 * for more scope) hands the refusal here, where the user signs in in the browser and the request
 * is sent again with the new token. The token is kept for the chat, across reconnections, and
 * never written anywhere. Sign-ins are bounded, so a server that refuses every token is not
 * asked forever.
 */
final class McpOAuth {

    private static final int MOST_SIGN_INS = 3;

    private final String name;
    private final URI url;
    private final McpEndpoint.OAuthClient registered;
    private final Duration timeout;
    private final Consumer<String> say;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL).build();
    private volatile String token;
    private String scope;
    private int signIns;

    /**
     * @param timeout for each request of a sign-in, and for the user to come back from the browser
     * @param say     tells the user, in one line, where to sign in
     */
    McpOAuth(String name, McpEndpoint.Http endpoint, Duration timeout, Consumer<String> say) {
        this.name = name;
        this.url = endpoint.url();
        this.registered = endpoint.oauthClient();
        this.timeout = timeout;
        this.say = say;
    }

    /** Puts the token, once there is one, on every request of the transport. */
    McpSyncHttpClientRequestCustomizer bearer() {
        return (builder, method, uri, body, context) -> {
            String current = token;
            if (current != null) {
                builder.setHeader("Authorization", "Bearer " + current);
            }
        };
    }

    /** Signs in when the server refuses a request for want of a token or of scope; true: send it again. */
    McpHttpClientTransportAuthorizationErrorHandler onRefusal() {
        return McpHttpClientTransportAuthorizationErrorHandler.fromSync((request, info, context) -> refused(request,
                info));
    }

    private synchronized boolean refused(HttpRequestSnapshot request, HttpResponse.ResponseInfo info) {
        OAuthServer.Challenge challenge = OAuthServer.Challenge.of(info.headers().allValues("WWW-Authenticate"));
        boolean moreScope = info.statusCode() == 403 && "insufficient_scope".equals(challenge.error());
        if (info.statusCode() != 401 && !moreScope) {
            return false;
        }
        String sent = request.headers().firstValue("Authorization").orElse(null);
        if (token != null && !("Bearer " + token).equals(sent) && !moreScope) {
            return true; // another request signed in meanwhile: this one goes again with that token
        }
        if (signIns >= MOST_SIGN_INS) {
            return false;
        }
        signIns++;
        try {
            OAuthServer server = OAuthServer.discover(http, url, challenge, timeout);
            String wanted = moreScope ? union(scope, challenge.scope()) : challenge.scope() != null ? challenge.scope()
                    : server.scopesSupported().isEmpty() ? null : String.join(" ", server.scopesSupported());
            token = new OAuthLogin(http, timeout, registered).signIn(server, wanted, this::open);
            scope = wanted;
            say.accept("mcp: signed in to " + name);
            return true;
        } catch (IOException e) {
            throw new IllegalStateException("signing in to " + name + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("signing in to " + name + " was interrupted");
        }
    }

    private static String union(String had, String more) {
        Set<String> all = new LinkedHashSet<>();
        for (String scopes : new String[] {had, more}) {
            if (scopes != null) {
                all.addAll(List.of(scopes.trim().split("\\s+")));
            }
        }
        all.remove("");
        return all.isEmpty() ? null : String.join(" ", all);
    }

    /**
     * Sends the user's browser to the authorization URL: {@code $BROWSER} if set (a command, given
     * the URL), else the system's opener; the URL is said in any case, for a browser elsewhere.
     */
    private void open(URI authorization) {
        say.accept("mcp: " + name + " asks you to sign in: " + authorization);
        String browser = System.getenv("BROWSER");
        List<String> command;
        if (browser != null && !browser.isBlank()) {
            command = List.of("sh", "-c", browser.strip() + " \"$1\"", "sh", authorization.toString());
        } else {
            var opener = Executables.find("xdg-open", System.getenv("PATH"))
                    .or(() -> Executables.find("open", System.getenv("PATH")));
            if (opener.isEmpty()) {
                return;
            }
            command = List.of(opener.get().toString(), authorization.toString());
        }
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            say.accept("mcp: could not open a browser (" + e.getMessage() + "); open the address above");
        }
    }
}
