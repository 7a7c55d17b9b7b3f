package dev.rosetta.agent.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlashCommandNameTest {

    @Test
    void slashAndAWordIsACommandKnownOrNot() {
        assertThat(SlashCommands.isCommand("/model")).isTrue();
        assertThat(SlashCommands.isCommand("/hepl")).isTrue();
        assertThat(SlashCommands.isCommand("/Model sonnet")).isTrue();
    }

    @Test
    void pathsAndOtherSlashesAreMessages() {
        assertThat(SlashCommands.isCommand("/usr/bin/env")).isFalse();
        assertThat(SlashCommands.isCommand("/")).isFalse();
        assertThat(SlashCommands.isCommand("/1984")).isFalse();
        assertThat(SlashCommands.isCommand("and/or")).isFalse();
    }
}
