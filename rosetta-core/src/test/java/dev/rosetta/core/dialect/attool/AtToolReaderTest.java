package dev.rosetta.core.dialect.attool;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** The @tool dialect: {@code @TOOL(ID): {json}} and {@code @TOOL: {json}}, each case batch and streamed. */
class AtToolReaderTest {

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.TOOL);
    }

    @Test
    void callWithIdIsACallWithThatId() {
        Call call = onlyCall(split("@shell(call_abc123): {\"command\": \"ls -la\"}"));
        assertThat(call.use().tool()).isEqualTo("shell");
        assertThat(call.use().callId()).isEqualTo("call_abc123");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls -la"));
        assertThat(call.use().args()).isEmpty();
        assertThat(call.use().content()).isNull();
        assertThat(call.dialect()).isSameAs(AtToolDialect.INSTANCE);
    }

    @Test
    void callWithoutIdGetsAnIdThatIsTheSameEveryTimeItIsRead() {
        String msg = "@shell: {\"command\": \"ls\"}";
        String id = onlyCall(split(msg)).use().callId();
        assertThat(id).startsWith("call_");
        assertThat(onlyCall(split(msg)).use().callId()).isEqualTo(id);
    }

    @Test
    void twoCallsWithoutIdsGetDifferentIds() {
        List<Call> calls = calls(split("@shell: {\"command\": \"ls\"}\n@shell: {\"command\": \"ls\"}\n"));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).use().callId()).isNotEqualTo(calls.get(1).use().callId());
    }

    @Test
    void jsonMaySpanManyLines() {
        String msg = "Saving.\n@save(c1): {\n  \"path\": \"a.py\",\n  \"content\": \"x = 1\\ny = 2\\n\"\n}\nDone.";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(onlyCall(s).use().kwargs()).containsEntry("content", "x = 1\ny = 2\n");
    }

    @Test
    void proseAfterTheClosingBraceOnTheSameLineIsProse() {
        List<Segment> s = split("@shell(c1): {\"command\": \"ls\"} and then I'll look.");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(((Segment.Prose) s.get(1)).text()).isEqualTo(" and then I'll look.");
    }

    @Test
    void whitespaceAndNewlinesBetweenColonAndBraceAreAllowed() {
        assertThat(onlyCall(split("@shell(c1):\n  {\"command\": \"ls\"}")).use().kwargs()).containsKey("command");
    }

    @Test
    void braceInsideAStringDoesNotEndTheCall() {
        assertThat(onlyCall(split("@shell(c1): {\"command\": \"echo '}' \\\"}\\\"\"}")).use().kwargs())
                .containsEntry("command", "echo '}' \"}\"");
    }

    @Test
    void braceInsideASingleQuotedStringDoesNotEndTheCall() {
        assertThat(onlyCall(split("@shell(c1): {'command': 'echo }'}")).use().kwargs())
                .containsEntry("command", "echo }");
    }

    @Test
    void apostropheInsideADoubleQuotedStringIsText() {
        assertThat(onlyCall(split("@shell(c1): {\"command\": \"echo it's\"}")).use().kwargs())
                .containsEntry("command", "echo it's");
    }

    @Test
    void braceInsideACommentDoesNotEndTheCall() {
        assertThat(onlyCall(split("@shell(c1): {\n // a } in a comment\n \"command\": \"ls\" /* } */\n}")).use().kwargs())
                .containsEntry("command", "ls");
    }

    @Test
    void nestedObjectsAndArraysAreKept() {
        Call call = onlyCall(split("@deploy(c1): {\"env\": {\"name\": \"prod\", \"tags\": [1, {\"a\": []}]}}",
                ToolCatalog.of(ToolSpec.named("deploy"))));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("env", Map.of("name", "prod", "tags", List.of(1, Map.of("a", List.of())))));
    }

    // --- repair ----------------------------------------------------------------------------

    @Test
    void singleQuotesAreRepaired() {
        assertThat(onlyCall(split("@shell(c1): {'command': 'ls'}")).use().kwargs()).containsEntry("command", "ls");
    }

    @Test
    void trailingCommasAreRepaired() {
        assertThat(onlyCall(split("@save(c1): {\"path\": \"a\", \"content\": \"b\",}")).use().kwargs()).hasSize(2);
    }

    @Test
    void unquotedKeysAreRepaired() {
        assertThat(onlyCall(split("@shell(c1): {command: \"ls\"}")).use().kwargs()).containsEntry("command", "ls");
    }

    @Test
    void pythonLiteralsAreRepaired() {
        Call call = onlyCall(split("@t(c1): {\"a\": True, \"b\": False, \"c\": None}", ToolCatalog.of(ToolSpec.named("t"))));
        assertThat(call.use().kwargs()).containsEntry("a", true).containsEntry("b", false).containsEntry("c", null);
    }

    @Test
    void rawNewlinesInStringsAreRepaired() {
        assertThat(onlyCall(split("@save(c1): {\"path\": \"a.txt\", \"content\": \"line 1\nline 2\"}")).use().kwargs())
                .containsEntry("content", "line 1\nline 2");
    }

    @Test
    void aMissingCommaIsRepaired() {
        assertThat(onlyCall(split("@save(c1): {\"path\": \"a.txt\"\n \"content\": \"x\"}")).use().kwargs()).hasSize(2);
    }

    @Test
    void aMissingArrayCloserInsideTheObjectIsRepaired() {
        Call call = onlyCall(split("@t(c1): {\"a\": [1, 2}", ToolCatalog.of(ToolSpec.named("t"))));
        assertThat(call.use().kwargs()).containsEntry("a", List.of(1, 2));
    }

    @Test
    void hopelessJsonIsUnparsedWithTheReason() {
        Segment.Unparsed u = onlyUnparsed(split("@shell(c1): {\"command\" \"ls\" : : }"));
        assertThat(u.problem()).startsWith("the arguments of @shell are not valid JSON");
        assertThat(u.raw()).isEqualTo("@shell(c1): {\"command\" \"ls\" : : }");
    }

    // --- incomplete, unknown, not a call ----------------------------------------------------------

    @Test
    void jsonStillOpenAtTheEndIsUnparsedNeverRun() {
        List<Segment> s = split("@save(c1): {\"path\": \"a.py\", \"content\": \"print(1)\\nprin");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete");
    }

    @Test
    void callsBeforeAnIncompleteOneStillRun() {
        assertThat(kinds(split("@shell(c1): {\"command\": \"ls\"}\n@shell(c2): {\"command\": \"pw"))).containsExactly("call", "prose", "unparsed");
    }

    @Test
    void unknownToolIsUnparsedNamingTheTools() {
        Segment.Unparsed u = onlyUnparsed(split("@deploy(c1): {\"env\": \"prod\"}"));
        assertThat(u.problem()).contains("unknown tool 'deploy'").contains("shell");
    }

    @Test
    void blockTypeResolvesToItsTool() {
        assertThat(onlyCall(split("@py(c1): {\"code\": \"1+1\"}")).use().tool()).isEqualTo("ipython");
    }

    @Test
    void dottedToolNamesLikeMcpToolsWork() {
        ToolCatalog tools = ToolCatalog.of(ToolSpec.named("github.create_issue"));
        assertThat(onlyCall(split("@github.create_issue(c1): {\"title\": \"x\"}", tools)).use().tool())
                .isEqualTo("github.create_issue");
    }

    @Test
    void dottedToolWithAKimiStyleIdKeepsBoth() {
        ToolCatalog tools = ToolCatalog.of(ToolSpec.named("github.create_issue"));
        Segment.Call call = onlyCall(split("@github.create_issue(functions.github.create_issue:12): {\"title\": \"x\"}", tools));
        assertThat(call.use().tool()).isEqualTo("github.create_issue");
        assertThat(call.use().callId()).isEqualTo("functions.github.create_issue:12");
    }

    @Test
    void idsWithColonsAndDotsAreKeptInEveryChunking() {
        List<Segment> s = split("Running:\n@ipython(functions.ipython:0): {\"code\": \"1\"}\n@shell(call.1:2): {\"command\": \"ls\"}\n");
        assertThat(calls(s)).extracting(c -> c.use().callId()).containsExactly("functions.ipython:0", "call.1:2");
    }

    @Test
    void idsWithColonsAndDotsAreKept() {
        assertThat(onlyCall(split("@ipython(functions.ipython:0): {\"code\": \"1\"}")).use().callId())
                .isEqualTo("functions.ipython:0");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "@alice: thanks for the review",
        "@shell is the tool I will use",
        "@shell(c1) {\"command\": \"ls\"}",
        "@shell(c 1): {\"command\": \"ls\"}",
        "@shell(): {\"command\": \"ls\"}",
        "@shell: [\"ls\"]",
        "@: {}",
        "email me @ home: {not a call}",
    })
    void textThatIsNotACallIsProse(String line) {
        assertThat(kinds(split(line + "\nmore"))).containsExactly("prose");
    }

    @Test
    void atCallNotAtTheStartOfALineIsProse() {
        assertThat(kinds(split("Call: @shell(c1): {\"command\": \"ls\"}"))).containsExactly("prose");
    }

    @Test
    void aVeryLongAtWordIsProseWithoutWaitingForever() {
        String word = "@" + "a".repeat(5000);
        assertThat(kinds(split(word + ": {}"))).containsExactly("prose");
    }

    @Test
    void atCallsRunInXmlFormatToo() {
        Call call = onlyCall(Splitting.split("@shell(c1): {\"command\": \"ls\"}", ToolFormat.XML));
        assertThat(call.dialect().name()).isEqualTo("tool");
        assertThat(call.use().callId()).isEqualTo("c1");
    }

    @Test
    void aFencedBlockIsCodeForTheUserWhileAnAtCallBesideItRuns() {
        List<Segment> s = split("```shell\nls\n```\n@shell(c2): {\"command\": \"pwd\"}\n");
        assertThat(calls(s)).extracting(c -> c.dialect().name()).containsExactly("tool");
    }

    @Test
    void unicodeAndEscapesSurvive() {
        assertThat(onlyCall(split("@save(c1): {\"path\": \"ü.txt\", \"content\": \"🎉 \\u00e9 \\t\"}")).use().kwargs())
                .containsEntry("content", "🎉 é \t").containsEntry("path", "ü.txt");
    }

    @Test
    void callCompletesTheMomentItsClosingBraceArrives() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.TOOL, BuiltinTools.catalog());
        assertThat(splitter.feed("@shell(c1): {\"command\": \"ls\"")).noneMatch(StreamEvent.Completed.class::isInstance);
        assertThat(splitter.feed("}")).anyMatch(e -> e instanceof StreamEvent.Completed c && c.segment() instanceof Call);
    }

    @Test
    void callStartedIsAnnouncedWhenTheBraceOpens() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.TOOL, BuiltinTools.catalog());
        assertThat(splitter.feed("@save(c1): {")).containsExactly(new StreamEvent.CallStarted("save", AtToolDialect.INSTANCE, 0));
    }

    private static List<Segment> split(String message, ToolCatalog tools) {
        return Splitting.split(message, ToolFormat.TOOL, tools);
    }
}
