package dev.rosetta.web.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import org.junit.jupiter.api.Test;

import dev.rosetta.web.ServeSettings;

/** The guard every request passes: host, origin, then the token (header, cookie or URL). */
class AccessTest {

    private static final String TOKEN = "s3cret-token";
    private final Access local = new Access(new ServeSettings("127.0.0.1", 7800, TOKEN, null), 7800);

    private static Access.Request request(String host, String origin, String auth) {
        return new Access.Request(host, origin, null, auth, null, null);
    }

    @Test
    void theOwnHostWithTheTokenIsLetIn() {
        assertThat(local.check(request("127.0.0.1:7800", null, "Bearer " + TOKEN), 7800))
                .isEqualTo(new Access.Allowed(false));
        assertThat(local.check(request("localhost:7800", "http://localhost:7800", "Bearer " + TOKEN), 7800))
                .isEqualTo(new Access.Allowed(false));
        assertThat(local.check(new Access.Request("127.0.0.1:7800", null, null, null,
                "other=1; " + local.cookieName() + "=" + TOKEN, null), 7800)).isEqualTo(new Access.Allowed(false));
        assertThat(local.check(new Access.Request("127.0.0.1:7800", null, null, null, null, "token=" + TOKEN), 7800))
                .isEqualTo(new Access.Allowed(true));
    }

    @Test
    void aForeignHostAnotherPortOrAForeignOriginIsRefusedWith403() {
        for (Access.Request r : new Access.Request[] {request("evil.example:7800", null, "Bearer " + TOKEN),
                request("127.0.0.1:7801", null, "Bearer " + TOKEN), request(null, null, "Bearer " + TOKEN),
                request("127.0.0.1:7800", "http://evil.example", "Bearer " + TOKEN),
                request("127.0.0.1:7800", "null", "Bearer " + TOKEN)}) {
            assertThat(local.check(r, 7800)).as(r.toString()).isInstanceOfSatisfying(Access.Refused.class,
                    refused -> assertThat(refused.status()).isEqualTo(403));
        }
    }

    @Test
    void aMissingWrongOrPartialTokenIsRefusedWith401() {
        for (String auth : new String[] {null, "Bearer ", "Bearer s3cret", "Bearer " + TOKEN + "x", "Basic " + TOKEN}) {
            assertThat(local.check(request("127.0.0.1:7800", null, auth), 7800)).as(String.valueOf(auth))
                    .isInstanceOfSatisfying(Access.Refused.class, r -> assertThat(r.status()).isEqualTo(401));
        }
    }

    @Test
    void behindAReverseProxyThePublicHostAndOriginAreLetIn() {
        Access proxied = new Access(new ServeSettings("127.0.0.1", 7800, TOKEN, URI.create("https://rosetta.example.com")),
                7800);
        assertThat(proxied.check(request("rosetta.example.com", "https://rosetta.example.com", "Bearer " + TOKEN), 7800))
                .isEqualTo(new Access.Allowed(false));
        assertThat(proxied.check(request("rosetta.example.com", "https://evil.example", "Bearer " + TOKEN), 7800))
                .isInstanceOf(Access.Refused.class);
    }
}
