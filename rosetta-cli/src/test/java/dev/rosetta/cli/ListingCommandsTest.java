package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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

    /** Newest by when each log was last written, set explicitly: two writes can share a clock tick. */
    @Test
    void logsListsConversationsNewestFirstWithTheirFirstMessage() throws Exception {
        Path newerFile;
        try (ConversationLog newer = ConversationLog.create(logs, "newer-one")) {
            newer.append(LoggedMessage.of(Message.user("second\nquestion \u001b[31mred"), ToolFormat.XML));
            newerFile = newer.folder().resolve(ConversationLog.FILE);
        }
        Path olderFile;
        try (ConversationLog older = ConversationLog.create(logs, "older-one")) {
            older.append(LoggedMessage.of(Message.user("first question"), ToolFormat.MARKDOWN));
            olderFile = older.folder().resolve(ConversationLog.FILE);
        }
        Instant noon = Instant.parse("2026-06-01T12:00:00Z");
        Files.setLastModifiedTime(olderFile, FileTime.from(noon));
        Files.setLastModifiedTime(newerFile, FileTime.from(noon.plusSeconds(60)));
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
