package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.StoredSegment.Prose;
import dev.rosetta.agent.log.StoredSegment.Span;
import dev.rosetta.agent.log.StoredSegment.Thinking;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/** Every message written as a log line reads back equal, and every line is exactly one line. */
class LogLineRoundTripTest {

    static LogLine roundTrip(LogLine line) throws LogLineReader.InvalidLine {
        byte[] bytes = LogLineWriter.bytes(line);
        assertThat(bytes[bytes.length - 1]).isEqualTo((byte) '\n');
        assertThat(LogFileReader.indexOf(bytes, (byte) '\n', 0)).isEqualTo(bytes.length - 1);
        return LogLineReader.read(bytes, 0, bytes.length - 1);
    }

    static LoggedMessage roundTrip(LoggedMessage message) throws LogLineReader.InvalidLine {
        return ((LogLine.Entry) roundTrip(new LogLine.Entry(message))).message();
    }

    @Test
    void randomMessagesWithEveryFieldKindReadBackEqual() throws Exception {
        RandomMessages random = new RandomMessages(5);
        for (int i = 0; i < 3_000; i++) {
            LoggedMessage message = random.next();
            assertThat(roundTrip(message)).as("message %d", i).isEqualTo(message);
        }
    }

    @Test
    void anAssistantMessageWithEveryFieldSetReadsBackEqual() throws Exception {
        ToolUse save = new ToolUse("save", List.of("a b.py"), "print('é')\n", Map.of(), "call_1");
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls", "timeout", 30, "env", Map.of("A", List.of(1.5, true))),
                "toolu_9");
        String text = "<think>hm</think>Saving.\n```save a b.py\nprint('é')\n```\n```python\n1\n```\n";
        List<StoredSegment> segments = List.of(new Thinking(new Span(0, 17), new Span(7, 9)), new Prose(new Span(17, 25)),
                new StoredSegment.Call(save, MarkdownDialect.INSTANCE, new Span(25, 55)),
                new StoredSegment.Unparsed(MarkdownDialect.INSTANCE, "```python blocks are not run", new Span(55, 71)),
                StoredSegment.Call.nativeCall(shell));
        Message m = Message.assistant(text, List.of(save, shell), List.of(Reasoning.of("anthropic", "thinking…",
                "sig=="), Reasoning.redacted("openai-responses", "gAAAA")));
        LoggedMessage logged = new LoggedMessage(m, Instant.parse("2026-11-29T10:15:30.123456789Z"),
                "anthropic/claude-sonnet-4-6", ToolFormat.XML, segments, new Usage(1200, 80, 5000, 300), 0.0123);
        assertThat(roundTrip(logged)).isEqualTo(logged);
    }

    @Test
    void segmentsAreWrittenWithTheirTypeDialectAndSpanAndNativeCallsAreMarkedNative() {
        ToolUse save = new ToolUse("save", List.of("a.py"), "x", Map.of(), "call_1");
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "toolu_9");
        String text = "Saving.\n```save a.py\nx\n```\n";
        LoggedMessage logged = LoggedMessage.reply(text, List.of(new Prose(new Span(0, 8)),
                new StoredSegment.Call(save, MarkdownDialect.INSTANCE, new Span(8, text.length())),
                StoredSegment.Call.nativeCall(shell)), List.of(), ToolFormat.MARKDOWN, "m/x", null, null);

        String line = new String(LogLineWriter.bytes(new LogLine.Entry(logged)), StandardCharsets.UTF_8);

        assertThat(line).contains("\"segments\":[{\"type\":\"prose\",\"span\":[0,8]},"
                + "{\"type\":\"call\",\"dialect\":\"markdown\",\"span\":[8,27],\"tool\":\"save\",\"args\":[\"a.py\"],"
                + "\"content\":\"x\",\"call_id\":\"call_1\"},"
                + "{\"type\":\"call\",\"dialect\":\"native\",\"tool\":\"shell\",\"kwargs\":{\"command\":\"ls\"},"
                + "\"call_id\":\"toolu_9\"}]")
                .doesNotContain("\"calls\"").doesNotContain("native_call_ids");
    }

    @Test
    void proseKeepsItsCodeBlocksSoReplayDrawsThemAsTheyWereDrawnLive() throws Exception {
        String text = "Look:\n````md\n```py\nx\n```\n````\nand an open one\n```js\nlet y\n";
        List<StoredSegment> segments = List.of(new Prose(new Span(0, text.length()), List.of(
                new Segment.CodeBlock("md", "````", 6, 13, 25, 30),
                new Segment.CodeBlock("js", "```", 46, 52, 58, 58))));
        LoggedMessage logged = LoggedMessage.reply(text, segments, List.of(), ToolFormat.MARKDOWN, "m/x", null, null);

        String line = new String(LogLineWriter.bytes(new LogLine.Entry(logged)), StandardCharsets.UTF_8);

        assertThat(line).contains("\"blocks\":[{\"info\":\"md\",\"fence\":\"````\",\"span\":[6,30],\"body\":[13,25]}");
        assertThat(roundTrip(logged)).isEqualTo(logged);
    }

    @Test
    void aCodeBlockOutsideItsProseMakesTheLineInvalid() {
        String line = "{\"role\":\"assistant\",\"timestamp\":\"2026-11-29T10:15:30Z\",\"content\":\"ab\","
                + "\"segments\":[{\"type\":\"prose\",\"span\":[0,2],\"blocks\":[{\"info\":\"\",\"fence\":\"```\","
                + "\"span\":[0,9],\"body\":[1,2]}]}]}";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LogLineReader.read(bytes, 0, bytes.length))
                .hasMessageContaining("a code block must lie inside its prose");
    }

    @Test
    void aToolResultKeepsItsCallIdAndErrorCode() throws Exception {
        LoggedMessage result = LoggedMessage.of(Message.toolResult("call_7",
                ToolResult.error(ErrorCode.TIMEOUT, "timed out\u001b[0m")), ToolFormat.TOOL);
        assertThat(new String(LogLineWriter.bytes(new LogLine.Entry(result)), StandardCharsets.UTF_8))
                .contains("\"call_id\":\"call_7\",\"is_error\":true,\"error\":\"Timeout\"");
        LoggedMessage back = roundTrip(result);
        assertThat(back).isEqualTo(result);
        assertThat(back.message().isError()).isTrue();
        assertThat(back.message().errorCode()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(back.message().callId()).isEqualTo("call_7");
    }

    @Test
    void aFailedResultOfAnOldLogHasNoCodeRatherThanOneMadeUpFromItsText() throws Exception {
        byte[] line = ("{\"role\":\"system\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"content\":\"[ERROR:ENOENT] no such"
                + " file\",\"call_id\":\"c1\",\"is_error\":true}").getBytes(StandardCharsets.UTF_8);
        Message m = ((LogLine.Entry) LogLineReader.read(line, 0, line.length)).message().message();
        assertThat(m.isError()).isTrue();
        assertThat(m.errorCode()).isNull();
    }

    @Test
    void aSpanPastTheEndOfTheTextMakesTheLineInvalid() {
        byte[] line = ("{\"role\":\"assistant\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"content\":\"hi\","
                + "\"segments\":[{\"type\":\"prose\",\"span\":[0,3]}]}").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LogLineReader.read(line, 0, line.length))
                .isInstanceOf(LogLineReader.InvalidLine.class).hasMessageContaining("after the text");
    }

    @Test
    void aSegmentInADialectNoDescriptionCouldNameMakesTheLineInvalid() {
        byte[] line = ("{\"role\":\"assistant\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"content\":\"hi\","
                + "\"segments\":[{\"type\":\"unparsed\",\"dialect\":\"Klingon Empire\",\"span\":[0,2],\"problem\":\"?\"}]}")
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LogLineReader.read(line, 0, line.length))
                .isInstanceOf(LogLineReader.InvalidLine.class).hasMessageContaining("unknown dialect 'Klingon Empire'");
    }

    @Test
    void aCallInAUserDescribedDialectLoadsByItsNameEvenWhenTheDescriptionIsGone() throws Exception {
        byte[] line = ("{\"role\":\"assistant\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"content\":\"hi\","
                + "\"segments\":[{\"type\":\"unparsed\",\"dialect\":\"klingon\",\"span\":[0,2],\"problem\":\"?\"}]}")
                .getBytes(StandardCharsets.UTF_8);
        LoggedMessage message = ((LogLine.Entry) LogLineReader.read(line, 0, line.length)).message();
        assertThat(message.segments()).singleElement().isInstanceOfSatisfying(StoredSegment.Unparsed.class,
                u -> assertThat(u.dialect().name()).isEqualTo("klingon"));
    }

    @Test
    void hugeContentRoundTrips() throws Exception {
        String huge = "x\"\n\u0000é🦀".repeat(4_000_000); // 28 M chars: beyond Jackson's default 20 M limit
        LoggedMessage message = LoggedMessage.of(Message.user(huge), ToolFormat.MARKDOWN);
        assertThat(roundTrip(message).message().content()).isEqualTo(huge);
    }

    @Test
    void loneSurrogatesSurviveAsEscapes() throws Exception {
        String text = "a\uD800b\uDC00c\uD83E\uDD80d\uD800\u0001\uD800\uD800\uDBFF";
        LoggedMessage message = LoggedMessage.of(Message.user(text), ToolFormat.MARKDOWN);
        byte[] bytes = LogLineWriter.bytes(new LogLine.Entry(message));
        assertThat(new String(bytes, StandardCharsets.UTF_8)).containsIgnoringCase("\\ud800").contains("🦀");
        assertThat(roundTrip(message).message().content()).isEqualTo(text);
    }

    @Test
    void aLoneSurrogateInAnArgumentNameBecomesAReplacementCharacterAndTheLineStaysReadable() throws Exception {
        ToolUse odd = ToolUse.named("shell", Map.of("cmd\uD800", "ls \uD800"), "c1");
        LoggedMessage message = LoggedMessage.of(Message.assistant("", List.of(odd)), ToolFormat.TOOL);
        assertThat(roundTrip(message).message().calls().getFirst().kwargs()).containsExactly(
                Map.entry("cmd\uFFFD", "ls \uD800"));
    }

    @Test
    void controlCharactersNeverBreakTheLine() throws Exception {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            all.append(c);
        }
        all.append('\u007f').append('\u0085').append('\u2028').append('\u2029');
        LoggedMessage message = LoggedMessage.of(Message.system(all.toString()), ToolFormat.MARKDOWN);
        assertThat(roundTrip(message)).isEqualTo(message);
    }

    @Test
    void anUnknownCostIsLeftOutRatherThanWrittenAsNaN() throws Exception {
        LoggedMessage message = new LoggedMessage(Message.assistant("hi", List.of()), Instant.EPOCH, "m/x",
                ToolFormat.MARKDOWN, List.of(new Prose(new Span(0, 2))), null, Double.NaN);
        assertThat(roundTrip(message).cost()).isNull();
    }

    @Test
    void anUndoLineRoundTrips() throws Exception {
        assertThat(roundTrip(new LogLine.Undo(3))).isEqualTo(new LogLine.Undo(3));
        assertThat(new String(LogLineWriter.bytes(new LogLine.Undo(3)), StandardCharsets.UTF_8)).isEqualTo("{\"undo\":3}\n");
    }

    @Test
    void aMessageLineStartsWithRoleSoItNeverLooksLikeAnUndo() {
        LoggedMessage message = LoggedMessage.of(Message.user("{\"undo\":1}"), ToolFormat.MARKDOWN);
        assertThat(new String(LogLineWriter.bytes(new LogLine.Entry(message)), StandardCharsets.UTF_8))
                .startsWith("{\"role\":\"user\"");
    }

    @Test
    void unknownFieldsFromANewerRosettaAreIgnored() throws Exception {
        byte[] line = "{\"role\":\"user\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"content\":\"hi\",\"mood\":\"great\"}"
                .getBytes(StandardCharsets.UTF_8);
        LogLine read = LogLineReader.read(line, 0, line.length);
        assertThat(((LogLine.Entry) read).message().message()).isEqualTo(Message.user("hi"));
        assertThat(((LogLine.Entry) read).message().format()).isEqualTo(ToolFormat.MARKDOWN);
    }

    @Test
    void aLineMissingItsContentIsInvalidWithTheReason() {
        byte[] line = "{\"role\":\"user\",\"timestamp\":\"2026-01-01T00:00:00Z\"}".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LogLineReader.read(line, 0, line.length))
                .isInstanceOf(LogLineReader.InvalidLine.class).hasMessageContaining("\"content\" is missing");
    }
}
