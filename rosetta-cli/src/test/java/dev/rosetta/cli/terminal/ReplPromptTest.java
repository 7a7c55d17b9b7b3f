package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.rosetta.cli.render.TerminalStyle;

class ReplPromptTest {

    @Test
    void promptShowsTheModelWithoutItsProvider() {
        assertThat(ReplPrompt.of("openai/gpt-4.1", TerminalStyle.plain())).isEqualTo("gpt-4.1 > ");
        assertThat(ReplPrompt.of("openrouter/anthropic/claude-sonnet-4.5", TerminalStyle.plain()))
                .isEqualTo("claude-sonnet-4.5 > ");
    }

    @Test
    void modelNameFromAConfigFileCannotMoveTheCursor() {
        assertThat(ReplPrompt.shortName("local/evil\u001b[2J\nname")).isEqualTo("evil␛[2J name");
    }

    @Test
    void longNamesAreCut() {
        String name = ReplPrompt.shortName("custom/" + "x".repeat(60));
        assertThat(name).hasSize(32).endsWith("…");
    }

    @Test
    void colourDimsTheModelOnly() {
        assertThat(ReplPrompt.of("openai/gpt-4.1", new TerminalStyle(true, true)))
                .isEqualTo("\u001b[2mgpt-4.1\u001b[0m \u001b[1m>\u001b[0m ");
    }
}
