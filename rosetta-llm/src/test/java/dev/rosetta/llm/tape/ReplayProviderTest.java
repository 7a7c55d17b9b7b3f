package dev.rosetta.llm.tape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;

/** A tape answers request n with line n: a reply, a failure, a stall; recording one and replaying it gives the same events. */
class ReplayProviderTest {

    @TempDir
    Path dir;

    private static final ChatRequest REQUEST = ChatRequest.of("m", List.of(Message.user("hi")));

    private static List<ChatEvent> drain(ChatStream stream) throws ProviderException {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            events.add(e);
        }
        return events;
    }

    private Path tape(String... lines) throws Exception {
        Path file = dir.resolve("replies.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    @Test
    void eachRequestGetsTheNextReplyWithItsCallsUsageAndStop() throws Exception {
        ReplayProvider replay = new ReplayProvider("openai", true, tape(
                "{\"thinking\": \"hm\", \"text\": \"Hello\", \"usage\": {\"input\": 10, \"output\": 2}}",
                "{\"tool_calls\": [{\"id\": \"c1\", \"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}]}"));

        assertThat(drain(replay.chat(REQUEST))).containsExactly(new ChatEvent.ThinkingDelta("hm"),
                new ChatEvent.TextDelta("Hello"), new ChatEvent.Usage(10, 2, 0, 0),
                new ChatEvent.Finished(StopReason.END_TURN, "end_turn", null));
        assertThat(drain(replay.chat(REQUEST))).contains(new ChatEvent.ToolCallCompleted(0, "c1", "shell",
                "{\"command\":\"ls\"}")).last().isEqualTo(new ChatEvent.Finished(StopReason.TOOL_USE, "tool_use", null));
        assertThatThrownBy(() -> replay.chat(REQUEST)).isInstanceOf(ProviderException.class)
                .hasMessageContaining("hold 2 replies").hasMessageContaining("reply 3");
    }

    @Test
    void aFailureFailsTheRequestAsTheProviderDid() throws Exception {
        ReplayProvider replay = new ReplayProvider("openai", true, tape("{\"error\": \"overloaded\", \"status\": 529}"));
        assertThatThrownBy(() -> replay.chat(REQUEST)).isInstanceOf(ProviderException.class)
                .hasMessage("overloaded").extracting(e -> ((ProviderException) e).status()).isEqualTo(529);
    }

    @Test
    void aStallWaitsUntilTheStreamIsClosed() throws Exception {
        ChatStream stream = new ReplayProvider("openai", true, tape("{\"stall\": true}")).chat(REQUEST);
        CompletableFuture<ChatEvent> next = CompletableFuture.supplyAsync(() -> {
            try {
                return stream.next();
            } catch (ProviderException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(next).isNotDone();
        stream.close();
        assertThat(next.get(10, TimeUnit.SECONDS)).isEqualTo(new ChatEvent.Finished(StopReason.CANCELED, "canceled", null));
    }

    @Test
    void aTornLastLineIsAStallAndABadLineNamesItsPlace() throws Exception {
        Path torn = dir.resolve("torn.jsonl");
        Files.writeString(torn, "{\"text\": \"a\"}\n{\"text\": \"cut of");
        assertThat(ReplayProvider.read(torn)).last().isInstanceOf(TapeLine.Stall.class);
        assertThatThrownBy(() -> ReplayProvider.read(tape("{\"text\": \"a\"}", "[1, 2]")))
                .isInstanceOf(RosettaException.class).hasMessageContaining("replies.jsonl:2");
        assertThatThrownBy(() -> ReplayProvider.read(tape("{\"text\": \"a\", \"stop\": \"soon\"}")))
                .hasMessageContaining("stop: unknown reason 'soon'");
    }

    @Test
    void whatIsRecordedReplaysAsTheSameEvents() throws Exception {
        Path original = tape("{\"text\": \"Let me look.\\n```shell\\nls\\n```\\n\", \"usage\": {\"input\": 5, \"output\": 7,"
                + " \"cache_read\": 3, \"cache_write\": 1}}",
                "{\"tool_calls\": [{\"id\": \"c9\", \"name\": \"save\", \"arguments\": \"{\\\"path\\\": \\\"a\\\"}\"}]}",
                "{\"error\": \"down\", \"status\": 500}");
        Path recorded = dir.resolve("recorded.jsonl");
        RecordingProvider recording = new RecordingProvider(new ReplayProvider("openai", true, original), recorded);
        List<List<ChatEvent>> first = new ArrayList<>();
        first.add(drain(recording.chat(REQUEST)));
        first.add(drain(recording.chat(REQUEST)));
        assertThatThrownBy(() -> recording.chat(REQUEST)).isInstanceOf(ProviderException.class);

        ReplayProvider again = new ReplayProvider("openai", true, recorded);
        assertThat(drain(again.chat(REQUEST))).isEqualTo(first.get(0));
        assertThat(drain(again.chat(REQUEST))).isEqualTo(first.get(1));
        assertThatThrownBy(() -> again.chat(REQUEST)).hasMessage("down");
    }
}
