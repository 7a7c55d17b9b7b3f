package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.ConversationId;
import dev.rosetta.agent.log.ConversationSummary;

class SessionListingTest {

    private static final String GENERATED = ConversationId.random(LocalDate.of(2026, 12, 5), new Random(7)).value();

    private static ConversationSummary summary(String id, String name, String preview) {
        return new ConversationSummary(id, name, Instant.EPOCH, 2, preview);
    }

    @Test
    void aConversationWithAGeneratedIdIsTitledByItsFirstMessage() {
        assertThat(SessionListing.title(summary(GENERATED, GENERATED, "fix the failing test in Parser")))
                .isEqualTo("fix the failing test in Parser");
        assertThat(SessionListing.title(summary(GENERATED, null, "fix it"))).isEqualTo("fix it");
    }

    @Test
    void aNameTheUserChoseIsTheTitleAndAnEmptyConversationIsItsId() {
        assertThat(SessionListing.title(summary("refactor-auth", "refactor-auth", "start with the login form")))
                .isEqualTo("refactor-auth");
        assertThat(SessionListing.title(summary(GENERATED, GENERATED, ""))).isEqualTo(GENERATED);
    }
}
