package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.RosettaException;

/** Conversation ids: generated from three small word lists, or chosen and validated. */
class ConversationIdTest {

    @Test
    void generatedIdsAreDateAdjectiveColourNoun() {
        ConversationId id = ConversationId.random(LocalDate.of(2026, 11, 29), new Random(3));
        String[] parts = id.value().split("-");
        assertThat(parts).hasSize(6);
        assertThat(IdWords.ADJECTIVES).contains(parts[3]);
        assertThat(IdWords.COLOURS).contains(parts[4]);
        assertThat(IdWords.NOUNS).contains(parts[5]);
        assertThat(id.value()).startsWith("2026-11-29-");
    }

    @Test
    void theWordListsGiveTensOfThousandsOfDistinctIdsADay() {
        Set<String> all = new HashSet<>();
        IdWords.ADJECTIVES.forEach(a -> IdWords.COLOURS.forEach(c -> IdWords.NOUNS.forEach(n -> all.add(a + c + n))));
        assertThat(all).hasSizeGreaterThan(90_000);
        assertThat(IdWords.ADJECTIVES).doesNotHaveDuplicates().allMatch(w -> w.matches("[a-z]+"));
        assertThat(IdWords.COLOURS).doesNotHaveDuplicates().allMatch(w -> w.matches("[a-z]+"));
        assertThat(IdWords.NOUNS).doesNotHaveDuplicates().allMatch(w -> w.matches("[a-z]+"));
    }

    @Test
    void generatedIdsAreValidNames() {
        Random random = new Random(11);
        for (int i = 0; i < 200; i++) {
            String id = ConversationId.random(LocalDate.now(), random).value();
            assertThat(ConversationId.named(id).value()).isEqualTo(id);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"my-chat", "a", "bug_42", "v1.2", "2026-11-29-quiet-amber-fox"})
    void asciiLettersDigitsDashUnderscoreAndDotAreAllowed(String name) {
        assertThat(ConversationId.named(name).value()).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "a/b", "../x", ".hidden", "..", "tab\there", "semi;colon", "new\nline", "ÀB"})
    void anythingElseIsAOneLineError(String name) {
        assertThatThrownBy(() -> ConversationId.named(name)).isInstanceOf(RosettaException.class)
                .hasMessageStartingWith("invalid conversation name '")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aVeryLongNameIsRefused() {
        assertThatThrownBy(() -> ConversationId.named("x".repeat(200))).hasMessageContaining("longer than 120");
    }

    @Test
    void anIdIsKnownAsGeneratedOnlyWhenRandomCouldHaveMadeIt() {
        Random random = new Random(5);
        for (int i = 0; i < 200; i++) {
            assertThat(ConversationId.random(LocalDate.of(2026, 1, 1).plusDays(i), random).generated()).isTrue();
        }
        String made = ConversationId.random(LocalDate.of(2026, 12, 5), new Random(1)).value();
        assertThat(ConversationId.named("refactor-auth").generated()).isFalse();
        assertThat(ConversationId.named(made.replaceFirst("-12-05-", "-13-05-")).generated()).isFalse();
        assertThat(ConversationId.named(made + "-2").generated()).isFalse();
        assertThat(ConversationId.named("2026-12-05-my-own-name").generated()).isFalse();
    }
}
