package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** `rosetta logs`: every conversation, newest first, with a name, a count and a preview. */
class ConversationsTest {

    @TempDir
    Path logs;

    private void conversation(String id, Instant modified, String... userTexts) throws IOException {
        try (ConversationLog log = ConversationLog.create(logs, id)) {
            for (String text : userTexts) {
                log.append(LoggedMessage.of(Message.user(text), ToolFormat.MARKDOWN));
                log.append(LoggedMessage.of(Message.assistant("ok", List.of()), ToolFormat.MARKDOWN));
            }
        }
        Files.setLastModifiedTime(logs.resolve(id).resolve(ConversationLog.FILE), FileTime.from(modified));
    }

    @Test
    void conversationsAreListedNewestFirstWithCountsAndPreviews() throws IOException {
        conversation("older", Instant.parse("2026-01-01T00:00:00Z"), "first question", "second");
        conversation("newer", Instant.parse("2026-02-01T00:00:00Z"), "  what is\n\tthis?  ");
        List<ConversationSummary> list = Conversations.list(logs);
        assertThat(list).extracting(ConversationSummary::id).containsExactly("newer", "older");
        assertThat(list.get(0).messages()).isEqualTo(2);
        assertThat(list.get(0).preview()).isEqualTo("what is this?");
        assertThat(list.get(1).messages()).isEqualTo(4);
        assertThat(list.get(1).preview()).isEqualTo("first question");
        assertThat(list.get(1).lastModified()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(Conversations.latest(logs)).contains("newer");
    }

    @Test
    void theCountLeavesOutUndoneMessagesAndATornLastLine() throws IOException {
        conversation("undone", Instant.now(), "a", "b", "c");
        try (ConversationLog log = ConversationLog.open(logs, "undone")) {
            log.undo(3);
        }
        Path file = logs.resolve("undone").resolve(ConversationLog.FILE);
        Files.writeString(file, "{\"role\":\"user\",\"timest", StandardOpenOption.APPEND);
        assertThat(Conversations.count(file)).isEqualTo(3).isEqualTo(LogFileReader.read(file).messages().size());
    }

    /**
     * Issue 10 #20: {@code {"undo":999999999999}} made rosetta logs show 0 messages while resume
     * loaded all of them; an undo line and a last line are judged by one rule for both.
     */
    @Test
    void theCountAndTheLoadAgreeOnEveryOddLastLine() throws IOException {
        for (String last : List.of("{\"undo\":999999999999}", "{\"undo\":7}", "{\"undo\":-3}", "{\"undo\":1.5}",
                "{\"foo\":1}", "[1,2]", "{\"undo\":2}", "{\"role\":\"user\",\"timest", "{\"role\":\"user\"}")) {
            conversation("odd", Instant.now(), "a", "b", "c");
            Path file = logs.resolve("odd").resolve(ConversationLog.FILE);
            Files.writeString(file, last + "\n", StandardOpenOption.APPEND);

            int loaded = LogFileReader.read(file).messages().size();

            assertThat(Conversations.count(file)).as(last).isEqualTo(loaded);
            assertThat(loaded).as(last).isEqualTo(last.equals("{\"undo\":2}") ? 4 : 6);
            deleteRecursively(logs.resolve("odd"));
        }
    }

    @Test
    void anUndoOfMoreMessagesThanComeBeforeItInTheMiddleIsADamagedLog() throws IOException {
        conversation("damaged", Instant.now(), "a");
        Path file = logs.resolve("damaged").resolve(ConversationLog.FILE);
        Files.writeString(file, "{\"undo\":5}\n" + Files.readString(file).lines().findFirst().orElseThrow() + "\n",
                StandardOpenOption.APPEND);

        assertThatThrownBy(() -> LogFileReader.read(file)).hasMessageContaining("line 3 is not a log line (it undoes 5"
                + " messages, but only 2 come before it)");
        assertThat(Conversations.count(file)).as("what comes before the damage").isEqualTo(2);
    }

    private static void deleteRecursively(Path folder) throws IOException {
        try (var all = Files.walk(folder)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void theNameComesFromTheChatConfigAndABrokenConfigOnlyLosesTheName() throws IOException {
        conversation("named", Instant.now(), "hi");
        conversation("broken", Instant.now(), "hi");
        ChatConfig.empty().withName("My chat").write(logs.resolve("named").resolve(ConversationLog.CONFIG));
        Files.writeString(logs.resolve("broken").resolve(ConversationLog.CONFIG), "name = \n");
        assertThat(Conversations.list(logs)).extracting(ConversationSummary::id, ConversationSummary::name)
                .containsExactlyInAnyOrder(tuple("named", "My chat"),
                        tuple("broken", null));
    }

    @Test
    void aLongFirstMessageIsCutAndControlCharactersBlanked() throws IOException {
        conversation("long", Instant.now(), "\u001b[31mred\u001b[0m " + "x".repeat(200));
        String preview = Conversations.list(logs).getFirst().preview();
        assertThat(preview).startsWith(" [31mred [0m xxx").endsWith("…").hasSize(81);
        assertThat(preview).doesNotContain("\u001b");
    }

    @Test
    void foldersWithoutALogAndAMissingLogFolderAreNoError() throws IOException {
        assertThat(Conversations.list(logs.resolve("absent"))).isEmpty();
        assertThat(Conversations.latest(logs.resolve("absent"))).isEmpty();
        Files.createDirectories(logs.resolve("not-a-conversation"));
        assertThat(Conversations.list(logs)).isEmpty();
    }

    @Test
    void aConversationWithoutUserMessagesHasAnEmptyPreview() throws IOException {
        try (ConversationLog log = ConversationLog.create(logs, "quiet")) {
            log.append(LoggedMessage.of(Message.system("note"), ToolFormat.MARKDOWN));
        }
        assertThat(Conversations.list(logs).getFirst().preview()).isEmpty();
    }

    @Test
    void renamingAClosedConversationMovesItAndItsName() throws IOException {
        conversation("before", Instant.now(), "hi");
        ChatConfig.empty().withName("before").write(logs.resolve("before").resolve(ConversationLog.CONFIG));
        Conversations.rename(logs, "before", "after");
        assertThat(logs.resolve("before")).doesNotExist();
        assertThat(Conversations.list(logs)).singleElement().satisfies(s -> {
            assertThat(s.id()).isEqualTo("after");
            assertThat(s.name()).isEqualTo("after");
        });
    }

    @Test
    void theLastMessageIsTheLastUserOrAssistantTextWhateverTheConversationHolds() throws IOException {
        java.util.Random random = new java.util.Random(22);
        String[] pieces = {"hello", "  ", "\n", "\t", "é", "😀", "\"quoted\"", "{\"json\": 1}", "a long word ", ""};
        for (int round = 0; round < 40; round++) {
            String id = "last-" + round;
            String expected = "";
            try (ConversationLog log = ConversationLog.create(logs, id)) {
                int messages = random.nextInt(6);
                for (int m = 0; m < messages; m++) {
                    StringBuilder text = new StringBuilder();
                    for (int k = random.nextInt(40); k > 0; k--) {
                        text.append(pieces[random.nextInt(pieces.length)]);
                    }
                    boolean user = random.nextBoolean();
                    log.append(LoggedMessage.of(user ? Message.user(text.toString())
                            : Message.assistant(text.toString(), List.of()), ToolFormat.MARKDOWN));
                    if (!text.toString().isBlank()) {
                        expected = (user ? "user: " : "assistant: ") + Conversations.oneLine(text.toString());
                    }
                }
            }
            if (random.nextBoolean()) { // a line torn by a crash is not a message
                Files.writeString(logs.resolve(id).resolve(ConversationLog.FILE), "{\"role\":\"user\",\"conte",
                        StandardOpenOption.APPEND);
            }
            assertThat(Conversations.lastMessage(logs, id)).as("round %d", round).isEqualTo(expected);
        }
    }

    /** After /undo in the page, the list showed the message just taken back as the conversation's last. */
    @Test
    void aMessageAnUndoTookBackIsNotTheLastMessage() throws IOException {
        java.util.Random random = new java.util.Random(24);
        for (int round = 0; round < 60; round++) {
            String id = "undone-" + round;
            List<String> visible = new java.util.ArrayList<>();
            try (ConversationLog log = ConversationLog.create(logs, id)) {
                for (int step = random.nextInt(12); step > 0; step--) {
                    if (random.nextInt(4) == 0) {
                        int n = random.nextInt(4);
                        log.undo(n);
                        visible.subList(Math.max(0, visible.size() - n), visible.size()).clear();
                    } else {
                        String text = random.nextInt(5) == 0 ? " " : "message " + step + " of round " + round;
                        boolean user = random.nextBoolean();
                        log.append(LoggedMessage.of(user ? Message.user(text) : Message.assistant(text, List.of()),
                                ToolFormat.MARKDOWN));
                        visible.add((user ? "user: " : "assistant: ") + text);
                    }
                }
            }
            String expected = visible.reversed().stream().filter(v -> !v.substring(v.indexOf(':') + 1).isBlank())
                    .findFirst().orElse("");
            assertThat(Conversations.lastMessage(logs, id)).as("round %d: %s", round, visible).isEqualTo(expected);
        }
    }

    @Test
    void aMissingConversationHasNoLastMessage() {
        assertThat(Conversations.lastMessage(logs, "never-was")).isEmpty();
    }
}
