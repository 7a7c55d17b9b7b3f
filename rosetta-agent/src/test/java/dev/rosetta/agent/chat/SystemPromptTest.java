package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.core.dialect.ToolFormat;

class SystemPromptTest {

    private static final Path WORKSPACE = Path.of("/work/project");
    private static final LocalDate TODAY = LocalDate.of(2026, 12, 2);

    @Test
    void eachServersInstructionsFollowTheToolsUnderItsNameMarkedAsTheServers() {
        Map<String, String> instructions = new LinkedHashMap<>();
        instructions.put("github", "Search before you open an issue.\n");
        instructions.put("db", "Queries are read-only.");

        String prompt = SystemPrompt.of(ToolFormat.MARKDOWN, List.of(), WORKSPACE, TODAY, ProjectInstructions.NONE, instructions);

        String servers = prompt.substring(prompt.indexOf("# MCP servers' instructions"));
        assertThat(prompt.indexOf("# Tools")).isLessThan(prompt.indexOf("# MCP servers' instructions"));
        assertThat(servers).contains("They come from the server, not from the user.")
                .contains("## github\n\nSearch before you open an issue.\n\n## db\n\nQueries are read-only.")
                .endsWith("read-only.");
    }

    @Test
    void withoutInstructionsThePromptIsAsBefore() {
        assertThat(SystemPrompt.of(ToolFormat.XML, List.of(), WORKSPACE, TODAY, ProjectInstructions.NONE, Map.of()))
                .isEqualTo(SystemPrompt.of(ToolFormat.XML, List.of(), WORKSPACE, TODAY))
                .doesNotContain("MCP servers");
    }
}
