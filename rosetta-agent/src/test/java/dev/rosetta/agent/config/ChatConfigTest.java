package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.dialect.ToolFormat;

/** The chat's config.toml: written atomically, read back equal, a broken one reported in one line. */
class ChatConfigTest {

    @TempDir
    Path dir;

    @Test
    void everyFieldReadsBackEqual() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOOL_FORMAT", "xml");
        env.put("weird key.with dots", "line1\nline2\t\"quoted\" \\ back");
        ChatConfig config = new ChatConfig("openrouter/anthropic/claude-sonnet-4.5", ToolFormat.TOOL,
                List.of("save", "shell", "ipython"), Path.of("/home/me/my project (2)"), "my-chat", env);
        Path file = dir.resolve("config.toml");
        config.write(file);
        assertThat(ChatConfig.read(file)).contains(config);
    }

    @Test
    void stringsWithControlCharactersAndUnicodeRoundTrip() {
        String odd = "é 🦀 \u0000\u0001\u001b[31m\u007f \u0085\u009b \u202e\u2066 \u2028 'single' \"\"\" ''' #not a comment";
        ChatConfig config = ChatConfig.empty().withName(odd).withModel(odd).withWorkspace(Path.of("/tmp/" + odd.replace("\u0000", "")))
                .withEnv(Map.of(odd, odd));
        Path file = dir.resolve("config.toml");
        config.write(file);
        assertThat(ChatConfig.read(file)).contains(config);
    }

    @Test
    void aLoneSurrogateIsWrittenAsAReplacementCharacterRatherThanBreakingTheFile() {
        Path file = dir.resolve("config.toml");
        ChatConfig.empty().withName("a\uD800b").write(file);
        assertThat(ChatConfig.read(file)).get().extracting(ChatConfig::name).isEqualTo("a\uFFFDb");
    }

    @Test
    void unsetFieldsAreLeftOutAndStayUnset() throws IOException {
        Path file = dir.resolve("config.toml");
        ChatConfig.empty().withModel("openai/gpt-4.1").write(file);
        assertThat(Files.readString(file)).contains("model = \"openai/gpt-4.1\"").doesNotContain("tools")
                .doesNotContain("[env]");
        assertThat(ChatConfig.read(file)).contains(ChatConfig.empty().withModel("openai/gpt-4.1"));
    }

    @Test
    void anEmptyToolListIsKeptApartFromNoList() {
        Path file = dir.resolve("config.toml");
        ChatConfig.empty().withTools(List.of()).write(file);
        assertThat(ChatConfig.read(file)).get().extracting(ChatConfig::tools).isEqualTo(List.of());
    }

    @Test
    void writingReplacesTheWholeFileAndLeavesNoTemporaryFileBehind() throws IOException {
        Path file = dir.resolve("config.toml");
        ChatConfig.empty().withName("first").withEnv(Map.of("A", "1")).write(file);
        ChatConfig.empty().withName("second").write(file);
        assertThat(ChatConfig.read(file)).contains(ChatConfig.empty().withName("second"));
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aBadToolFormatIsAnErrorAtItsLine() throws IOException {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, "model = \"x/y\"\ntool_format = \"yaml\"\n");
        assertThatThrownBy(() -> ChatConfig.read(file)).hasMessageStartingWith(file + ":2:1: 'tool_format' must be one of"
                + " \"markdown\", \"xml\", \"tool\", ").hasMessageEndingWith(", not \"yaml\"");
    }

    @Test
    void unknownKeysAreWarnings() throws IOException {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, "model = \"x/y\"\ncolour = \"blue\"\n");
        List<String> warnings = new ArrayList<>();
        assertThat(ChatConfig.read(file, warnings)).isPresent();
        assertThat(warnings).singleElement().asString().startsWith(file + ":2:1: unknown setting 'colour'");
    }

    @Test
    void aMissingFileIsEmpty() {
        assertThat(ChatConfig.read(dir.resolve("absent.toml"))).isEmpty();
    }
}
