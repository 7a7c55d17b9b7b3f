package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.tools.mcp.McpServerSettings;
import dev.rosetta.tools.sandbox.NetworkAccess;

/**
 * One {@code [mcp.servers.NAME]} table, as written: {@code ${VAR}}s not yet taken from the
 * environment (that happens when a chat starts it, so a token never has to be in a file).
 *
 * @param name    the server's name, which prefixes its tools
 * @param command the program of a stdio server, or null
 * @param args    its arguments
 * @param env     variables for its process
 * @param url     the URL of an HTTP server, or null
 * @param headers sent to an HTTP server with every request
 * @param oauth   the OAuth client registered for an HTTP server beforehand: {@code client_id} and
 *                {@code client_secret}; empty when none
 * @param enabled false: configured but not started
 * @param timeout how long one call may take, or null for the default
 * @param trust   whether its calls run without asking
 * @param kind    which file it is in
 * @param file    that file
 * @param network what a stdio server may reach in the sandbox ({@code network = "on"}); null for the sandbox's
 * @param writable what a stdio server may write in the sandbox besides the workspace, as written ({@code ~/…})
 */
public record McpServerEntry(String name, String command, List<String> args, Map<String, String> env, String url,
        Map<String, String> headers, Map<String, String> oauth, boolean enabled, Duration timeout, boolean trust,
        ConfigLayer.Kind kind, Path file, NetworkAccess network, List<String> writable) {

    public McpServerEntry {
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(env));
        headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        oauth = oauth == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(oauth));
        writable = writable == null ? List.of() : List.copyOf(writable);
    }

    /** A server sandboxed as the conversation is. */
    public McpServerEntry(String name, String command, List<String> args, Map<String, String> env, String url,
            Map<String, String> headers, Map<String, String> oauth, boolean enabled, Duration timeout, boolean trust,
            ConfigLayer.Kind kind, Path file) {
        this(name, command, args, env, url, headers, oauth, enabled, timeout, trust, kind, file, null, List.of());
    }

    /** A server without an OAuth client of its own. */
    public McpServerEntry(String name, String command, List<String> args, Map<String, String> env, String url,
            Map<String, String> headers, boolean enabled, Duration timeout, boolean trust, ConfigLayer.Kind kind,
            Path file) {
        this(name, command, args, env, url, headers, Map.of(), enabled, timeout, trust, kind, file);
    }

    private static final Map<String, NetworkAccess> NETWORK = new LinkedHashMap<>(Map.of("off", NetworkAccess.OFF));

    static {
        NETWORK.put("on", NetworkAccess.ON);
    }

    /** Whether it comes with the project (and so needs the user's approval to start). */
    public boolean fromProject() {
        return kind == ConfigLayer.Kind.PROJECT;
    }

    /**
     * What the user approves: everything that decides what runs or where data goes, as written.
     * A change to any of it asks again.
     */
    public String definition() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("command", command);
        d.put("args", args);
        d.put("env", env);
        d.put("url", url);
        d.put("headers", headers);
        if (!oauth.isEmpty()) {
            d.put("oauth", oauth);
        }
        d.put("trust", trust);
        if (network != null) {
            d.put("network", network.spelled());
        }
        if (!writable.isEmpty()) {
            d.put("writable", writable);
        }
        return dev.rosetta.core.json.Json.write(d);
    }

    /** The {@code [mcp.servers]} tables of a file; empty when it has none. */
    static List<McpServerEntry> read(ConfigTable mcp, ConfigLayer.Kind kind, Path file) {
        ConfigTable servers = mcp.table("servers");
        if (servers == null) {
            return List.of();
        }
        List<McpServerEntry> out = new ArrayList<>();
        for (String name : servers.keys()) {
            String problem = McpServerSettings.nameProblem(name);
            if (problem != null) {
                throw servers.error(name, "is not a server name: " + problem);
            }
            out.add(one(name, servers.table(name), kind, file));
        }
        return out;
    }

    private static McpServerEntry one(String name, ConfigTable t, ConfigLayer.Kind kind, Path file) {
        String command = t.text("command");
        List<String> args = t.strings("args");
        Map<String, String> env = t.stringTable("env");
        String url = t.text("url");
        Map<String, String> headers = t.stringTable("headers");
        Map<String, String> oauth = t.stringTable("oauth");
        Boolean enabled = t.bool("enabled");
        Duration timeout = t.duration("timeout");
        Boolean trust = t.bool("trust");
        NetworkAccess network = t.choice("network", NETWORK);
        List<String> writable = t.paths("writable");
        if ((command == null) == (url == null)) {
            throw t.error(command == null ? "command" : "url", command == null
                    ? "is missing: a server needs either command = \"…\" (started, over stdio) or url = \"…\" (HTTP)"
                    : "cannot be given with url: a server is either a command (stdio) or a url (HTTP)");
        }
        if (url != null && !url.startsWith("http://") && !url.startsWith("https://") && !url.startsWith("${")) {
            throw t.error("url", "must be an http:// or https:// URL");
        }
        if (command != null && (!headers.isEmpty())) {
            t.warn("headers", "headers are sent only to a url server; this one is a command");
        }
        if (!oauth.isEmpty() && (url == null || !oauth.containsKey("client_id")
                || !java.util.Set.of("client_id", "client_secret").containsAll(oauth.keySet()))) {
            throw t.error("oauth", url == null ? "is for a url server; this one is a command"
                    : "takes client_id (needed) and client_secret: oauth = { client_id = \"…\", client_secret ="
                            + " \"${SECRET}\" }");
        }
        if (url != null && (network != null || writable != null)) {
            t.warn(network != null ? "network" : "writable", "network and writable are for a command server, which"
                    + " runs in the sandbox; this one is a url");
        }
        t.finish("command", "args", "env", "url", "headers", "oauth", "enabled", "timeout", "trust", "network",
                "writable");
        return new McpServerEntry(name, command, args, env, url, headers, oauth, enabled == null || enabled,
                timeout, Boolean.TRUE.equals(trust), kind, file, network, writable);
    }
}
