package dev.rosetta.core.dialect.kimi;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.NativeTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.ReaderProbe;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;

/**
 * Kimi K2's sections, batch and in every chunking. Model output restated from the Kimi cases of
 * vLLM's and SGLang's parser tests.
 */
class KimiReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();
    private static final String BEGIN = "<|tool_calls_section_begin|>";
    private static final String END = "<|tool_calls_section_end|>";

    private static String call(String id, String json) {
        return "<|tool_call_begin|>" + id + "<|tool_call_argument_begin|>" + json + "<|tool_call_end|>";
    }

    private static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.KIMI, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void callInASectionRunsWithItsIdAsTheCallId() {
        String c = call("functions.get_weather:0", "{\"city\": \"Beijing\"}");
        List<Segment> s = split("I'll check.\n" + BEGIN + c + END);
        assertThat(kinds(s)).containsExactly("prose", "call");
        Call call = onlyCall(s);
        assertThat(call.use()).isEqualTo(ToolUse.named("get_weather", Map.of("city", "Beijing"), "functions.get_weather:0"));
        assertThat(call.raw()).isEqualTo(c);
        assertThat(call.dialect()).isSameAs(ToolFormat.KIMI.dialect());
    }

    /** vLLM's Kimi K2 test writes the header on its own line with spaces around the tokens. */
    @Test
    void headerOnItsOwnLineWithSpacesAroundIsRead() {
        List<Segment> s = split("I'll check. " + BEGIN + " <|tool_call_begin|>\nfunctions.get_weather:0 "
                + "<|tool_call_argument_begin|> {\"city\": \"Beijing\"} <|tool_call_end|> " + END);
        assertThat(onlyCall(s).use()).isEqualTo(ToolUse.named("get_weather", Map.of("city", "Beijing"),
                "functions.get_weather:0"));
    }

    @Test
    void headerBrokenOverLinesIsReported() {
        List<Segment> s = split(BEGIN + "<|tool_call_begin|>functions.get\n_weather:0<|tool_call_argument_begin|>"
                + "{\"city\": \"Beijing\"}<|tool_call_end|>" + END);
        assertThat(onlyUnparsed(s).problem()).contains("<|tool_call_argument_begin|>");
    }

    @Test
    void parallelCallsAreSeparateSegmentsInOrder() {
        List<Call> calls = calls(split(BEGIN + call("functions.get_weather:0", "{\"city\": \"Beijing\"}")
                + call("functions.get_weather:1", "{\"city\": \"Shanghai\"}") + END));
        assertThat(calls).extracting(c -> c.use().callId()).containsExactly("functions.get_weather:0", "functions.get_weather:1");
        assertThat(calls).extracting(c -> c.use().kwargs().get("city")).containsExactly("Beijing", "Shanghai");
    }

    @Test
    void threeDifferentToolsInOneSection() {
        List<Call> calls = calls(split("Multiple tasks.\n" + BEGIN
                + call("functions.get_weather:0", "{\"city\": \"New York\"}")
                + call("functions.search:1", "{\"query\": \"technology\"}")
                + call("functions.add:2", "{\"a\": 1, \"b\": 2.5}") + END));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("get_weather", "search", "add");
        assertThat(calls.get(2).use().kwargs()).isEqualTo(Map.of("a", 1, "b", 2.5));
    }

    @Test
    void angleBracketsInsideTheJsonAreText() {
        Call call = onlyCall(split(BEGIN + call("functions.search:0", "{\"query\": \"<div>content</div>\"}") + END));
        assertThat(call.use().kwargs()).containsEntry("query", "<div>content</div>");
    }

    @Test
    void endTokenInsideAJsonStringDoesNotEndTheCall() {
        String json = "{\"path\": \"notes.md\", \"content\": \"Kimi ends a call with <|tool_call_end|> and a section with "
                + "<|tool_calls_section_end|>.\"}";
        Call call = onlyCall(split(BEGIN + call("functions.save:0", json) + END));
        assertThat(call.use().kwargs()).containsEntry("content",
                "Kimi ends a call with <|tool_call_end|> and a section with <|tool_calls_section_end|>.");
    }

    @Test
    void jsonMaySpanLines() {
        Call call = onlyCall(split(BEGIN + call("functions.search:0", "{\n  \"query\": \"test\",\n  \"limit\": 123\n}") + END));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "test", "limit", 123));
    }

    @Test
    void idWithoutTheFunctionsNamespaceNamesTheToolToo() {
        Call call = onlyCall(split(BEGIN + call("get_weather:0", "{\"city\": \"Tokyo\"}") + END));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().callId()).isEqualTo("get_weather:0");
    }

    @Test
    void dottedToolNameSurvivesTheNamespaceAndCounter() {
        ToolCatalog tools = ToolCatalog.of(dev.rosetta.core.tool.ToolSpec.named("github.create_issue"));
        Call call = onlyCall(Splitting.split(BEGIN + call("functions.github.create_issue:2", "{\"title\": \"x\"}") + END,
                ToolFormat.KIMI, tools));
        assertThat(call.use().tool()).isEqualTo("github.create_issue");
    }

    @Test
    void emptyArgumentsAreACallWithoutArguments() {
        assertThat(onlyCall(split(BEGIN + call("functions.get_time:0", "{}") + END)).use().kwargs()).isEmpty();
        assertThat(onlyCall(split(BEGIN + call("functions.get_time:0", "") + END)).use().kwargs()).isEmpty();
    }

    @Test
    void singularSectionSpellingIsReadToo() {
        Call call = onlyCall(split("<|tool_call_section_begin|>" + call("functions.get_weather:0", "{\"city\": \"Paris\"}")
                + "<|tool_call_section_end|>"));
        assertThat(call.use().kwargs()).containsEntry("city", "Paris");
    }

    @Test
    void spacesAroundTheIdAndBetweenCallsAreMarkup() {
        String msg = BEGIN + "\n<|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|>{\"city\": \"Oslo\"} "
                + "<|tool_call_end|>\n" + END + "\n";
        Call call = onlyCall(split(msg));
        assertThat(call.use().callId()).isEqualTo("functions.get_weather:0");
        assertThat(call.use().kwargs()).containsEntry("city", "Oslo");
    }

    @Test
    void missingCallEndBeforeTheNextCallEndsTheFirstCallThere() {
        String first = "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"A\"}";
        List<Call> calls = calls(split(BEGIN + first + call("functions.get_weather:1", "{\"city\": \"B\"}") + END));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).raw()).isEqualTo(first);
    }

    @Test
    void missingCallEndBeforeTheSectionEndStillRuns() {
        Call call = onlyCall(split(BEGIN + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
                + "{\"city\": \"A\"}" + END));
        assertThat(call.use().kwargs()).containsEntry("city", "A");
    }

    @Test
    void brokenJsonIsRepaired() {
        Call call = onlyCall(split(BEGIN + call("functions.get_weather:0", "{'city': 'Beijing',}") + END));
        assertThat(call.use().kwargs()).containsEntry("city", "Beijing");
    }

    @Test
    void argumentsGivenAsAJsonStringAreReadThrough() {
        Call call = onlyCall(split(BEGIN + call("functions.get_weather:0", "\"{\\\"city\\\": \\\"Rome\\\"}\"") + END));
        assertThat(call.use().kwargs()).containsEntry("city", "Rome");
    }

    @Test
    void jsonBeyondRepairIsUnparsedWithTheReason() {
        Segment.Unparsed u = onlyUnparsed(split(BEGIN + call("functions.get_weather:0", "{\"city\": 1,, \"unit\": 2}") + END));
        assertThat(u.problem()).contains("get_weather").contains("not valid JSON");
    }

    @Test
    void unknownToolIsReportedNamingTheToolsThatExist() {
        Segment.Unparsed u = onlyUnparsed(split(BEGIN + call("functions.get_news:0", "{\"topic\": \"ai\"}") + END));
        assertThat(u.problem()).contains("unknown tool 'get_news'").contains("get_weather", "shell");
        assertThat(u.dialect()).isSameAs(ToolFormat.KIMI.dialect());
    }

    @Test
    void callStillOpenAtTheEndIsIncompleteAndNotRun() {
        List<Segment> s = split("Let me look.\n" + BEGIN
                + "<|tool_call_begin|>functions.save:0<|tool_call_argument_begin|>{\"path\": \"a.py\", \"content\": \"x\"}");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete").contains("save");
    }

    @Test
    void sectionOpenedAndNeverFilledIsIncomplete() {
        assertThat(onlyUnparsed(split("Checking.\n" + BEGIN)).problem()).startsWith("incomplete");
    }

    @Test
    void bareCounterIdNamesTheOneToolTheArgumentsFit() {
        Call call = onlyCall(split(BEGIN + call("0", "{\"city\": \"Tokyo\", \"unit\": \"celsius\"}") + END));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().callId()).isEqualTo("0");
    }

    @Test
    void bareCounterIdThatFitsTwoToolsIsNotGuessed() {
        Segment.Unparsed u = onlyUnparsed(split(BEGIN + call("0", "{\"city\": \"Tokyo\"}") + END));
        assertThat(u.problem()).contains("unknown tool '0'");
    }

    @Test
    void bareCounterIdWithOneToolLoadedCallsIt() {
        ToolCatalog one = ToolCatalog.of(NativeTools.GET_WEATHER);
        Call call = onlyCall(Splitting.split(BEGIN + call("0", "{\"city\": \"Tokyo\"}") + END, ToolFormat.KIMI, one));
        assertThat(call.use().tool()).isEqualTo("get_weather");
    }

    @Test
    void textAfterTheSectionIsProse() {
        List<Segment> s = split(BEGIN + call("functions.get_weather:0", "{\"city\": \"A\"}") + END + " Done, waiting.");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(((Segment.Prose) s.get(1)).text()).isEqualTo(" Done, waiting.");
    }

    @Test
    void callArgumentsWithEmojiAndCjkSurviveEveryCutIncludingSplitSurrogates() {
        Call call = onlyCall(split(BEGIN + call("functions.get_weather:0", "{\"city\": \"東京 🗼\"}") + END));
        assertThat(call.use().kwargs()).containsEntry("city", "東京 🗼");
    }

    @Test
    void oneDeltaThatEndsOneCallAndStartsTheNextGivesBothCalls() {
        String msg = BEGIN + call("functions.get_weather:0", "{\"city\": \"A\"}") + call("functions.get_weather:1", "{\"city\": \"B\"}") + END;
        int cut1 = msg.indexOf("\"A\"") + 2;
        int cut2 = msg.indexOf("\"B\"") + 1;
        List<String> chunks = List.of(msg.substring(0, cut1), msg.substring(cut1, cut2), msg.substring(cut2));
        assertThat(Splitting.stream(chunks, ToolFormat.KIMI, TOOLS)).isEqualTo(StreamSplitter.split(msg, ToolFormat.KIMI, TOOLS));
        assertThat(calls(Splitting.stream(chunks, ToolFormat.KIMI, TOOLS))).hasSize(2);
    }

    @Test
    void callStartsWhenItsIdIsReadAndCompletesAtItsEndToken() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.KIMI, TOOLS);
        List<StreamEvent> started = splitter.feed(BEGIN + "<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{\"que");
        assertThat(started).containsExactly(new CallStarted("search", ToolFormat.KIMI.dialect(), BEGIN.length()));
        List<StreamEvent> done = splitter.feed("ry\": \"x\"}<|tool_call_end|>");
        assertThat(done).singleElement().isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Call.class));
    }

    @Test
    void sectionRightAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Let me check." + BEGIN + call("functions.get_weather:0", "{\"city\": \"Paris\"}") + END + " ok";
        ReaderProbe.Read read = ReaderProbe.readAt(ToolFormat.KIMI.dialect().reader(TOOLS), msg, msg.indexOf('<'));
        assertThat(read.segments()).singleElement().isInstanceOfSatisfying(Call.class,
                c -> assertThat(c.use().kwargs()).containsEntry("city", "Paris"));
        assertThat(read.end()).isEqualTo(msg.length() - 3);
        assertThat(ToolFormat.KIMI.dialect().reader(TOOLS).midLineStarts()).isEqualTo("<");
    }

    @Test
    void callWrittenInsideThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\nI could call it:\n" + BEGIN + call("functions.get_weather:0", "{\"city\": \"A\"}")
                + END + "\n</think>\nNo need.");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("inside <think>");
    }

    @Test
    void writtenCallKeepsAKimiIdAndReadsBack() {
        ToolUse use = ToolUse.named("get_weather", Map.of("city", "Lima"), "functions.get_weather:3");
        String text = ToolFormat.KIMI.dialect().write(use, NativeTools.GET_WEATHER);
        assertThat(onlyCall(split(text)).use()).isEqualTo(use);
        ToolUse other = ToolUse.named("get_weather", Map.of("city", "Lima"), "call_9");
        assertThat(onlyCall(split(ToolFormat.KIMI.dialect().write(other, NativeTools.GET_WEATHER))).use().callId())
                .isEqualTo("functions.get_weather:0");
    }

    @Test
    void toolsAreDeclaredAsFunctionObjectsWithTheirSchema() {
        String text = ToolFormat.KIMI.dialect().describe(NativeTools.GET_WEATHER);
        assertThat(text).contains("{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"")
                .contains("\"required\":[\"city\"]");
        assertThat(ToolFormat.KIMI.dialect().callingConvention()).contains(BEGIN, "functions.NAME:INDEX", END);
    }

    @Test
    void endOfTurnTokenLeftInTheTextIsMarkupNotProse() {
        List<Segment> s = split(BEGIN + call("functions.get_weather:0", "{\"city\": \"A\"}") + END + "<|im_end|>");
        assertThat(kinds(s)).containsExactly("call");
    }

    @Test
    void tokenLikeTextThatIsNoKimiTokenIsProse() {
        List<Segment> s = Splitting.split("<|tool_call_begun|> is not a token\n", ToolFormat.KIMI, TOOLS);
        assertThat(kinds(s)).containsExactly("prose");
    }
}
