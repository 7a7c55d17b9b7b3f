package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** The conversation log on disk: created, appended, reopened after crashes, undone, forked and renamed. */
class ConversationLogTest {

    @TempDir
    Path logs;

    private static LoggedMessage user(String text) {
        return LoggedMessage.of(Message.user(text), ToolFormat.MARKDOWN);
    }

    private static LoggedMessage assistant(String text) {
        return LoggedMessage.of(Message.assistant(text, List.of()), ToolFormat.MARKDOWN);
    }

    private List<LoggedMessage> written(String id, int n) {
        List<LoggedMessage> all = new ArrayList<>();
        try (ConversationLog log = ConversationLog.create(logs, id)) {
            for (int i = 0; i < n; i++) {
                LoggedMessage m = i % 2 == 0 ? user("question " + i) : assistant("answer " + i);
                log.append(m);
                all.add(m);
            }
        }
        return all;
    }

    private Path file(String id) {
        return logs.resolve(id).resolve(ConversationLog.FILE);
    }

    @Test
    void appendedMessagesAreOneLineEachAndReadBackInOrder() throws IOException {
        List<LoggedMessage> all = written("talk", 5);
        assertThat(Files.readAllLines(file("talk"))).hasSize(5);
        try (ConversationLog log = ConversationLog.open(logs, "talk")) {
            assertThat(log.messages()).isEqualTo(all);
            assertThat(log.warnings()).isEmpty();
        }
    }

    /** Ctrl-C interrupts the turn's thread; the reply that was cut short must still be saved. */
    @Test
    void anInterruptedThreadStillSavesItsMessageAndKeepsTheLogOpen() throws IOException {
        try (ConversationLog log = ConversationLog.create(logs, "stopped")) {
            log.append(user("tell me a story"));
            Thread.currentThread().interrupt();
            try {
                log.append(assistant("Once upon a"));
                assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is left for the loop").isTrue();
            } finally {
                Thread.interrupted();
            }
            log.append(user("go on"));
        }
        assertThat(Files.readAllLines(file("stopped"))).hasSize(3);
    }

    @Test
    void aGeneratedIdIsTodaysDateAndThreeWords() {
        try (ConversationLog log = ConversationLog.create(logs, null, LocalDate.of(2026, 11, 29), new Random(1))) {
            assertThat(log.id()).matches("2026-11-29-[a-z]+-[a-z]+-[a-z]+");
            assertThat(log.folder()).isDirectory();
            assertThat(log.folder().resolve(ConversationLog.FILE)).exists();
        }
    }

