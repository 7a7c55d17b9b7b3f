package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.agent.session.HistoryReplay;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.cli.Main;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalRenderer;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamListener;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** /replay and -r show each message as it was shown live: from the segments the log stored, rendered by the renderer. */
class ConversationReplayTest {

    private static final TerminalStyle COLOUR = new TerminalStyle(true, false);

    @TempDir
    Path logs;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final TerminalChannel out = TerminalOutput.of(bytes, OutputStream.nullOutputStream()).out();
    private final TerminalRenderer renderer = new TerminalRenderer(out, TerminalStyle.plain());
    private final EventPrinter printer = new EventPrinter(renderer, renderer::endTurn, out, TerminalStyle.plain());

    /** The messages replayed as the line prompt shows them. */
    private void show(List<LoggedMessage> messages, int first, List<Compaction> compactions) {
        HistoryReplay.of(messages, first, compactions).forEach(printer::show);
        renderer.endTurn();
    }

    private void show(List<LoggedMessage> messages) {
        show(messages, 0, List.of());
    }

    /** The turn's events of a replay, as a renderer gets them. */
    private static List<AgentEvent> agentEvents(List<LoggedMessage> messages) {
        return HistoryReplay.of(messages, 0, List.of()).stream().filter(SessionEvent.Agent.class::isInstance)
                .map(e -> ((SessionEvent.Agent) e).event()).toList();
    }

    @Test
    void everyFormatIsShownAsItWasReadAndResultsKeepTheirStoredCodes() {
        ToolUse save = new ToolUse("save", List.of("hello.txt"), "Hello\n", Map.of(), "t1");
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "n1");
        List<LoggedMessage> conversation = List.of(
                LoggedMessage.of(Message.user("write hello.txt"), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.assistant("I'll write it.\n\n```save hello.txt\nHello\n```\n", List.of(save)),
                        ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.toolResult("t1", ToolResult.error(ErrorCode.CANCELED,
                        "the user declined to run this call")), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.user("then list the folder"), ToolFormat.TOOL),
                LoggedMessage.reply("Listing.", List.of(new StoredSegment.Prose(new StoredSegment.Span(0, 8)),
                        StoredSegment.Call.nativeCall(shell)), List.of(), ToolFormat.TOOL, "openai/gpt-4.1", null, null),
                LoggedMessage.of(Message.toolResult("n1", ToolResult.ok("hello.txt\n")), ToolFormat.TOOL),
                LoggedMessage.of(Message.system("```python blocks are not run; use ```ipython"), ToolFormat.TOOL));

        show(conversation);

