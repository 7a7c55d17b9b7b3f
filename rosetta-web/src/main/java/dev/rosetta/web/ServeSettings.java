package dev.rosetta.web;

import java.net.URI;

/**
 * How {@code rosetta serve} (or {@code --serve}) listens.
 *
 * @param host      the address to bind: a loopback one by default; {@code 0.0.0.0} for a phone on the LAN
 * @param port      the port; 0 picks a free one
 * @param token     the secret every request must carry
 * @param publicUrl where a reverse proxy serves it ({@code https://rosetta.example.com}), or null:
 *                  its host and origin are allowed besides the local ones
 */
public record ServeSettings(String host, int port, String token, URI publicUrl) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 7800;

    /** Whether the address is one only this machine reaches. */
    public boolean loopbackOnly() {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1") || host.equals("[::1]");
    }
}
