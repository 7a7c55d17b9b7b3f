package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The pieces of a sign-in that the conformance suite's auth scenarios do not take apart. */
class OAuthTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aBearerChallengeGivesItsResourceMetadataScopeAndError() {
        var challenge = OAuthServer.Challenge.of(List.of("Bearer error=\"insufficient_scope\", scope=\"read write\","
                + " resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource/mcp\""));

        assertThat(challenge.error()).isEqualTo("insufficient_scope");
        assertThat(challenge.scope()).isEqualTo("read write");
        assertThat(challenge.resourceMetadata())
                .isEqualTo("https://mcp.example.com/.well-known/oauth-protected-resource/mcp");
        assertThat(OAuthServer.Challenge.of(List.of())).isEqualTo(new OAuthServer.Challenge(null, null, null));
    }

    @Test
    void theCallbackTakesTheCodeOnlyFromTheRedirectWithItsState() throws Exception {
        try (OAuthCallback callback = OAuthCallback.listen("expected-state")) {
            URI base = URI.create(callback.redirectUri());
            HttpResponse<String> forged = get(URI.create(base + "?code=stolen&state=other"));
            HttpResponse<String> ours = get(URI.create(base + "?code=the-code&state=expected-state"));

            assertThat(forged.statusCode()).isEqualTo(400);
            assertThat(ours.statusCode()).isEqualTo(200);
            assertThat(callback.awaitCode(Duration.ofSeconds(30))).isEqualTo("the-code");
        }
    }

    @Test
    void aRefusedSignInSaysWhatTheAuthorizationServerSaid() throws Exception {
        try (OAuthCallback callback = OAuthCallback.listen("s")) {
            get(URI.create(callback.redirectUri() + "?error=access_denied&error_description=no%20thanks&state=s"));

            assertThatThrownBy(() -> callback.awaitCode(Duration.ofSeconds(30))).isInstanceOf(IOException.class)
                    .hasMessage("the authorization server refused: access_denied (no thanks)");
        }
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
