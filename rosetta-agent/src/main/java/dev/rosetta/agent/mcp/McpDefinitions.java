package dev.rosetta.agent.mcp;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.mcp.McpEndpoint;
import dev.rosetta.tools.mcp.McpServerSettings;

/**
 * Server definitions — a config table or a {@code --mcp} flag — turned into what a conversation
 * runs: {@code ${VAR}}s taken from the environment, the URL checked, the time limits chosen.
 */
public final class McpDefinitions {

    private McpDefinitions() {}

    /**
     * {@code --mcp NAME=URL} or {@code --mcp 'NAME=COMMAND ARGS…'}, for this chat only; the words
     * are split as a shell would, and no shell runs.
     */
    public static McpServerEntry flag(String value) {
        int eq = value.indexOf('=');
        String name = eq < 0 ? null : value.substring(0, eq).strip();
        String problem = McpServerSettings.nameProblem(name);
        if (problem != null) {
            throw new RosettaException("--mcp " + value + ": give NAME=URL or NAME=COMMAND ARGS…; " + problem);
        }
        String rest = value.substring(eq + 1).strip();
        if (rest.startsWith("http://") || rest.startsWith("https://")) {
            return new McpServerEntry(name, null, List.of(), Map.of(), rest, Map.of(), true, null, false, null, null);
        }
        List<String> words = ShellWords.split(rest);
        if (words.isEmpty()) {
            throw new RosettaException("--mcp " + value + ": the command after '=' is missing");
        }
        return new McpServerEntry(name, words.get(0), words.subList(1, words.size()), Map.of(), null, Map.of(), true,
                null, false, null, null);
    }

    /** A server given as a URL or a command where a name is not needed ({@code rosetta mcp tools URL}). */
    public static McpServerEntry adHoc(String target) {
        return flag("server=" + target);
    }

    /** What a conversation runs for {@code entry}, its log rotated at the default size. */
    public static McpServerSettings settings(McpServerEntry entry, Map<String, String> environment, Path workspace,
            Path stderrLog) {
        return settings(entry, environment, workspace, stderrLog, McpServerSettings.DEFAULT_LOG_LIMIT);
    }

    /**
     * What a conversation runs for {@code entry}.
     *
     * @param environment    where {@code ${VAR}}s are taken from
     * @param stderrLog      where a stdio server's standard error goes, or null
     * @param stderrLogLimit how large that log grows before it is rotated
     */
    public static McpServerSettings settings(McpServerEntry entry, Map<String, String> environment, Path workspace,
            Path stderrLog, long stderrLogLimit) {
        Set<String> secrets = new HashSet<>();
        EnvReferences refs = new EnvReferences(environment, secrets);
        String where = "[mcp.servers." + entry.name() + "]";
        McpEndpoint endpoint;
        if (entry.url() != null) {
            String url = refs.expand(entry.url(), where + " url");
            Map<String, String> headers = refs.expand(entry.headers(), where + " headers");
            Map<String, String> oauth = refs.expand(entry.oauth(), where + " oauth");
            McpEndpoint.OAuthClient client = oauth.isEmpty() ? null
                    : new McpEndpoint.OAuthClient(oauth.get("client_id"), oauth.get("client_secret"));
            endpoint = new McpEndpoint.Http(httpUrl(url, entry), headers, entry.url(), secrets, client);
        } else {
            Map<String, String> env = refs.expand(entry.env(), where + " env");
            String shown = String.join(" ", entry.command(), String.join(" ", entry.args())).strip();
            // A server gets the secrets of Rosetta's environment only when its env names them (the
            // sandbox's rule takes the rest out when it starts).
            Path home = Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")));
            List<Path> writable = entry.writable().stream().map(p -> ConfigPaths.expandHome(p, home)).toList();
            endpoint = new McpEndpoint.Stdio(entry.command(), entry.args(), env, entry.network(), writable, shown,
                    secrets);
        }
        return new McpServerSettings(entry.name(), endpoint,
                entry.timeout() != null ? entry.timeout() : McpServerSettings.DEFAULT_CALL_TIMEOUT,
                McpServerSettings.DEFAULT_START_TIMEOUT, entry.trust(), workspace, stderrLog, stderrLogLimit);
    }

    private static URI httpUrl(String url, McpServerEntry entry) {
        try {
            URI uri = new URI(url);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // said below, without the URL, which may hold a token
        }
        throw new RosettaException("the url of MCP server " + entry.name() + " (" + entry.url()
                + ") is not an http:// or https:// URL");
    }
}
