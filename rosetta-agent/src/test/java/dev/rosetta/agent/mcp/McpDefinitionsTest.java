package dev.rosetta.agent.mcp;

import dev.rosetta.agent.config.ProjectApprovals;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ConfigLayer;
import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.mcp.McpEndpoint;

/** --mcp values, shell-like words, ${VAR} from the environment, approvals. */
class McpDefinitionsTest {

    @TempDir
    Path dir;

    @Test
    void aFlagWithAUrlIsAnHttpServerAndAnythingElseACommandSplitAsAShellWould() {
        assertThat(McpDefinitions.flag("web=https://example.com/mcp").url()).isEqualTo("https://example.com/mcp");
        McpServerEntry command = McpDefinitions.flag("fs=npx -y '@scope/server files' \"a b\" c\\ d");
        assertThat(command.command()).isEqualTo("npx");
        assertThat(command.args()).containsExactly("-y", "@scope/server files", "a b", "c d");
    }

    @Test
    void aFlagWithoutANameOrWithAnUnclosedQuoteIsRefused() {
        assertThatThrownBy(() -> McpDefinitions.flag("npx server")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("NAME=URL");
        assertThatThrownBy(() -> McpDefinitions.flag("x=npx 'open")).hasMessageContaining("is not closed");
    }

    @Test
    void shellWordsNeverExpandAnything() {
        assertThat(ShellWords.split("echo $HOME *.txt > out")).containsExactly("echo", "$HOME", "*.txt", ">", "out");
        assertThat(ShellWords.split("a \"x\\\"y\" ''")).containsExactly("a", "x\"y", "");
    }

    @Test
    void variablesComeFromTheEnvironmentAndAreRedactedFromWhatIsShown() {
        var entry = new McpServerEntry("gh", null, List.of(), Map.of(), "https://${HOST}/mcp?key=${KEY}",
                Map.of("Authorization", "Bearer ${TOKEN}"), true, null, false, ConfigLayer.Kind.USER, null);
        var settings = McpDefinitions.settings(entry, Map.of("HOST", "example.com", "KEY", "k-123", "TOKEN", "t-456"),
                dir, null);
        McpEndpoint.Http http = (McpEndpoint.Http) settings.endpoint();
        assertThat(http.url().toString()).isEqualTo("https://example.com/mcp?key=k-123");
        assertThat(http.headers()).containsEntry("Authorization", "Bearer t-456");
        assertThat(http.shown()).isEqualTo("https://${HOST}/mcp?key=${KEY}");
        assertThat(http.redact("failed: https://example.com/mcp?key=k-123 with Bearer t-456"))
                .doesNotContain("k-123").doesNotContain("t-456");
    }

    @Test
    void anOAuthClientRegisteredBeforehandGetsItsSecretFromTheEnvironmentAndItIsRedacted() {
        var entry = new McpServerEntry("gh", null, List.of(), Map.of(), "https://example.com/mcp", Map.of(),
                Map.of("client_id", "rosetta-app", "client_secret", "${GH_SECRET}"), true, null, false,
                ConfigLayer.Kind.USER, null);
        var http = (McpEndpoint.Http) McpDefinitions.settings(entry, Map.of("GH_SECRET", "cs-789"), dir, null).endpoint();

        assertThat(http.oauthClient()).isEqualTo(new McpEndpoint.OAuthClient("rosetta-app", "cs-789"));
        assertThat(http.redact("token request with cs-789")).isEqualTo("token request with ***");
        assertThat(entry.definition()).contains("\"client_id\":\"rosetta-app\"").contains("${GH_SECRET}");
    }

    @Test
    void anUnsetVariableIsNamedWithWhereItIs() {
        var entry = new McpServerEntry("gh", "server", List.of(), Map.of("TOKEN", "${NOT_SET_HERE}"), null, Map.of(), true,
                null, false, ConfigLayer.Kind.USER, null);
        assertThatThrownBy(() -> McpDefinitions.settings(entry, Map.of(), dir, null))
                .hasMessageContaining("${NOT_SET_HERE} in [mcp.servers.gh] env TOKEN is not set");
    }

    @Test
    void anApprovalHoldsForTheProjectAndTheDefinitionItWasGivenFor() {
        ProjectApprovals approvals = new ProjectApprovals(dir.resolve("data/mcp-approvals.json"));
        var server = new McpServerEntry("p", "node", List.of("s.js"), Map.of(), null, Map.of(), true, null, false,
                ConfigLayer.Kind.PROJECT, dir.resolve("rosetta.toml"));
        Path project = dir.resolve("project");
        assertThat(approvals.approved(project, server)).isFalse();
        approvals.approve(project, server);
        assertThat(approvals.approved(project, server)).isTrue();
        assertThat(new ProjectApprovals(approvals.file()).approved(project, server)).isTrue();
        assertThat(approvals.approved(dir.resolve("other"), server)).isFalse();
        var changed = new McpServerEntry("p", "node", List.of("evil.js"), Map.of(), null, Map.of(), true, null, false,
                ConfigLayer.Kind.PROJECT, dir.resolve("rosetta.toml"));
        assertThat(approvals.approved(project, changed)).isFalse();
    }
}
