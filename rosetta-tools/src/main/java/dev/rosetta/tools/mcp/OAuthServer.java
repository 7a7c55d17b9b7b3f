package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.json.Json;

/**
 * Where and how an MCP server's tokens are had, found as the MCP authorization spec says: the
 * server's protected resource metadata (RFC 9728; named in its 401, else at the well-known paths)
 * names the authorization server, whose metadata (RFC 8414 or OpenID) names the endpoints. A
 * server of the 2025-03-26 revision has no resource metadata: it is its own authorization server,
 * with {@code /authorize}, {@code /token} and {@code /register} when it has no metadata either.
 *
 * @param authorize       the authorization endpoint
 * @param token           the token endpoint
 * @param register        the dynamic client registration endpoint (RFC 7591), or null
 * @param authMethods     how the token endpoint takes a client's credentials
 * @param resource        the resource to ask a token for (RFC 8707)
 * @param scopesSupported the scopes the resource names, empty when it names none
 */
record OAuthServer(URI authorize, URI token, URI register, List<String> authMethods, String resource,
        List<String> scopesSupported) {

    /** What a 401 or 403 said in its {@code WWW-Authenticate: Bearer …} header; fields null when absent. */
    record Challenge(String resourceMetadata, String scope, String error) {
        private static final Pattern PARAM = Pattern.compile("([A-Za-z_]+)=\"([^\"]*)\"");

        static Challenge of(List<String> headers) {
            String metadata = null;
            String scope = null;
            String error = null;
            for (String header : headers) {
                Matcher m = PARAM.matcher(header);
                while (m.find()) {
                    switch (m.group(1)) {
                        case "resource_metadata" -> metadata = m.group(2);
                        case "scope" -> scope = m.group(2);
                        case "error" -> error = m.group(2);
                        default -> { }
                    }
                }
            }
            return new Challenge(metadata, scope, error);
        }
    }

    /** Finds the authorization server of the MCP server at {@code mcp}, from what its refusal said. */
    static OAuthServer discover(HttpClient http, URI mcp, Challenge challenge, Duration timeout)
            throws IOException, InterruptedException {
        List<URI> prmPlaces = new ArrayList<>();
        if (challenge.resourceMetadata() != null) {
            prmPlaces.add(mcp.resolve(challenge.resourceMetadata()));
        } else {
            String path = trimmed(mcp.getRawPath());
            if (!path.isEmpty()) {
                prmPlaces.add(URI.create(origin(mcp) + "/.well-known/oauth-protected-resource" + path));
            }
            prmPlaces.add(URI.create(origin(mcp) + "/.well-known/oauth-protected-resource"));
        }
        Map<String, Object> prm = firstFound(http, prmPlaces, timeout);
        URI issuer = URI.create(origin(mcp));
        String resource = mcp.toString();
        List<String> scopes = List.of();
        if (prm != null) {
            if (!(prm.get("authorization_servers") instanceof List<?> servers) || servers.isEmpty()) {
                throw new IOException("its resource metadata names no authorization server");
            }
            issuer = mcp.resolve(String.valueOf(servers.get(0)));
            if (prm.get("resource") instanceof String named) {
                if (!covers(named, mcp)) {
                    throw new IOException("its resource metadata is for another resource: " + named);
                }
                resource = named;
            }
            scopes = strings(prm.get("scopes_supported"));
        }
        Map<String, Object> metadata = firstFound(http, metadataPlaces(issuer), timeout);
        if (metadata == null) {
            URI root = URI.create(origin(issuer));
            return new OAuthServer(root.resolve("/authorize"), root.resolve("/token"), root.resolve("/register"),
                    List.of(), resource, scopes);
        }
        return new OAuthServer(uri(metadata, "authorization_endpoint", issuer), uri(metadata, "token_endpoint", issuer),
                metadata.get("registration_endpoint") == null ? null : uri(metadata, "registration_endpoint", issuer),
                strings(metadata.get("token_endpoint_auth_methods_supported")), resource, scopes);
    }

    /** RFC 8414's place for an issuer with a path, then OpenID's two; for one without, the two at the root. */
    private static List<URI> metadataPlaces(URI issuer) {
        String origin = origin(issuer);
        String path = trimmed(issuer.getRawPath());
        if (path.isEmpty()) {
            return List.of(URI.create(origin + "/.well-known/oauth-authorization-server"),
                    URI.create(origin + "/.well-known/openid-configuration"));
        }
        return List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + path),
                URI.create(origin + "/.well-known/openid-configuration" + path),
                URI.create(origin + path + "/.well-known/openid-configuration"));
    }

    /** The first of {@code places} that answers 200 with a JSON object; null when none does. */
    private static Map<String, Object> firstFound(HttpClient http, List<URI> places, Duration timeout)
            throws IOException, InterruptedException {
        for (URI place : places) {
            HttpRequest get = HttpRequest.newBuilder(place).timeout(timeout).header("Accept", "application/json")
                    .GET().build();
            HttpResponse<String> answer = http.send(get, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 200) {
                try {
                    return Json.readObject(answer.body());
                } catch (RuntimeException e) {
                    throw new IOException(place + " is not JSON metadata");
                }
            }
        }
        return null;
    }

    /** Whether a resource named {@code named} covers the server at {@code mcp}: same origin, a prefix of its path. */
    private static boolean covers(String named, URI mcp) {
        URI resource = URI.create(named);
        return origin(resource).equalsIgnoreCase(origin(mcp))
                && (trimmed(mcp.getRawPath()) + "/").startsWith(trimmed(resource.getRawPath()) + "/");
    }

    private static URI uri(Map<String, Object> metadata, String field, URI base) throws IOException {
        if (!(metadata.get(field) instanceof String value) || value.isBlank()) {
            throw new IOException("the authorization server's metadata has no " + field);
        }
        return base.resolve(value);
    }

    private static List<String> strings(Object value) {
        return value instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
    }

    static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    private static String trimmed(String path) {
        if (path == null) {
            return "";
        }
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
