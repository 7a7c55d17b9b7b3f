package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** {@code rosetta models} and {@code rosetta logs}. */
class ListingCommandsTest {

    @TempDir
    Path logs;

    @Test
    void modelsListsTheBundledRegistryFiltered() {
        Cli.Run run = Cli.run("models", "sonnet-4-6");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("anthropic/claude-sonnet-4-6").contains("3.00/15.00").doesNotContain("gpt-4.1");
    }

    @Test
    void logsListsConversationsNewestFirstWithTheirFirstMessage() throws Exception {
        try (ConversationLog older = ConversationLog.create(logs, "older-one")) {
            older.append(LoggedMessage.of(Message.user("first question"), ToolFormat.MARKDOWN));
        }
        Thread.sleep(20);
        try (ConversationLog newer = ConversationLog.create(logs, "newer-one")) {
            newer.append(LoggedMessage.of(Message.user("second\nquestion \u001b[31mred"), ToolFormat.XML));
        }
        Cli.Run run = Cli.run("logs", "--dir", logs.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().indexOf("newer-one")).isLessThan(run.out().indexOf("older-one"));
        assertThat(run.out()).contains("second question").doesNotContain("\u001b");
    }

    @Test
    void logsSaysSoWhenThereAreNone() {
        assertThat(Cli.run("logs", "--dir", logs.toString()).out()).startsWith("No conversations yet");
    }
}
