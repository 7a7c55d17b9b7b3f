package dev.rosetta.llm.provider;

import java.util.Locale;

/**
 * {@code OLLAMA_HOST} as Ollama's own client reads it: {@code host}, {@code host:port} or a URL.
 * Without a scheme it is http on port 11434; with one, a missing port is the scheme's (80, 443);
 * a path is kept; the bind-everything addresses {@code 0.0.0.0} and {@code ::} (what a server is
 * often told to listen on) are reached at loopback. Read by hand rather than by {@code URI}: a bare
 * {@code host:port} is no URI.
 */
public final class OllamaHost {

    /** Where Ollama listens when nothing else is said. */
    public static final String DEFAULT = "http://127.0.0.1:11434";
    static final int DEFAULT_PORT = 11434;

    private OllamaHost() {}

    /** The server's root URL, without a trailing '/'; {@link #DEFAULT} for a blank value. */
    public static String url(String host) {
        String h = host == null ? "" : host.strip();
        if (h.isEmpty()) {
            return DEFAULT;
        }
        String scheme = "http";
        int defaultPort = DEFAULT_PORT;
        int sep = h.indexOf("://");
        if (sep >= 0) {
            scheme = h.substring(0, sep).toLowerCase(Locale.ROOT);
            defaultPort = scheme.equals("https") ? 443 : 80;
            h = h.substring(sep + 3);
        }
        int slash = h.indexOf('/');
        String path = slash < 0 ? "" : h.substring(slash).replaceAll("/+$", "");
        String hostPort = slash < 0 ? h : h.substring(0, slash);
        String hostName = hostPort;
        String port = null;
        if (hostPort.startsWith("[")) { // [::1]:11434
            int close = hostPort.indexOf(']');
            hostName = close < 0 ? hostPort : hostPort.substring(0, close + 1);
            port = close >= 0 && hostPort.startsWith(":", close + 1) ? hostPort.substring(close + 2) : null;
        } else if (hostPort.indexOf(':') == hostPort.lastIndexOf(':') && hostPort.indexOf(':') >= 0) {
            hostName = hostPort.substring(0, hostPort.indexOf(':'));
            port = hostPort.substring(hostPort.indexOf(':') + 1);
        } else if (hostPort.indexOf(':') >= 0) { // a bare IPv6 address
            hostName = "[" + hostPort + "]";
        }
        hostName = switch (hostName) {
            case "", "0.0.0.0" -> "127.0.0.1";
            case "[::]" -> "[::1]";
            default -> hostName;
        };
        boolean portOk = port != null && port.matches("[0-9]{1,5}") && Integer.parseInt(port) <= 65535;
        return scheme + "://" + hostName + ":" + (portOk ? port : String.valueOf(defaultPort)) + path;
    }
}
