package dev.rosetta.agent.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The summary message quotes the user's words itself: they never depend on the model's summary. */
class SummaryMessageTest {

    @Test
    void theUsersMessagesAreQuotedWordForWordBeforeTheSummary() {
        String text = SummaryMessage.of(12, List.of("Port the parser.\nKeep the API.", "Also add tests."),
                "## Open tasks\n- tests", 10_000);

        assertThat(text).startsWith("[Rosetta compacted this conversation").contains("stands for the 12 messages")
                .contains("> Port the parser.\n> Keep the API.").contains("> Also add tests.")
                .endsWith("Summary of that part:\n\n## Open tasks\n- tests\n");
        assertThat(text.indexOf("Also add tests")).isLessThan(text.indexOf("## Open tasks"));
    }

    @Test
    void whenTheyAreTooManyTheFirstAndTheLatestAreQuotedAndTheOthersCounted() {
        List<String> messages = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            messages.add("message number " + i + " " + "z".repeat(80));
        }
        String text = SummaryMessage.of(200, messages, "s", 1_000);

        assertThat(text).contains("> message number 1 ").contains("> message number 50 ")
                .doesNotContain("> message number 2 ").containsPattern("\\[… \\d+ more messages of the user, kept in the log …\\]");
    }

    @Test
    void aPastedFileInAMessageIsQuotedByItsHeadAndTail() {
        String pasted = "start " + "y".repeat(10_000) + " end";
        String text = SummaryMessage.of(2, List.of(pasted), "s", 100_000);
        assertThat(text).contains("> start ").contains(" end").contains("characters left out …]")
                .hasSizeLessThan(SummaryMessage.MESSAGE_CHARS + 600);
    }
}
