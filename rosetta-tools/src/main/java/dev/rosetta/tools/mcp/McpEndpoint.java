package dev.rosetta.tools.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.tools.sandbox.NetworkAccess;

/**
 * How to reach an MCP server: a command Rosetta starts and talks to over stdin and stdout, or a
 * URL it talks to over streamable HTTP (falling back to the older HTTP+SSE transport when the
 * server answers that way). Every value here is final, with {@code ${VAR}}s already taken from
 * the environment; {@link #shown()} is the definition as written, and {@link #redact} takes every
 * secret back out of a text before it is shown or logged.
 */
public sealed interface McpEndpoint {

    /** The definition as the user wrote it (with {@code ${VAR}}, no header values): safe to show. */
    String shown();

    /** Values that must never be shown: header values and whatever {@code ${VAR}} stood for. */
    Set<String> secrets();

    /** {@code text} with every secret replaced by {@code ***}, however short. */
    default String redact(String text) {
        return redaction().apply(text);
    }

    /** The secrets, each shown as {@code ***}: the one rule for secrets in text ({@link Redaction}). */
    default Redaction redaction() {
        return Redaction.of(secrets(), "***", 1);
    }

    /**
     * A server started as a process. It gets Rosetta's environment without the secrets (the
     * {@link dev.rosetta.tools.sandbox.SecretVariables} rule every tool's process goes through),
     * and {@code env} on top: a key reaches it only when its definition names it.
     *
     * @param command  the program (looked up on the PATH)
     * @param args     its arguments
     * @param env      variables added to Rosetta's environment for it
     * @param network  what it may reach in the sandbox; null for what the conversation's sandbox allows
     * @param writable what it may write in the sandbox besides the workspace (its cache, say)
     */
    record Stdio(String command, List<String> args, Map<String, String> env, NetworkAccess network,
            List<Path> writable, String shown, Set<String> secrets) implements McpEndpoint {
        public Stdio {
            Objects.requireNonNull(command, "command");
            args = List.copyOf(args);
            env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
            writable = List.copyOf(writable);
            secrets = Set.copyOf(secrets);
        }

        /** A command with nothing secret, sandboxed as the conversation is (tests, tools). */
        public static Stdio of(String command, List<String> args) {
            return new Stdio(command, args, Map.of(), null, List.of(), String.join(" ", withCommand(command, args)),
                    Set.of());
        }

        /** The same server with {@code more} variables for its process. */
        public Stdio withEnv(Map<String, String> more) {
            Map<String, String> all = new LinkedHashMap<>(env);
            all.putAll(more);
            return new Stdio(command, args, all, network, writable, shown, secrets);
        }

        /** The same server, reaching {@code access} of the network. */
        public Stdio withNetwork(NetworkAccess access) {
            return new Stdio(command, args, env, access, writable, shown, secrets);
        }

        private static List<String> withCommand(String command, List<String> args) {
            List<String> all = new java.util.ArrayList<>(List.of(command));
            all.addAll(args);
            return all;
        }
    }

    /**
     * A server reached over HTTP.
     *
     * @param url         its MCP endpoint, e.g. {@code https://example.com/mcp}
     * @param headers     sent with every request (an {@code Authorization} token, say)
     * @param oauthClient the client registered for it beforehand, for an OAuth sign-in at an
     *                    authorization server that lets no client register itself; or null
     */
    record Http(URI url, Map<String, String> headers, String shown, Set<String> secrets, OAuthClient oauthClient)
            implements McpEndpoint {
        public Http {
            Objects.requireNonNull(url, "url");
            headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
            Set<String> all = new java.util.HashSet<>(secrets);
            all.addAll(headers.values());
            if (oauthClient != null && oauthClient.secret() != null) {
                all.add(oauthClient.secret());
            }
            secrets = Set.copyOf(all);
        }

        /** A server without a client registered beforehand. */
        public Http(URI url, Map<String, String> headers, String shown, Set<String> secrets) {
            this(url, headers, shown, secrets, null);
        }

        public static Http of(URI url) {
            return new Http(url, Map.of(), url.toString(), Set.of());
        }
    }

    /**
     * An OAuth client registered for a server beforehand.
     *
     * @param id     its client id
     * @param secret its secret, or null for a public client
     */
    record OAuthClient(String id, String secret) {
        public OAuthClient {
            Objects.requireNonNull(id, "id");
        }
    }
}
