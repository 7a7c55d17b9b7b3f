package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What Rosetta hands to a browser: an address a server named (an OAuth authorization endpoint)
 * is opened only when it is {@code https}, or {@code http} to this machine (loopback). Anything
 * else — {@code file:}, {@code javascript:}, a custom scheme a desktop hands to some program,
 * plain {@code http} across the network — is refused before it is shown or opened, as the server
 * chose it and the browser (or {@code $BROWSER}, a command) would act on it.
 */
final class BrowserAddress {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private BrowserAddress() {}

    /** Why {@code address} is not opened, if it is not. */
    static Optional<String> problem(URI address) {
        String scheme = address.getScheme() == null ? "" : address.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return Optional.of(scheme.isEmpty() ? "it is not a whole web address" : "its scheme is " + scheme
                    + ":, not https");
        }
        String host = address.getHost();
        if (address.isOpaque() || host == null || host.isEmpty()) {
            return Optional.of("it names no host");
        }
        return scheme.equals("https") || loopback(host) ? Optional.empty()
                : Optional.of("it is plain http to another machine, not https");
    }

    /** Refuses {@code address} with an IOException saying why, naming {@code what} it is. */
    static void require(URI address, String what) throws IOException {
        Optional<String> problem = problem(address);
        if (problem.isPresent()) {
            throw new IOException(what + " is " + shown(address) + ", which Rosetta does not open in a browser: "
                    + problem.get() + " (only https addresses, or http to this machine, are opened)");
        }
    }

    /** Only the literal names of this machine count; a name is not looked up, as DNS could say anything. */
    private static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.endsWith(".localhost")) {
            return true;
        }
        boolean literal = IPV4.matcher(h).matches() || h.startsWith("[") && h.endsWith("]");
        if (!literal) {
            return false;
        }
        try {
            return InetAddress.getByName(h.startsWith("[") ? h.substring(1, h.length() - 1) : h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The address cut short for a message: a server's choice, so it is not trusted to be short. */
    private static String shown(URI address) {
        String text = address.toString();
        return text.length() <= 120 ? text : text.substring(0, 119) + "…";
    }
}
