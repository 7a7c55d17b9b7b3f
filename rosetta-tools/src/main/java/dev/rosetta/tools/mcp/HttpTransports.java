package dev.rosetta.tools.mcp;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.function.Consumer;

import dev.rosetta.core.tool.ErrorCode;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;

/**
 * The SDK's transports to a server reached over HTTP, as Rosetta sets them up: streamable HTTP
 * through a {@link ResumingHttpClient}, with the server's headers and, for a server without an
 * {@code Authorization} header of its own, the OAuth sign-in; or the older HTTP+SSE. And, when
 * nothing answered at all, why, in words.
 */
final class HttpTransports {

    private static final Duration CONNECT_WAIT = Duration.ofSeconds(10);

    private HttpTransports() {}

    /**
     * @param oauth signs in when the server asks for a token; null for none
     * @param built gets the HTTP client the transport is given
     */
    static McpClientTransport streamable(String name, McpEndpoint.Http http, McpOAuth oauth,
            Consumer<ResumingHttpClient> built) throws McpFailure {
        // A stream the server closes before the call's answer is opened again from its last event.
        var builder = HttpClientStreamableHttpTransport.builder(origin(http.url())).endpoint(pathOf(http.url()))
                .clientBuilder(ResumingHttpClient.builder(built))
                .requestBuilder(headers(name, http)).connectTimeout(CONNECT_WAIT);
        if (oauth != null) {
            builder.httpRequestCustomizer(oauth.bearer()).authorizationErrorHandler(oauth.onRefusal());
        }
        return builder.build();
    }

    static McpClientTransport sse(String name, McpEndpoint.Http http) throws McpFailure {
        return HttpClientSseClientTransport.builder(origin(http.url())).sseEndpoint(pathOf(http.url()))
                .requestBuilder(headers(name, http)).connectTimeout(CONNECT_WAIT).build();
    }

    /** Why nothing answered, in words, from the failure's causes (Java's often have no message). */
    static String unreached(McpFailure failure) {
        for (Throwable t = failure.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage().strip();
            switch (t) {
                case java.net.http.HttpConnectTimeoutException e -> {
                    return "the connection timed out";
                }
                case java.net.ConnectException e -> {
                    return message.isEmpty() || message.contains("refused")
                            ? "the connection was refused (is the server running?)" : message;
                }
                case java.net.UnknownHostException e -> {
                    return "there is no such host" + (message.isEmpty() ? "" : " (" + message + ")");
                }
                case javax.net.ssl.SSLException e -> {
                    return "TLS failed: " + (message.isEmpty() ? e.getClass().getSimpleName() : message);
                }
                default -> {
                    // look further down
                }
            }
        }
        return "nothing answered (" + failure.getMessage() + ")";
    }

    private static HttpRequest.Builder headers(String name, McpEndpoint.Http http) throws McpFailure {
        HttpRequest.Builder builder = HttpRequest.newBuilder();
        for (var header : http.headers().entrySet()) {
            try {
                builder.header(header.getKey(), header.getValue());
            } catch (IllegalArgumentException e) {
                throw new McpFailure(ErrorCode.UNAVAILABLE, name + ": the header '" + header.getKey()
                        + "' cannot be sent (Java's HTTP client sets it itself, or its name or value is not valid)");
            }
        }
        return builder;
    }

    private static String origin(URI url) {
        return url.getScheme() + "://" + url.getRawAuthority();
    }

    private static String pathOf(URI url) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }
}
