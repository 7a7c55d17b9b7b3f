package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.config.ConfigLayer.Kind;

/** [mcp.servers.NAME] tables: every setting read, what is missing or wrong said with its line. */
class McpServerEntryTest extends ConfigFileTest {

    @Test
    void anOAuthClientTakesAnIdAndASecretOnlyForAUrlServer() throws IOException {
        ConfigLayer layer = layer(Kind.USER, """
                [mcp.servers.gh]
                url = "https://api.example.com/mcp"
                oauth = { client_id = "rosetta-app", client_secret = "${GH_SECRET}" }
                """);
        assertThat(layer.mcpServers().get(0).oauth()).containsEntry("client_id", "rosetta-app")
                .containsEntry("client_secret", "${GH_SECRET}");
        assertThat(error("""
                [mcp.servers.gh]
                url = "https://api.example.com/mcp"
                oauth = { id = "x" }
                """)).contains("oauth").contains("takes client_id (needed) and client_secret");
        assertThat(error("""
                [mcp.servers.fs]
                command = "fs"
                oauth = { client_id = "x" }
                """)).contains("is for a url server");
    }

    @Test
    void everySettingOfAServerIsRead() throws IOException {
        ConfigLayer layer = layer(Kind.USER, """
                [mcp]
                startup_wait = 3

                [mcp.servers.github]
                url = "https://api.example.com/mcp"
                headers = { Authorization = "Bearer ${GITHUB_TOKEN}" }
                timeout = "30s"
                trust = true

                [mcp.servers.fs]
                command = "npx"
                args = ["-y", "@modelcontextprotocol/server-filesystem"]
                env = { DEBUG = "1" }
                enabled = false
                """);
        assertThat(warnings).isEmpty();
        assertThat(layer.mcpWait()).isEqualTo(Duration.ofSeconds(3));
        McpServerEntry github = layer.mcpServers().get(0);
        assertThat(github.url()).isEqualTo("https://api.example.com/mcp");
        assertThat(github.headers()).isEqualTo(Map.of("Authorization", "Bearer ${GITHUB_TOKEN}"));
        assertThat(github.timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(github.trust()).isTrue();
        McpServerEntry fs = layer.mcpServers().get(1);
        assertThat(fs.command()).isEqualTo("npx");
        assertThat(fs.args()).containsExactly("-y", "@modelcontextprotocol/server-filesystem");
        assertThat(fs.env()).isEqualTo(Map.of("DEBUG", "1"));
        assertThat(fs.enabled()).isFalse();
    }

    @Test
    void aServerNeedsACommandOrAUrlButNotBoth() throws IOException {
        assertThat(error("[mcp.servers.x]\nargs = [\"a\"]\n")).startsWith("FILE:").contains("'command' is missing");
        assertThat(error("[mcp.servers.x]\ncommand = \"a\"\nurl = \"http://h/mcp\"\n"))
                .contains("cannot be given with url");
    }

    @Test
    void aBadNameATypoAndAWrongTypeAreSaid() throws IOException {
        assertThat(error("[mcp.servers.\"a__b\"]\ncommand = \"x\"\n")).contains("is not a server name");
        assertThat(error("[mcp.servers.x]\ncommand = \"x\"\ntimeout = true\n")).contains("'timeout' must be a duration");
        layer(Kind.USER, "[mcp.servers.x]\ncommand = \"x\"\ntrusted = true\n");
        assertThat(warnings).anyMatch(w -> w.contains("unknown setting [mcp.servers.x] 'trusted'"));
    }

    @Test
    void aMoreSpecificFilesServerReplacesOneOfTheSameName() throws IOException {
        ConfigLayer user = layer(Kind.USER, "[mcp.servers.x]\ncommand = \"user-server\"\n");
        ConfigLayer project = layer(Kind.PROJECT, "[mcp.servers.x]\ncommand = \"project-server\"\n");
        Configuration config = new Configuration(null, List.of(project, user), List.of());
        assertThat(config.mcpServers()).singleElement().satisfies(e -> {
            assertThat(e.command()).isEqualTo("project-server");
            assertThat(e.fromProject()).isTrue();
        });
    }

    @Test
    void theDefinitionChangesWithAnythingThatDecidesWhatRuns() throws IOException {
        String one = layer(Kind.PROJECT, "[mcp.servers.x]\ncommand = \"a\"\n").mcpServers().get(0).definition();
        String two = layer(Kind.PROJECT, "[mcp.servers.x]\ncommand = \"a\"\nargs = [\"b\"]\n").mcpServers().get(0)
                .definition();
        String same = layer(Kind.PROJECT, "[mcp.servers.x]\ncommand = \"a\"\ntimeout = 9\n").mcpServers().get(0)
                .definition();
        assertThat(one).isNotEqualTo(two).isEqualTo(same);
    }
}
