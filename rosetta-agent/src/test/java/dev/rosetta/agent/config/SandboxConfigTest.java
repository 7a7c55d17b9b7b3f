package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.sandbox.NetworkAccess;
import dev.rosetta.tools.sandbox.SandboxMode;
import dev.rosetta.tools.sandbox.SandboxSettings;

/** {@code [sandbox]} and {@code [tools.env]}: the user's files set them; a project's may only tighten. */
class SandboxConfigTest {

    @TempDir
    Path dir;

    private Configuration load(String user, String project) throws IOException {
        return ConfigFiles.load(dir, user, project);
    }

    private SandboxSettings sandbox(Configuration config) {
        return config.sandbox(Path.of("/home/me"));
    }

    @Test
    void withoutAnyFileTheSandboxIsAutoWithTheNetworkOff() throws IOException {
        assertThat(sandbox(load(null, null))).isEqualTo(SandboxSettings.DEFAULT);
    }

    @Test
    void theUsersFileSetsEverything() throws IOException {
        Configuration config = load("""
                [sandbox]
                mode = "on"
                network = "on"
                writable = ["~/.cache/pip", "/opt/data", ".git"]
                hidden = ["~/.ssh"]
                auto_approve_sandboxed = true

                [tools.env]
                pass = ["GITHUB_TOKEN"]
                """, null);

        SandboxSettings settings = sandbox(config);

        assertThat(settings).isEqualTo(new SandboxSettings(SandboxMode.ON, NetworkAccess.ON,
                List.of(Path.of("/home/me/.cache/pip"), Path.of("/opt/data"), Path.of(".git")), List.of(Path.of("/home/me/.ssh")),
                true));
        assertThat(config.passedVariables()).containsExactly("GITHUB_TOKEN");
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void writableTakesAPathOfTheWorkspaceButHiddenDoesNot() throws IOException {
        assertThatThrownBy(() -> load("""
                [sandbox]
                hidden = [".env"]
                """, null)).isInstanceOf(RosettaException.class).hasMessageContaining("not \".env\"");
        assertThatThrownBy(() -> load("""
                [sandbox]
                writable = ["~other/x"]
                """, null)).isInstanceOf(RosettaException.class).hasMessageContaining("or from the workspace (.git)");
    }

    @Test
    void aProjectCannotLoosenTheSandboxAndIsToldSo() throws IOException {
        Configuration config = load("""
                [sandbox]
                network = "off"
                """, """
                [sandbox]
                mode = "off"
                network = "on"
                writable = ["/"]
                auto_approve_sandboxed = true

                [tools.env]
                pass = ["OPENAI_API_KEY"]
                """);

        assertThat(sandbox(config)).isEqualTo(SandboxSettings.DEFAULT);
        assertThat(config.passedVariables()).isEmpty();
        assertThat(config.warnings()).hasSize(5).allMatch(w -> w.contains("rosetta.toml") && w.contains("ignored"));
    }

    @Test
    void aProjectMayTightenTheSandbox() throws IOException {
        Configuration config = load("""
                [sandbox]
                network = "on"
                auto_approve_sandboxed = true
                """, """
                [sandbox]
                mode = "on"
                network = "off"
                hidden = ["/srv/secrets"]
                auto_approve_sandboxed = false
                """);

        SandboxSettings settings = sandbox(config);

        assertThat(settings.mode()).isEqualTo(SandboxMode.ON);
        assertThat(settings.network()).isEqualTo(NetworkAccess.OFF);
        assertThat(settings.hidden()).containsExactly(Path.of("/srv/secrets"));
        assertThat(settings.autoApprove()).isFalse();
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void wrongValuesAreErrorsNamingTheFileAndSetting() {
        assertThatThrownBy(() -> load("[sandbox]\nmode = \"maybe\"\n", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("config.toml:2").hasMessageContaining("\"auto\", \"on\", \"off\"");
        assertThatThrownBy(() -> load("[sandbox]\nhidden = [\"relative/dir\"]\n", null))
                .hasMessageContaining("absolute paths or paths from your home folder");
        assertThatThrownBy(() -> load("[tools.env]\npass = [\"NOT A NAME\"]\n", null))
                .hasMessageContaining("names of environment variables");
    }

    @Test
    void anMcpServerSaysWhatItNeedsAndTheApprovalCoversIt() throws IOException {
        Configuration config = load("""
                [mcp.servers.fetch]
                command = "uvx"
                args = ["mcp-server-fetch"]
                network = "on"
                writable = ["~/.cache/uv"]
                """, null);

        McpServerEntry fetch = config.mcpServers().getFirst();

        assertThat(fetch.network()).isEqualTo(NetworkAccess.ON);
        assertThat(fetch.writable()).containsExactly("~/.cache/uv");
        assertThat(fetch.definition()).contains("\"network\":\"on\"").contains("~/.cache/uv");
    }
}
