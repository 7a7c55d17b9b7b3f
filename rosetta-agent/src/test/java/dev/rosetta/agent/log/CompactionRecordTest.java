package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** Compactions and checkpoints are lines of their own: never rewrites, and undone with the messages they follow. */
class CompactionRecordTest {

    @TempDir
    Path logs;

    private static final String SHA_A = "a".repeat(64);
    private static final String SHA_B = "b".repeat(64);

    private static LoggedMessage user(String text) {
        return LoggedMessage.of(Message.user(text), ToolFormat.MARKDOWN);
    }

    private static Compaction compaction(int at) {
        return new Compaction(at, Instant.parse("2026-12-01T10:00:00Z"), Compaction.Trigger.AUTO, List.of(1),
                List.of(new Compaction.ShrunkResult(0, "head\n[… cut …]\ntail")),
                new Compaction.Summary(1, "Summary of that part: é ✓"), 9_000, 3_000);
    }

    @Test
    void compactionAndCheckpointLinesReadBackEqual() throws Exception {
        Compaction c = compaction(2);
        assertThat(((LogLine.Compacted) LogLineRoundTripTest.roundTrip(new LogLine.Compacted(c))).compaction())
                .isEqualTo(c);
        FileCheckpoint created = new FileCheckpoint(3, "call_1", Path.of("/w/new.txt"), null, SHA_A, true);
        FileCheckpoint tooLarge = new FileCheckpoint(5, null, Path.of("/w/big.bin"), SHA_A, SHA_B, false);
        FileCheckpoint inNewFolders = new FileCheckpoint(6, "call_2", Path.of("/w/docs/api/x.md"), null, SHA_A, true,
                Path.of("/w/docs"));
        for (FileCheckpoint f : List.of(created, tooLarge, inNewFolders)) {
            assertThat(((LogLine.Checkpoint) LogLineRoundTripTest.roundTrip(new LogLine.Checkpoint(f))).checkpoint())
                    .isEqualTo(f);
        }
    }

    @Test
    void theMessagesStayInTheLogAsTheyWereAndTheCompactionIsALineOfItsOwn() throws Exception {
        try (ConversationLog log = ConversationLog.create(logs, "c")) {
            log.append(user("one"));
            log.append(user("two"));
            log.append(compaction(2));
        }
        Path file = logs.resolve("c").resolve(ConversationLog.FILE);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).startsWith("{\"compaction\":{\"at\":2,");
        try (ConversationLog log = ConversationLog.open(logs, "c")) {
            assertThat(log.messages()).extracting(m -> m.message().content()).containsExactly("one", "two");
            assertThat(log.compactions()).containsExactly(compaction(2));
        }
        assertThat(Conversations.count(file)).isEqualTo(2);
    }

    @Test
    void anUndoBackPastACompactionOrACheckpointTakesItBackToo() throws Exception {
        FileCheckpoint early = new FileCheckpoint(1, "call_1", Path.of("/w/a.txt"), null, SHA_A, true);
        FileCheckpoint late = new FileCheckpoint(3, "call_2", Path.of("/w/a.txt"), SHA_A, SHA_B, true);
        try (ConversationLog log = ConversationLog.create(logs, "u")) {
            log.append(user("1"));
            log.append(early);
            log.append(user("2"));
            log.append(user("3"));
            log.append(compaction(3));
            log.append(late);
            log.append(user("4"));
            log.undo(1); // back to 3 messages: the compaction over 3 stays, the write made after 3 goes
            assertThat(log.compactions()).hasSize(1);
            assertThat(log.checkpoints()).containsExactly(early);
            log.undo(1);
            assertThat(log.compactions()).isEmpty();
            assertThat(log.checkpoints()).containsExactly(early);
        }
        try (ConversationLog log = ConversationLog.open(logs, "u")) {
            assertThat(log.size()).isEqualTo(2);
            assertThat(log.compactions()).isEmpty();
            assertThat(log.checkpoints()).containsExactly(early);
        }
    }

    @Test
    void aCompactionOverMoreMessagesThanThereAreIsRefused() {
        try (ConversationLog log = ConversationLog.create(logs, "r")) {
            log.append(user("only one"));
            assertThatThrownBy(() -> log.append(compaction(2))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aCompactionLineSpeakingOfMessagesItWasNotMadeOverIsNotALogLine() {
        String line = "{\"compaction\":{\"at\":1,\"timestamp\":\"2026-12-01T10:00:00Z\",\"trigger\":\"auto\","
                + "\"without_reasoning\":[4]}}";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LogLineReader.read(bytes, 0, bytes.length)).isInstanceOf(LogLineReader.InvalidLine.class)
                .hasMessageContaining("message 4");
    }
}
