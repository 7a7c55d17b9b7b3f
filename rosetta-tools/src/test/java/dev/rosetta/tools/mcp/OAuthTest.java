package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
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

    /** Issue 25 §2: metadata naming file:///etc/passwd as the authorization endpoint had it handed to $BROWSER. */
    @Test
    void anAuthorizationEndpointThatIsNotHttpsIsNeverOpened() {
        var server = new OAuthServer(URI.create("file:///etc/passwd"), URI.create("https://auth.example/token"), null,
                List.of(), "https://mcp.example/mcp", List.of());
        List<URI> opened = new ArrayList<>();
        var login = new OAuthLogin(http, Duration.ofSeconds(30), new McpEndpoint.OAuthClient("rosetta", null));

        assertThatThrownBy(() -> login.signIn(server, null, opened::add)).isInstanceOf(IOException.class)
                .hasMessageContaining("file:///etc/passwd").hasMessageContaining("its scheme is file:, not https");
        assertThat(opened).isEmpty();
    }

    @Test
    void onlyHttpsOrHttpToThisMachineIsOpenedInABrowser() {
        for (String fine : List.of("https://auth.example/authorize?x=1", "http://localhost:8080/authorize",
                "http://127.0.0.1/a", "http://[::1]:9000/a", "HTTPS://Auth.Example/a")) {
            assertThat(BrowserAddress.problem(URI.create(fine))).as(fine).isEmpty();
        }
        for (String refused : List.of("file:///etc/passwd", "http://auth.example/authorize", "javascript:alert(1)",
                "ftp://auth.example/x", "vscode://file/etc/passwd", "http://127.0.0.1.evil.example/a", "/authorize",
                "smb://host/share", "data:text/html,hi", "http://10.0.0.1/a")) {
            assertThat(BrowserAddress.problem(URI.create(refused))).as(refused).isPresent();
        }
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
