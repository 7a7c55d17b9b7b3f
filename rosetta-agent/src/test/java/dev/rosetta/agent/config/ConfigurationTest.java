package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ConfigLayer.Kind;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Providers.OpenAiApi;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

/** Loading the real files from their folders, and how their settings combine. */
class ConfigurationTest {

    @TempDir
    Path home;

    private Path userFolder() throws IOException {
        return Files.createDirectories(home.resolve("xdg/rosetta"));
    }

    private ConfigPaths paths() {
        return ConfigPaths.of(Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString(), "HOME", home.toString()));
    }

    private Path workspace() throws IOException {
        return Files.createDirectories(home.resolve("work"));
    }

    @Test
    void theUserFolderFollowsXdgConfigHomeElseHome() {
        assertThat(ConfigPaths.of(Map.of("XDG_CONFIG_HOME", "/x", "HOME", "/h")).userConfig())
                .isEqualTo(Path.of("/x/rosetta/config.toml"));
        assertThat(ConfigPaths.of(Map.of("XDG_CONFIG_HOME", "rel", "HOME", "/h")).userLocalConfig())
                .isEqualTo(Path.of("/h/.config/rosetta/config.local.toml"));
        assertThat(ConfigPaths.of(Map.of("HOME", "/h")).models()).isEqualTo(Path.of("/h/.config/rosetta/models.json"));
    }

    @Test
    void noFilesAtAllIsAnEmptyConfiguration() throws IOException {
        Configuration config = Configuration.load(paths(), workspace(), null);
        assertThat(config.layers()).isEmpty();
        assertThat(config.chat()).isNull();
        assertThat(config.fallback()).isEmpty();
        assertThat(config.openAiApi()).isEqualTo(OpenAiApi.AUTO);
        assertThat(config.confine()).isFalse();
        assertThat(config.shellTimeout()).isEmpty();
        assertThat(config.providers()).isEmpty();
    }

    @Test
    void everyFileIsReadMostSpecificFirst() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), "[env]\nA = \"user\"\n");
        Files.writeString(userFolder().resolve("config.local.toml"), "[env]\nA = \"local\"\n");
        Files.writeString(workspace().resolve("rosetta.toml"), "[env]\nA = \"project\"\n");
        Path chatFile = home.resolve("chat.toml");
        ChatConfig.empty().withToolFormat(ToolFormat.XML).withEnv(Map.of("A", "chat")).write(chatFile);
        Configuration config = Configuration.load(paths(), workspace(), chatFile);
        assertThat(config.layers()).extracting(ConfigLayer::kind)
                .containsExactly(Kind.CHAT, Kind.PROJECT, Kind.USER_LOCAL, Kind.USER);
        assertThat(config.chat().toolFormat()).isEqualTo(ToolFormat.XML);
        assertThat(config.env("A")).contains(new Resolved<>("chat", "A in " + chatFile + " [env]"));
        assertThat(config.env()).containsEntry("A", "chat");
    }

    @Test
    void settingsComeFromTheFirstFileThatHasThem() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), """
                [models]
                fallback = ["openai/gpt-4.1"]
                openai_api = "chat"
                [tools]
                shell_timeout = 30
                """);
        Files.writeString(workspace().resolve("rosetta.toml"), """
                [models]
                fallback = ["deepseek/deepseek-chat"]
                [tools]
                shell_timeout = 120
                """);
        Configuration config = Configuration.load(paths(), workspace(), null);
        assertThat(config.fallback()).containsExactly("deepseek/deepseek-chat");
        assertThat(config.openAiApi()).isEqualTo(OpenAiApi.CHAT_COMPLETIONS);
        assertThat(config.shellTimeout()).get().extracting(Resolved::value).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void anyFileCanAskForConfinementButNoneCanLiftIt() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), "[tools]\nconfine = true\n");
        Files.writeString(workspace().resolve("rosetta.toml"), "[tools]\nconfine = false\n");
        assertThat(Configuration.load(paths(), workspace(), null).confine()).isTrue();
    }

    @Test
    void theLocalFileReplacesAProviderOfTheSameNameAndAddsOthers() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), """
                [[providers]]
                name = "lab"
                base_url = "http://old:8000/v1"
                [[providers]]
                name = "kept"
                base_url = "http://kept/v1"
                """);
        Files.writeString(userFolder().resolve("config.local.toml"), """
                [[providers]]
                name = "lab"
                base_url = "http://new:8000/v1"
                api_key_env = "LAB_KEY"
                """);
        Configuration config = Configuration.load(paths(), null, null);
        assertThat(config.providers()).extracting(ProviderSettings::name, ProviderSettings::baseUrl).containsExactly(
                tuple("lab", "http://new:8000/v1"),
                tuple("kept", "http://kept/v1"));
    }

    @Test
    void aLocalFileWithKeysThatOthersCanReadIsWarnedAboutWithoutShowingTheKey() throws IOException {
        Path local = userFolder().resolve("config.local.toml");
        Files.writeString(local, "[env]\nOPENAI_API_KEY = \"sk-very-secret\"\n");
        Files.setPosixFilePermissions(local, PosixFilePermissions.fromString("rw-r--r--"));
        Configuration config = Configuration.load(paths(), null, null);
        assertThat(config.warnings()).singleElement().asString()
                .isEqualTo(local + " holds API keys and other users can read it; run: chmod 600 " + local)
                .doesNotContain("sk-very-secret");
        Files.setPosixFilePermissions(local, PosixFilePermissions.fromString("rw-------"));
        assertThat(Configuration.load(paths(), null, null).warnings()).isEmpty();
    }

    @Test
    void warningsOfEveryFileAreCollected() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), "colour = \"blue\"\n");
        Files.writeString(workspace().resolve("rosetta.toml"), "[env]\nANTHROPIC_API_KEY = \"x\"\n");
        Configuration config = Configuration.load(paths(), workspace(), null);
        assertThat(config.warnings()).hasSize(2);
        assertThat(config.warnings().get(0)).contains("rosetta.toml:2:1: [env] in a project file may set only")
                .contains("ignored: ANTHROPIC_API_KEY.");
        assertThat(config.warnings().get(1)).contains("config.toml:1:1: unknown setting 'colour'");
    }

    @Test
    void aBrokenFileAnywhereIsOneLineNamingIt() throws IOException {
        Files.writeString(workspace().resolve("rosetta.toml"), "[models\n");
        assertThatThrownBy(() -> Configuration.load(paths(), workspace(), null))
                .hasMessageStartingWith(workspace().resolve("rosetta.toml") + ":1:").hasMessageContaining("invalid TOML");
    }

    @Test
    void theResolvedSettingsOfAWholeSetupOfRealFiles() throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), "[models]\ndefault = \"openai/gpt-4.1\"\n");
        Files.writeString(userFolder().resolve("config.local.toml"), "[env]\nOPENAI_API_KEY = \"k\"\n");
        Files.writeString(workspace().resolve("rosetta.toml"), "[env]\nTOOL_FORMAT = \"xml\"\n");
        Resolution resolution = new Resolution(Map.of("PATH", "/bin"), Configuration.load(paths(), workspace(), null));
        assertThat(resolution.model(null, new ProviderDirectory(List.of(), Map.of())))
                .isEqualTo(new Resolved<>("openai/gpt-4.1", "[models] default in " + userFolder().resolve("config.toml")));
        assertThat(resolution.toolFormat(null, null).value()).isEqualTo(ToolFormat.XML);
        assertThat(resolution.environment()).containsEntry("OPENAI_API_KEY", "k").containsEntry("PATH", "/bin");
    }
}
