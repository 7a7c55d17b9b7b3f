package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolUse;

/** A log written before segments were stored still loads: read once, then like any other. */
class ReadOnceTest {

    @TempDir
    Path logs;

    /** When this was written python3 was missing, so the ipython block was prose; jshell and shell ran. */
    private static final String OLD_REPLY = "Checking.\n```ipython\nimport sys\n```\n```jshell\n"
            + "System.getProperty(\"java.version\")\n```\n```shell\nrm -rf build\n```\nDone.";
    private static final ToolUse JSHELL = ToolUse.positional("jshell", List.of(), "System.getProperty(\"java.version\")")
            .withCallId("call_1");
    private static final ToolUse SHELL = ToolUse.positional("shell", List.of(), "rm -rf build").withCallId("call_2");
    private static final ToolUse NATIVE = ToolUse.named("shell", Map.of("command", "ls"), "toolu_1");

    private static String line(Object... keysAndValues) {
        Map<String, Object> line = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            line.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return LogJson.MAPPER.writeValueAsString(line) + "\n";
    }

    private static Map<String, Object> call(ToolUse use) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("tool", use.tool());
        if (use.content() != null) {
            call.put("content", use.content());
        }
        if (!use.kwargs().isEmpty()) {
            call.put("kwargs", use.kwargs());
        }
        call.put("call_id", use.callId());
        return call;
    }

    private Path oldLog() throws IOException {
        Path folder = Files.createDirectories(logs.resolve("old"));
        String text = line("role", "user", "timestamp", "2026-01-01T00:00:00Z", "content", "check and clean")
                + line("role", "assistant", "timestamp", "2026-01-01T00:00:01Z", "format", "markdown", "content",
                        OLD_REPLY, "calls", List.of(call(JSHELL), call(SHELL)))
                + line("role", "assistant", "timestamp", "2026-01-01T00:00:02Z", "format", "tool", "content",
                        "Listing.", "calls", List.of(call(NATIVE)), "native_call_ids", List.of("toolu_1"))
                + line("role", "system", "timestamp", "2026-01-01T00:00:03Z", "content", "[ERROR:ENOENT] ls: no such"
                        + " file", "call_id", "toolu_1", "is_error", true);
        return Files.writeString(folder.resolve(ConversationLog.FILE), text);
    }

    @Test
    void anOldReplyIsReadInItsFormatAndItsRecordedCallsGetTheirSpans() throws IOException {
        oldLog();
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            LoggedMessage reply = log.messages().get(1);

            assertThat(reply.message().calls()).containsExactly(JSHELL, SHELL);
            List<StoredSegment.Call> calls = reply.segments().stream().filter(StoredSegment.Call.class::isInstance)
                    .map(StoredSegment.Call.class::cast).toList();
            assertThat(calls).extracting(c -> reply.text(c.span())).containsExactly(
                    "```jshell\nSystem.getProperty(\"java.version\")\n```\n", "```shell\nrm -rf build\n```\n");
            assertThat(calls).extracting(StoredSegment.Call::dialectName).containsOnly("markdown");
        }
    }

    @Test
    void aBlockThatWasNotACallWhenItWasWrittenStaysProse() throws IOException {
        oldLog();
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            LoggedMessage reply = log.messages().get(1);

            assertThat(reply.segments()).filteredOn(StoredSegment.Prose.class::isInstance)
                    .extracting(s -> reply.text(s.span())).anySatisfy(p -> assertThat(p).contains("import sys"));
        }
    }

    @Test
    void nativeCallsOfAnOldLogBecomeCallsWithoutASpan() throws IOException {
        oldLog();
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            LoggedMessage reply = log.messages().get(2);

            assertThat(reply.segments()).last().isEqualTo(StoredSegment.Call.nativeCall(NATIVE));
            assertThat(log.messages().get(3).message().errorCode()).as("never read from the text").isNull();
            assertThat(log.messages().get(3).message().isError()).isTrue();
        }
    }

    @Test
    void loadingAnOldLogNeverRewritesIt() throws IOException {
        Path file = oldLog();
        byte[] before = Files.readAllBytes(file);
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            assertThat(log.messages()).hasSize(4);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void anOldLineReadOnceWritesBackWithItsSegments() throws IOException {
        oldLog();
        try (ConversationLog log = ConversationLog.open(logs, "old")) {
            LoggedMessage reply = log.messages().get(1);
            String line = new String(LogLineWriter.bytes(new LogLine.Entry(reply)), StandardCharsets.UTF_8);
            assertThat(line).contains("\"segments\"").doesNotContain("\"calls\"");
            assertThat(LogLineRoundTripTest.roundTrip(reply)).isEqualTo(reply);
        } catch (LogLineReader.InvalidLine e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aRecordedCallNotFoundInTheTextIsKeptAsACallWithoutASpan() {
        ToolUse gone = ToolUse.positional("save", List.of("a.txt"), "x").withCallId("call_5");
        LoggedMessage m = LoggedMessage.of(Message.assistant("The call's text was lost.", List.of(gone)),
                ToolFormat.MARKDOWN);
        assertThat(m.segments()).last().isEqualTo(StoredSegment.Call.nativeCall(gone));
        assertThat(m.message().calls()).containsExactly(gone);
    }
}