    @Test
    void generatedIdsNeverReuseAFolder() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 30; i++) {
            // The same seed every time: each draw repeats the earlier ids, which must be skipped.
            try (ConversationLog log = ConversationLog.create(logs, null, LocalDate.of(2026, 1, 2), new Random(7))) {
                assertThat(ids.add(log.id())).as("id %s reused", log.id()).isTrue();
            }
        }
    }

    @Test
    void aChosenNameThatIsTakenIsAnErrorThatSaysHowToResumeIt() {
        written("mine", 1);
        assertThatThrownBy(() -> ConversationLog.create(logs, "mine"))
                .isInstanceOf(RosettaException.class)
                .hasMessage("a conversation named 'mine' exists already; continue it with --resume --name mine, or"
                        + " choose another name");
    }

    @Test
    void anInvalidNameIsRefusedBeforeAnythingIsCreated() throws IOException {
        assertThatThrownBy(() -> ConversationLog.create(logs, "../escape")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("invalid conversation name '../escape'");
        try (var files = Files.list(logs)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void openingAMissingConversationSaysHowToListThem() {
        assertThatThrownBy(() -> ConversationLog.open(logs, "nope"))
                .hasMessage("no conversation 'nope' in " + logs + "; `rosetta logs` lists them");
    }

    @Test
    void aLineCutOffByACrashIsSkippedWithAWarningAndKeptAside() throws IOException {
        List<LoggedMessage> all = written("crash", 3);
        LoggedMessage after = user("after the crash");
        byte[] bytes = Files.readAllBytes(file("crash"));
        int cut = bytes.length - 10; // in the middle of the last line
        try (FileChannel ch = FileChannel.open(file("crash"), StandardOpenOption.WRITE)) {
            ch.truncate(cut);
        }
        try (ConversationLog log = ConversationLog.open(logs, "crash")) {
            assertThat(log.messages()).isEqualTo(all.subList(0, 2));
            assertThat(log.warnings()).singleElement().asString().contains("line 3").contains("cut off");
            log.append(after);
        }
        String torn = Files.readString(logs.resolve("crash").resolve(ConversationLog.TORN));
        assertThat(new String(bytes, 0, cut, StandardCharsets.UTF_8)).endsWith(torn);
        try (ConversationLog log = ConversationLog.open(logs, "crash")) {
            assertThat(log.messages()).hasSize(3).last().isEqualTo(after);
            assertThat(log.warnings()).isEmpty();
        }
    }

    @Test
    void everyCutOfTheLastLineLosesOnlyThatLine() throws IOException {
        List<LoggedMessage> all = written("cuts", 2);
        byte[] bytes = Files.readAllBytes(file("cuts"));
        int lastLineStart = LogFileReader.indexOf(bytes, (byte) '\n', 0) + 1;
        for (int cut = lastLineStart; cut < bytes.length; cut++) {
            Path copy = logs.resolve("cut-" + cut);
            Files.createDirectories(copy);
            Files.write(copy.resolve(ConversationLog.FILE), Arrays.copyOf(bytes, cut));
            List<LoggedMessage> read = LogFileReader.read(copy.resolve(ConversationLog.FILE)).messages();
            // Cut just before the newline, the line is whole: it is kept.
            assertThat(read).as("cut at %d", cut).isEqualTo(cut == bytes.length - 1 ? all : all.subList(0, 1));
        }
    }

    @Test
    void aCompleteLastLineWithoutItsNewlineIsKeptAndTheNewlineRestored() throws IOException {
        List<LoggedMessage> all = written("nl", 2);
        byte[] bytes = Files.readAllBytes(file("nl"));
        Files.write(file("nl"), Arrays.copyOf(bytes, bytes.length - 1));
        try (ConversationLog log = ConversationLog.open(logs, "nl")) {
            assertThat(log.messages()).isEqualTo(all);
            log.append(user("third"));
        }
        assertThat(Files.readAllLines(file("nl"))).hasSize(3);
        assertThat(LogFileReader.read(file("nl")).messages()).hasSize(3);
    }

    @Test
    void nulBytesACrashLeftAtTheEndAreDroppedBeforeAppending() throws IOException {
        List<LoggedMessage> all = written("nul", 2);
        Files.write(file("nul"), new byte[4096], StandardOpenOption.APPEND);
        try (ConversationLog log = ConversationLog.open(logs, "nul")) {
            assertThat(log.messages()).isEqualTo(all);
            log.append(user("more"));
        }
        try (ConversationLog log = ConversationLog.open(logs, "nul")) {
            assertThat(log.messages()).hasSize(3);
        }
    }

    @Test
    void anInvalidLineInTheMiddleIsAnErrorNamingTheFileAndLine() throws IOException {
        written("bad", 3);
        List<String> lines = new ArrayList<>(Files.readAllLines(file("bad")));
        lines.set(1, "{\"role\": \"user\", oops");
        Files.write(file("bad"), lines);
        assertThatThrownBy(() -> ConversationLog.open(logs, "bad"))
                .isInstanceOf(RosettaException.class)
                .hasMessageStartingWith(file("bad") + " line 2 is not a log line (not JSON")
                .hasMessageEndingWith("the conversation was not loaded: fix or delete that line, then try again");
        // Nothing was changed, and the lock was given back.
        assertThat(Files.readAllLines(file("bad"))).isEqualTo(lines);
        lines.set(1, "");
        Files.write(file("bad"), lines);
        try (ConversationLog log = ConversationLog.open(logs, "bad")) {
            assertThat(log.messages()).hasSize(2);
        }
    }

    /** Issue 10 #20: a whole JSON line that is no message was called "cut off while writing". */
    @Test
    void aLastLineThatIsJsonButNoMessageIsSkippedSayingWhatIsWrongWithIt() throws IOException {
        written("odd", 2);
        for (String last : List.of("{\"foo\":1}", "{\"undo\":-3}")) {
            Files.writeString(file("odd"), last + "\n", StandardOpenOption.APPEND);
            try (ConversationLog log = ConversationLog.open(logs, "odd")) {
                assertThat(log.messages()).hasSize(2);
                assertThat(log.warnings()).singleElement().asString().contains("line 3")
                        .contains(last.contains("foo") ? "(\"role\" is missing)" : "(\"undo\" must be a count of messages, not -3)")
                        .endsWith("it was skipped").doesNotContain("cut off");
            }
        }
    }

    @Test
    void undoIsALineOfItsOwnAndIsAppliedOnLoad() throws IOException {
        List<LoggedMessage> all = written("undo", 4);
        try (ConversationLog log = ConversationLog.open(logs, "undo")) {
            assertThat(log.undo(2)).isEqualTo(all.subList(2, 4));
            assertThat(log.messages()).isEqualTo(all.subList(0, 2));
            log.append(user("instead"));
        }
        assertThat(Files.readAllLines(file("undo"))).hasSize(6).element(4).isEqualTo("{\"undo\":2}");
        try (ConversationLog log = ConversationLog.open(logs, "undo")) {
            assertThat(log.messages()).hasSize(3).first().isEqualTo(all.get(0));
            assertThat(log.messages().get(2).message().content()).isEqualTo("instead");
        }
    }

    @Test
    void undoingMoreThanThereIsEmptiesTheConversationAndUndoingNothingWritesNothing() throws IOException {
        written("all", 2);
        try (ConversationLog log = ConversationLog.open(logs, "all")) {
            assertThat(log.undo(10)).hasSize(2);
            assertThat(log.undo(1)).isEmpty();
            assertThat(log.messages()).isEmpty();
        }
        assertThat(Files.readAllLines(file("all"))).hasSize(3).last().isEqualTo("{\"undo\":2}");
    }

    @Test
    void forkCopiesTheVisibleMessagesAndTheConfigUnderTheNewName() {
        List<LoggedMessage> all = written("orig", 4);
        try (ConversationLog log = ConversationLog.open(logs, "orig")) {
            log.writeConfig(ChatConfig.empty().withModel("openai/gpt-4.1").withToolFormat(ToolFormat.XML).withName("orig"));
            log.undo(1);
            assertThat(log.fork("copy")).isEqualTo("copy");
            log.append(user("only in the original"));
        }
        try (ConversationLog copy = ConversationLog.open(logs, "copy")) {
            assertThat(copy.messages()).isEqualTo(all.subList(0, 3));
            assertThat(copy.readConfig()).get().satisfies(c -> {
                assertThat(c.name()).isEqualTo("copy");
                assertThat(c.model()).isEqualTo("openai/gpt-4.1");
                assertThat(c.toolFormat()).isEqualTo(ToolFormat.XML);
            });
        }
    }

    @Test
    void renameMovesTheFolderAndTheOpenLogKeepsWriting() {
        written("old", 2);
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            log.writeConfig(ChatConfig.empty().withName("old"));
            log.rename("new-name_2.0");
            assertThat(log.id()).isEqualTo("new-name_2.0");
            log.append(user("after the rename"));
            assertThat(log.readConfig()).get().extracting(ChatConfig::name).isEqualTo("new-name_2.0");
        }
        assertThat(logs.resolve("old")).doesNotExist();
        try (ConversationLog log = ConversationLog.open(logs, "new-name_2.0")) {
            assertThat(log.messages()).hasSize(3);
        }
    }

    @Test
    void renamingOntoAnExistingConversationIsRefused() {
        written("a", 1);
        written("b", 1);
        try (ConversationLog log = ConversationLog.open(logs, "a")) {
            assertThatThrownBy(() -> log.rename("b")).hasMessage("a conversation named 'b' exists already; choose another name");
            assertThat(log.id()).isEqualTo("a");
        }
    }

    @Test
    void aClosedLogRefusesToAppend() {
        ConversationLog log = ConversationLog.create(logs, "closed");
        log.close();
        log.close();
        assertThatThrownBy(() -> log.append(user("late"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aMessageTheDiskRefusedIsNotInTheConversation() {
        written("full", 2);
        try (ConversationLog log = FullDisk.reopen(logs, "full")) {
            assertThatThrownBy(() -> log.append(user("lost")))
                    .isInstanceOf(LogWriteException.class)
                    .hasMessageContaining("could not write to the log of conversation full")
                    .hasMessageContaining("No space left on device")
                    .hasMessageContaining("the last message is not saved");
            assertThat(log.messages()).isEmpty();
        }
    }
}
