package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlashCommandTest {

    @Test
    void slashAndAWordIsACommandKnownOrNot() {
        assertThat(SlashCommand.looksLikeOne("/model")).isTrue();
        assertThat(SlashCommand.looksLikeOne("/hepl")).isTrue();
    }

    @Test
    void pathsAndOtherSlashesAreMessages() {
        assertThat(SlashCommand.looksLikeOne("/usr/bin/env")).isFalse();
        assertThat(SlashCommand.looksLikeOne("/")).isFalse();
        assertThat(SlashCommand.looksLikeOne("/1984")).isFalse();
        assertThat(SlashCommand.looksLikeOne("and/or")).isFalse();
    }
}