        String screen = bytes.toString(StandardCharsets.UTF_8);
        assertThat(screen).containsSubsequence("you> write hello.txt", "I'll write it.", "▶ save hello.txt", "Hello",
                "✗ save [Canceled]", "the user declined", "you> then list the folder", "Listing.", "▶ shell ls",
                "✓ shell", "hello.txt", "```python blocks are not run");
        assertThat(screen).doesNotContain("```save").doesNotContain("[ERROR:Canceled]");
    }

    @Test
    void theErrorCodeShownIsTheStoredOneNotATagInTheText() {
        ToolUse read = ToolUse.named("read", Map.of("path", "x"), "c1");
        List<LoggedMessage> conversation = List.of(
                LoggedMessage.reply("", List.of(StoredSegment.Call.nativeCall(read)), List.of(), ToolFormat.TOOL,
                        "openai/gpt-4.1", null, null),
                LoggedMessage.of(Message.toolResult("c1", ToolResult.error(ErrorCode.ENOENT,
                        "[ERROR:Timeout] is what the file said")), ToolFormat.TOOL));

        show(conversation);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("✗ read [ENOENT]").doesNotContain("read [Timeout]");
    }

    @Test
    void aFailureOfAnOldLogWithoutACodeIsShownWithoutOne() {
        ToolUse read = ToolUse.named("read", Map.of("path", "x"), "c1");
        List<LoggedMessage> conversation = List.of(
                LoggedMessage.reply("", List.of(StoredSegment.Call.nativeCall(read)), List.of(), ToolFormat.TOOL,
                        "openai/gpt-4.1", null, null),
                LoggedMessage.of(new Message(Role.SYSTEM, "[ERROR:ENOENT] no such file",
                        List.of(), "c1", true, null, List.of()), ToolFormat.TOOL));

        show(conversation);

        String screen = bytes.toString(StandardCharsets.UTF_8);
        assertThat(screen).contains("✗ read\n").contains("[ERROR:ENOENT] no such file");
    }

    @Test
    void controlSequencesInWhatTheUserTypedAreShownNotObeyed() {
        show(List.of(LoggedMessage.of(Message.user("hi \u001b[2J there"), ToolFormat.MARKDOWN)));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("\u001b").contains("you> hi ␛[2J there");
    }

    private static final String REPLY = "Checking the JDK, then cleaning.\n```jshell\nSystem.getProperty(\"java.version\")\n"
            + "```\n```shell\nrm -rf build\n```\nDone.";

    /**
     * A conversation written with every tool loaded, resumed without jshell (-r -t -jshell): the
     * replay takes no tools at all, so it shows what the log stored, and that is what
     * {@code rosetta parse} reads in the stored text with the tools the conversation had.
     */
    @Test
    void aResumedConversationWhoseToolsChangedReplaysWhatTheLogStoredAndWhatParseReads() throws Exception {
        try (ConversationLog log = ConversationLog.create(logs, "talk")) {
            log.append(LoggedMessage.of(Message.user("check and clean"), ToolFormat.MARKDOWN));
            log.append(readWithAllTools(REPLY));
            log.append(LoggedMessage.of(Message.toolResult("call_1", ToolResult.ok("\"21.0.2\"")), ToolFormat.MARKDOWN));
            log.append(LoggedMessage.of(Message.toolResult("call_2", ToolResult.error(ErrorCode.exitCode(1),
                    "rm: cannot remove 'build'")), ToolFormat.MARKDOWN));
        }
        List<AgentEvent> events;
        try (ConversationLog resumed = ConversationLog.open(logs, "talk")) {
            events = agentEvents(resumed.messages());
        }

        List<ToolUse> replayed = events.stream().filter(AgentEvent.CallRead.class::isInstance)
                .map(e -> ((AgentEvent.CallRead) e).use()).toList();
        assertThat(replayed).extracting(ToolUse::tool, ToolUse::content).containsExactlyElementsOf(parsedCalls(REPLY));
        assertThat(replayed).extracting(ToolUse::callId).containsExactly("call_1", "call_2");
        assertThat(events).filteredOn(AgentEvent.ProseDelta.class::isInstance)
                .extracting(e -> ((AgentEvent.ProseDelta) e).text())
                .containsExactly("Checking the JDK, then cleaning.\n", "Done.");
        assertThat(events).filteredOn(AgentEvent.ToolFinished.class::isInstance)
                .extracting(e -> ((AgentEvent.ToolFinished) e).result().code())
                .containsExactly(null, ErrorCode.exitCode(1));
    }

    @Test
    void aProseCodeBlockHoldingANestedFenceIsReplayedFromTheLogAsItWasDrawnLive() throws Exception {
        String text = "Intro\n````md\n```py\nx = 1\n```\n````\nThen:\n```shell\nls\n```\n";
        StringBuilder live = new StringBuilder();
        TerminalRenderer liveRenderer = new TerminalRenderer(live, COLOUR);
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        StreamListener shown = new StreamListener() {
            @Override
            public void prose(CharSequence message, int start, int end) {
                liveRenderer.accept(new AgentEvent.ProseDelta(message.subSequence(start, end).toString()));
            }

            @Override
            public void event(StreamEvent event) {
                AgentEvent e = AgentEvent.shown(event);
                if (e != null) {
                    liveRenderer.accept(e);
                }
            }

            @Override
            public void completed(Segment segment) {
                if (segment instanceof Segment.Call c) {
                    liveRenderer.accept(new AgentEvent.CallRead(c.use(), c.dialect().name(), c.raw()));
                }
            }
        };
        for (int i = 0; i < text.length(); i++) {
            splitter.feed(text.substring(i, i + 1), shown);
        }
        splitter.finish(shown);
        liveRenderer.endTurn();
        try (ConversationLog log = ConversationLog.create(logs, "fences")) {
            log.append(readWithAllTools(text));
        }

        StringBuilder replayed = new StringBuilder();
        TerminalRenderer replayRenderer = new TerminalRenderer(replayed, COLOUR);
        try (ConversationLog resumed = ConversationLog.open(logs, "fences")) {
            agentEvents(resumed.messages()).forEach(replayRenderer);
            replayRenderer.endTurn();
        }

        assertThat(replayed.toString()).isEqualTo(live.toString()).contains("x = 1");
    }

    private static LoggedMessage readWithAllTools(String text) {
        List<StoredSegment> segments = new ArrayList<>();
        int id = 0;
        for (Segment s : StreamSplitter.split(text, ToolFormat.MARKDOWN, BuiltinTools.catalog())) {
            if (s instanceof Segment.Call c) {
                s = new Segment.Call(c.use().withCallId("call_" + ++id), c.dialect(), c.raw(), c.start(), c.end());
            }
            segments.add(StoredSegment.of(s, text));
        }
        return LoggedMessage.reply(text, segments, List.of(), ToolFormat.MARKDOWN, "openai/gpt-4.1", null, null);
    }

    /** The calls {@code rosetta parse --tools shell,jshell} reads in {@code text}: (tool, content) pairs. */
    private List<Tuple> parsedCalls(String text) throws Exception {
        Path file = Files.writeString(logs.resolve("reply.md"), text);
        PrintStream old = System.out;
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(json, true, StandardCharsets.UTF_8));
            assertThat(Main.commandLine().execute("parse", "--format", "markdown", "--tools", "shell,jshell",
                    file.toString())).isZero();
        } finally {
            System.setOut(old);
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> segments = (List<Map<String, Object>>) Json.readObject(
                json.toString(StandardCharsets.UTF_8)).get("segments");
        return segments.stream().filter(s -> s.get("type").equals("call"))
                .map(s -> Tuple.tuple(s.get("tool"), s.get("content"))).toList();
    }

    @Test
    void aCompactionIsShownWhereItWasMadeAndTheMessagesItShortensStayWhole() {
        List<LoggedMessage> conversation = List.of(
                LoggedMessage.of(Message.user("first"), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.assistant("a long answer", List.of()), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.user("second"), ToolFormat.MARKDOWN));
        Compaction compaction = new Compaction(2, Instant.EPOCH, Compaction.Trigger.MANUAL, List.of(), List.of(),
                new Compaction.Summary(2, "summary"), 900, 300);

        show(conversation, 0, List.of(compaction));

        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertThat(shown).contains("a long answer");
        assertThat(shown.indexOf("compacted the context: ≈900 → 300 tokens (saved 600): messages 1–2 summarised"))
                .isBetween(shown.indexOf("a long answer"), shown.indexOf("you> second"));
    }
}
