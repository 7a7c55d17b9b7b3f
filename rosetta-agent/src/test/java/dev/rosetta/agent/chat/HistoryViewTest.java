package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** History as each format shows it: untouched when written in it, re-spelled from stored calls otherwise. */
class HistoryViewTest {

    private static final String MARKDOWN_REPLY = "I'll write it.\n```save hello.py\nprint('hi')\n```\nDone.";
    private static final ToolUse SAVE = new ToolUse("save", List.of("hello.py"), "print('hi')", Map.of(), "call_1");

    private static List<LoggedMessage> markdownConversation() {
        return List.of(
                LoggedMessage.of(Message.user("write hello.py"), ToolFormat.MARKDOWN),
                new LoggedMessage(Message.assistant(MARKDOWN_REPLY, List.of(SAVE)), Instant.now(), "openai/gpt-4.1",
                        ToolFormat.MARKDOWN, Set.of(), null, null),
                LoggedMessage.of(Message.toolResult("call_1", ToolResult.ok("Saved hello.py (1 line, created)")),
                        ToolFormat.MARKDOWN));
    }

    private static List<Message> view(List<LoggedMessage> log, ToolFormat format) {
        return new HistoryView(format, BuiltinTools.catalog()).messages(log);
    }

    @Test
    void messagesWrittenInTheActiveFormatGoOutByteForByte() {
        List<Message> out = view(markdownConversation(), ToolFormat.MARKDOWN);
        assertThat(out.get(1).content()).isEqualTo(MARKDOWN_REPLY);
        assertThat(out.get(1).calls()).isEmpty();
        assertThat(out.get(2)).isEqualTo(Message.system("Saved hello.py (1 line, created)"));
    }

    @Test
    void switchingToXmlRespellsEarlierCallsAsXml() {
        Message reply = view(markdownConversation(), ToolFormat.XML).get(1);
        assertThat(reply.content()).startsWith("I'll write it.\n<tool-use>\n<save args=\"hello.py\">\nprint('hi')\n</save>")
                .endsWith("Done.").doesNotContain("```");
        List<Segment> segments = StreamSplitter.split(reply.content(), ToolFormat.XML, BuiltinTools.catalog());
        assertThat(segments).filteredOn(Segment.Call.class::isInstance).singleElement()
                .satisfies(c -> assertThat(((Segment.Call) c).use().args()).containsExactly("hello.py"));
    }

    @Test
    void switchingToToolMakesEarlierCallsNativeAndTiesResultsToThem() {
        List<Message> out = view(markdownConversation(), ToolFormat.TOOL);
        Message reply = out.get(1);
        assertThat(reply.content()).isEqualTo("I'll write it.\nDone.");
        assertThat(reply.calls()).containsExactly(
                ToolUse.named("save", Map.of("path", "hello.py", "content", "print('hi')"), "call_1"));
        assertThat(out.get(2).callId()).isEqualTo("call_1");
        assertThat(out.get(2).role()).isEqualTo(Role.SYSTEM);
    }

    @Test
    void nativeCallsAreWrittenOutWhenSwitchingToMarkdown() {
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "call_9");
        List<LoggedMessage> log = List.of(
                new LoggedMessage(Message.assistant("Listing.", List.of(shell)), Instant.now(), "anthropic/claude",
                        ToolFormat.TOOL, Set.of("call_9"), null, null),
                LoggedMessage.of(Message.toolResult("call_9", ToolResult.ok("a.txt")), ToolFormat.TOOL));
        List<Message> out = view(log, ToolFormat.MARKDOWN);
        assertThat(out.get(0).content()).isEqualTo("Listing.\n```shell\nls\n```\n");
        assertThat(out.get(0).calls()).isEmpty();
        assertThat(out.get(1)).isEqualTo(Message.system("a.txt"));
    }

    @Test
    void toolFormatKeepsNativeCallsNative() {
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "call_9");
        List<LoggedMessage> log = List.of(new LoggedMessage(Message.assistant("", List.of(shell)), Instant.now(),
                "openai/gpt-4.1", ToolFormat.TOOL, Set.of("call_9"), null, null));
        assertThat(view(log, ToolFormat.TOOL).get(0).calls()).containsExactly(shell);
    }
}
