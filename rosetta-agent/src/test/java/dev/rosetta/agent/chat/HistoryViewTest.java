package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** History as each format shows it: untouched when written in it, re-spelled by span from stored segments otherwise. */
class HistoryViewTest {

    private static final String MARKDOWN_REPLY = "I'll write it.\n```save hello.py\nprint('hi')\n```\nDone.";
    private static final ToolUse SAVE = new ToolUse("save", List.of("hello.py"), "print('hi')", Map.of(), "call_1");
    private static final ToolCatalog WITHOUT_JSHELL = ToolCatalog.of(
            BuiltinTools.ALL.stream().filter(t -> t != BuiltinTools.JSHELL).toList());

    private static List<LoggedMessage> markdownConversation() {
        return List.of(
                LoggedMessage.of(Message.user("write hello.py"), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.assistant(MARKDOWN_REPLY, List.of(SAVE)), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.toolResult("call_1", ToolResult.ok("Saved hello.py (1 line, created)")),
                        ToolFormat.MARKDOWN));
    }

    private static List<Message> view(List<LoggedMessage> log, ToolFormat format) {
        return new HistoryView(format, BuiltinTools.catalog()).messages(log);
    }

    /** A reply read as the agent reads one (all tools loaded), its calls given ids in order. */
    private static LoggedMessage read(String text, ToolFormat format) {
        List<StoredSegment> segments = new ArrayList<>();
        int id = 0;
        for (Segment s : StreamSplitter.split(text, format, BuiltinTools.catalog())) {
            if (s instanceof Segment.Call c) {
                s = new Segment.Call(c.use().withCallId("call_" + ++id), c.dialect(), c.raw(), c.start(), c.end());
            }
            segments.add(StoredSegment.of(s, text));
        }
        return LoggedMessage.reply(text, segments, List.of(), format, "openai/gpt-4.1", null, null);
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
                LoggedMessage.reply("Listing.", List.of(new StoredSegment.Prose(new StoredSegment.Span(0, 8)),
                        StoredSegment.Call.nativeCall(shell)), List.of(), ToolFormat.TOOL, "anthropic/claude", null, null),
                LoggedMessage.of(Message.toolResult("call_9", ToolResult.ok("a.txt")), ToolFormat.TOOL));
        List<Message> out = view(log, ToolFormat.MARKDOWN);
        assertThat(out.get(0).content()).isEqualTo("Listing.\n```shell\nls\n```\n");
        assertThat(out.get(0).calls()).isEmpty();
        assertThat(out.get(1)).isEqualTo(Message.system("a.txt"));
    }

    @Test
    void toolFormatKeepsNativeCallsNative() {
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "call_9");
        List<LoggedMessage> log = List.of(LoggedMessage.reply("", List.of(StoredSegment.Call.nativeCall(shell)),
                List.of(), ToolFormat.TOOL, "openai/gpt-4.1", null, null));
        assertThat(view(log, ToolFormat.TOOL).get(0).calls()).containsExactly(shell);
    }

    private static final ToolUse JAVA_VERSION = ToolUse.positional("jshell", List.of(),
            "System.getProperty(\"java.version\")");
    private static final ToolUse CLEAN = ToolUse.positional("shell", List.of(), "rm -rf build");

    /** A reply with a call of jshell, then one of shell, spelled in {@code format}. */
    private static String twoCalls(ToolFormat format) {
        String jshell = format.dialect().write(JAVA_VERSION, BuiltinTools.JSHELL);
        String shell = format.dialect().write(CLEAN, BuiltinTools.SHELL);
        return "Checking the JDK, then cleaning.\n" + jshell + "\n" + shell + "\nDone.";
    }

    /**
     * The found bug: history was read again with today's tools and its calls paired with the stored
     * ones by position, so with jshell removed (-t -jshell) the shell call got jshell's text,
     * {@code rm -rf build} vanished, and jshell's call stayed in the text as prose.
     */
    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({"MARKDOWN, XML", "XML, MARKDOWN", "TOOL, MARKDOWN", "TOOL, XML"})
    void aCallOfARemovedToolIsRespelledAtItsOwnSpanAndNoOtherCallMoves(ToolFormat source, ToolFormat target) {
        LoggedMessage reply = read(twoCalls(source), source);
        assertThat(reply.message().calls()).extracting(ToolUse::tool).containsExactly("jshell", "shell");

        String text = new HistoryView(target, WITHOUT_JSHELL).messages(List.of(reply)).getFirst().content();

        assertThat(text).startsWith("Checking the JDK, then cleaning.\n").endsWith("Done.");
        assertThat(text.split("rm -rf build", -1)).as("rm -rf build, once").hasSize(2);
        List<Segment> again = StreamSplitter.split(text, target, BuiltinTools.catalog());
        assertThat(again).filteredOn(Segment.Call.class::isInstance).extracting(s -> ((Segment.Call) s).use())
                .extracting(ToolUse::tool, ToolUse::content)
                .containsExactly(Tuple.tuple("jshell", JAVA_VERSION.content()),
                        Tuple.tuple("shell", "rm -rf build"));
        assertThat(again).noneMatch(s -> s instanceof Segment.Unparsed);
        assertThat(again).filteredOn(Segment.Prose.class::isInstance).extracting(s -> ((Segment.Prose) s).text())
                .allSatisfy(prose -> assertThat(prose).doesNotContain("java.version").doesNotContain("rm -rf"));
    }

    @ParameterizedTest(name = "{0} → tool")
    @CsvSource({"MARKDOWN", "XML", "TOOL"})
    void toToolEveryCallOfARemovedToolGoesNativeOnceAndItsTextLeavesTheProse(ToolFormat source) {
        LoggedMessage reply = read(twoCalls(source), source);

        Message out = new HistoryView(ToolFormat.TOOL, WITHOUT_JSHELL).messages(List.of(reply)).getFirst();

        assertThat(out.content()).startsWith("Checking the JDK, then cleaning.").endsWith("Done.")
                .doesNotContain("java.version").doesNotContain("rm -rf");
        assertThat(out.calls()).containsExactly(
                ToolUse.named("jshell", Map.of("code", JAVA_VERSION.content()), "call_1"),
                ToolUse.named("shell", Map.of("command", "rm -rf build"), "call_2"));
    }

    @Test
    void aToolUnknownEverywhereIsSpelledByItsBareName() {
        ToolUse mcp = ToolUse.named("search_issues", Map.of("query", "crash"), "call_3");
        LoggedMessage reply = LoggedMessage.reply("Looking.", List.of(new StoredSegment.Prose(new StoredSegment.Span(0,
                8)), StoredSegment.Call.nativeCall(mcp)), List.of(), ToolFormat.TOOL, "openai/gpt-4.1", null, null);
        String text = new HistoryView(ToolFormat.XML, WITHOUT_JSHELL).messages(List.of(reply)).getFirst().content();
        assertThat(text).startsWith("Looking.\n<tool-use>").contains("search_issues").contains("crash");
    }
}
