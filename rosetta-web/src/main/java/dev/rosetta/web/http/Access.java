package dev.rosetta.web.http;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.rosetta.web.ServeSettings;

/**
 * Who may talk to the server, decided for every request before anything else reads it:
 * <ol>
 * <li>the {@code Host} header names this server — an address of it, {@code localhost}, its own
 * host name, or the public URL's host — so a page on a domain that was made to resolve to this
 * machine (DNS rebinding) is refused;</li>
 * <li>an {@code Origin}, when the browser sends one, is this server's own (or the public URL's), and
 * the browser does not call it cross-site: no other page may post to it, nor read its stream;</li>
 * <li>the token is given: {@code Authorization: Bearer}, the cookie the first visit set, or
 * {@code ?token=} (the printed URL), on every request, loopback included.</li>
 * </ol>
 */
public final class Access {

    /** What the guard decided. */
    public sealed interface Verdict {}

    /** Let in; {@code fromQuery} when the token came in the URL (the page then moves it to a cookie). */
    public record Allowed(boolean fromQuery) implements Verdict {}

    /** Turned away with {@code status} (401, 403) and a line that says what to do. */
    public record Refused(int status, String message) implements Verdict {}

    /** A request as the guard reads it: the headers that matter, null where absent. */
    public record Request(String host, String origin, String fetchSite, String authorization, String cookie,
            String query) {}

    private final ServeSettings settings;
    private final Set<String> hosts;
    /** The public URL's host, which a reverse proxy may send with a port of its own, or none; null without one. */
    private final String publicHost;
    private final String cookieName;

    public Access(ServeSettings settings, int port) {
        this.settings = settings;
        this.hosts = hostNames(settings);
        this.publicHost = settings.publicUrl() == null || settings.publicUrl().getHost() == null ? null
                : settings.publicUrl().getHost().toLowerCase(Locale.ROOT);
        this.cookieName = "rosetta-" + port;
    }

    /** The cookie that carries the token after the first visit: one per port, as cookies ignore ports. */
    public String cookieName() {
        return cookieName;
    }

    public Verdict check(Request request, int port) {
        HostHeader host = HostHeader.parse(request.host());
        boolean ours = host != null && (host.name().equals(publicHost)
                || hosts.contains(host.name()) && (host.port() == null || host.port() == port));
        if (!ours) {
            return new Refused(403, "this server does not answer for host '" + request.host() + "'; open the URL"
                    + " `rosetta serve` printed (behind a reverse proxy, start it with --public-url)");
        }
        if (!sameSite(request)) {
            return new Refused(403, "requests from another site are refused; open the URL `rosetta serve` printed");
        }
        if (AccessToken.matches(settings.token(), bearer(request.authorization()))
                || AccessToken.matches(settings.token(), cookie(request.cookie()))) {
            return new Allowed(false);
        }
        if (AccessToken.matches(settings.token(), queryToken(request.query()))) {
            return new Allowed(true);
        }
        return new Refused(401, "the token is missing or wrong: open the URL `rosetta serve` printed, with its"
                + " ?token=");
    }

    private boolean sameSite(Request request) {
        if ("cross-site".equalsIgnoreCase(request.fetchSite())) {
            return false;
        }
        String origin = request.origin();
        if (origin == null) {
            return true; // not a browser's cross-origin request (curl, a navigation): the token decides
        }
        if (settings.publicUrl() != null && origin.equalsIgnoreCase(originOf(settings.publicUrl()))) {
            return true;
        }
        return request.host() != null && (origin.equalsIgnoreCase("http://" + request.host())
                || origin.equalsIgnoreCase("https://" + request.host()));
    }

    /** A Host header: the name (an IPv6 address in brackets), lower case, and the port when it names one. */
    record HostHeader(String name, Integer port) {

        static HostHeader parse(String header) {
            if (header == null || header.isBlank()) {
                return null;
            }
            String h = header.strip().toLowerCase(Locale.ROOT);
            int colon = h.startsWith("[") ? h.indexOf(':', Math.max(0, h.indexOf(']'))) : h.indexOf(':');
            if (h.startsWith("[") && h.indexOf(']') < 0) {
                return null;
            }
            if (colon < 0) {
                return new HostHeader(h, null);
            }
            try {
                return new HostHeader(h.substring(0, colon), Integer.parseInt(h.substring(colon + 1)));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private static Set<String> hostNames(ServeSettings settings) {
        Set<String> names = new HashSet<>(List.of("localhost", "127.0.0.1", "[::1]"));
        String bound = settings.host().toLowerCase(Locale.ROOT);
        boolean wildcard = bound.equals("0.0.0.0") || bound.equals("::") || bound.equals("[::]");
        if (!wildcard) {
            names.add(bound.contains(":") && !bound.startsWith("[") ? "[" + bound + "]" : bound);
        } else {
            try {
                for (InetAddress a : InetAddress.getAllByName(InetAddress.getLocalHost().getHostName())) {
                    names.add(literal(a));
                }
                String name = InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT);
                names.add(name);
                names.add(name + ".local");
            } catch (UnknownHostException e) {
                // no name of its own: its addresses still answer (below)
            }
            try {
                for (var nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                    for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                        names.add(literal(a));
                    }
                }
            } catch (java.net.SocketException e) {
                // the interfaces cannot be listed: localhost and the host name still answer
            }
        }
        return Set.copyOf(names);
    }

    private static String literal(InetAddress address) {
        String text = address.getHostAddress().toLowerCase(Locale.ROOT);
        int zone = text.indexOf('%');
        if (zone >= 0) {
            text = text.substring(0, zone);
        }
        return text.contains(":") ? "[" + text + "]" : text;
    }

    private static String originOf(URI url) {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
    }

    private static String bearer(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return authorization.substring(7).strip();
    }

    private String cookie(String header) {
        if (header == null) {
            return null;
        }
        for (String part : header.split(";")) {
            String p = part.strip();
            if (p.startsWith(cookieName + "=")) {
                return p.substring(cookieName.length() + 1);
            }
        }
        return null;
    }

    private static String queryToken(String query) {
        if (query == null) {
            return null;
        }
        for (String part : query.split("&")) {
            if (part.startsWith("token=")) {
                return java.net.URLDecoder.decode(part.substring(6), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
