package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ServedModel;

/** {@code --tool-format auto}: measured, else published, else the family's dialect, else markdown — and why. */
class FormatChoiceTest {

    @TempDir
    Path data;

    private static final ModelInfo SONNET = ModelInfo.generic("anthropic", "claude-sonnet-4-6");
    private static final ModelInfo QWEN = ModelInfo.generic("ollama", "qwen3:8b").withNativeDialect("hermes");
    private static final ModelInfo UNKNOWN = ModelInfo.generic("openai", "some-new-model");

    @Test
    void theUsersOwnResultsComeFirst() {
        FormatChoice choice = new FormatChoice(Map.of("anthropic/claude-sonnet-4-6",
                new FormatChoice.Measured(ToolFormat.XML, 40, 42, 42, 0.91)));
        Resolved<ToolFormat> picked = choice.pick(SONNET, true);
        assertThat(picked.value()).isEqualTo(ToolFormat.XML);
        assertThat(picked.source()).contains("your evals", "40/42", "0.91");
    }

    @Test
    void withoutResultsThePublishedTableSaysWhereItComesFrom() {
        Resolved<ToolFormat> picked = FormatChoice.SHIPPED_ONLY.pick(SONNET, true);
        assertThat(picked.value()).isEqualTo(ToolFormat.TOOL);
        assertThat(picked.source()).contains("published", "gptme.org");
        assertThat(FormatChoice.published("openrouter/anthropic/claude-sonnet-4.6")).contains(ToolFormat.TOOL);
        assertThat(FormatChoice.published("claude-sonnet-4-5-20250929")).isEmpty();
    }

    @Test
    void aToolFormatItsProviderCannotTakeIsPassedOver() {
        assertThat(FormatChoice.SHIPPED_ONLY.pick(SONNET, false).value()).isEqualTo(ToolFormat.MARKDOWN);
    }

    @Test
    void thenTheFamilysNativeDialectThenMarkdown() {
        assertThat(FormatChoice.SHIPPED_ONLY.pick(QWEN, true).value()).isEqualTo(ToolFormat.HERMES);
        Resolved<ToolFormat> none = FormatChoice.SHIPPED_ONLY.pick(UNKNOWN, true);
        assertThat(none.value()).isEqualTo(ToolFormat.MARKDOWN);
        assertThat(none.source()).contains("no eval results");
    }

    @Test
    void theMeasuredFileIsReadFromTheDataFolder() throws Exception {
        Path file = data.resolve(FormatChoice.MEASURED_FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"models\":{\"openai/some-new-model\":{\"format\":\"xml\",\"passed\":9,\"runs\":10,"
                + "\"tasks\":10,\"lower_bound\":0.76},\"x/y\":{\"format\":\"klingon\"}}}");
        FormatChoice choice = FormatChoice.load(Map.of("XDG_DATA_HOME", data.toString()));
        assertThat(choice.pick(UNKNOWN, true).value()).isEqualTo(ToolFormat.XML);
        Files.writeString(file, "{broken");
        assertThat(FormatChoice.load(Map.of("XDG_DATA_HOME", data.toString())).pick(UNKNOWN, true).value())
                .isEqualTo(ToolFormat.MARKDOWN);
    }

    @Test
    void autoOnTheCommandLineOrInTheEnvironmentPicksAndSaysWhy() {
        FormatChoice choice = new FormatChoice(Map.of("openai/some-new-model",
                new FormatChoice.Measured(ToolFormat.XML, 5, 5, 5, 0.83)));
        Resolution flag = new Resolution(Map.of(), new Configuration(null, List.of(), List.of()), choice);
        Resolved<ToolFormat> picked = flag.toolFormat("auto", UNKNOWN, ServedModel.HOSTED);
        assertThat(picked.value()).isEqualTo(ToolFormat.XML);
        assertThat(picked.source()).contains("your evals").endsWith("by --tool-format");
        Resolution env = new Resolution(Map.of("TOOL_FORMAT", "auto"), new Configuration(null, List.of(), List.of()),
                choice);
        assertThat(env.toolFormat(null, UNKNOWN, ServedModel.HOSTED).source()).contains("TOOL_FORMAT");
    }
}
