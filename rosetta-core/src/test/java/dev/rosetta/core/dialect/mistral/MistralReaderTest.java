package dev.rosetta.core.dialect.mistral;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
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

/** Mistral's two spellings, batch and in every chunking; model output restated from vLLM's Mistral tests. */
class MistralReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();

    private static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.MISTRAL, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void v11CallIsTheMarkerTheNameAndTheJson() {
        String msg = "[TOOL_CALLS]get_weather{\"city\": \"San Francisco\", \"state\": \"CA\", \"unit\": \"celsius\"}";
        Call call = onlyCall(split(msg));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "San Francisco", "state", "CA", "unit", "celsius"));
        assertThat(call.raw()).isEqualTo(msg);
        assertThat(call.dialect()).isSameAs(MistralDialect.INSTANCE);
    }

    @Test
    void v11CallsFollowOneAnotherDirectly() {
        List<Call> calls = calls(split("[TOOL_CALLS]add{\"a\": 3.5, \"b\": 4}[TOOL_CALLS]search{\"query\": \"x\", \"limit\": 6}"));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("add", "search");
        assertThat(calls.get(0).use().kwargs()).isEqualTo(Map.of("a", 3.5, "b", 4));
        assertThat(calls.get(0).raw()).isEqualTo("[TOOL_CALLS]add{\"a\": 3.5, \"b\": 4}");
    }

    @Test
    void argsTokenBetweenNameAndJsonIsPartOfTheCall() {
        Call call = onlyCall(split("[TOOL_CALLS]add[ARGS]{\"a\": 1, \"b\": 2}"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("a", 1, "b", 2));
    }

    @Test
    void callIdTokenGivesTheCallItsId() {
        Call call = onlyCall(split("[TOOL_CALLS]add[CALL_ID]a1B2c3D4e[ARGS]{\"a\": 1, \"b\": 2}"));
        assertThat(call.use().callId()).isEqualTo("a1B2c3D4e");
    }

    @Test
    void v11JsonWithEscapedQuotesAndBracesInStringsRuns() {
        String msg = "[TOOL_CALLS]shell{\"command\": \"python -c \\\"print('{}')\\\"\\necho [done]\"}";
        Call call = onlyCall(split(msg));
        assertThat(call.use().kwargs()).containsEntry("command", "python -c \"print('{}')\"\necho [done]");
    }

    @Test
    void v11JsonNeverClosedIsIncompleteAndNotRun() {
        Segment.Unparsed u = onlyUnparsed(split("hi{hi\n[TOOL_CALLS]shell{\"command\": \"print(\\\"hello world!\\\")\""));
        assertThat(u.problem()).startsWith("incomplete").contains("shell");
    }

    @Test
    void nameWithoutArgumentsAtTheEndIsIncomplete() {
        assertThat(onlyUnparsed(split("[TOOL_CALLS]get_time")).problem()).startsWith("incomplete");
    }

    @Test
    void listOfCallsGivesOneSegmentPerElementWithItsPunctuation() {
        String first = "[TOOL_CALLS] [{\"name\": \"add\", \"arguments\": {\"a\": 3.5, \"b\": 4}},";
        String second = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"San Francisco\"}}]";
        List<Segment> s = split(first + " " + second);
        assertThat(kinds(s)).containsExactly("call", "call");
        assertThat(calls(s)).extracting(Call::raw).containsExactly(first, second);
        assertThat(calls(s).get(1).use().kwargs()).isEqualTo(Map.of("city", "San Francisco"));
    }

    @Test
    void listElementMayGiveArgumentsBeforeTheName() {
        Call call = onlyCall(split("[TOOL_CALLS] [{\"arguments\": {\"city\": \"John Doe\"}, \"name\": \"get_weather\"}]"));
        assertThat(call.use()).isEqualTo(ToolUse.named("get_weather", Map.of("city", "John Doe"), call.use().callId()));
    }

    @Test
    void listElementIdIsKept() {
        Call call = onlyCall(split("[TOOL_CALLS] [{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}, \"id\": \"Xy9Zb3c4D\"}]"));
        assertThat(call.use().callId()).isEqualTo("Xy9Zb3c4D");
    }

    @Test
    void spacesInsideTheListAndTrailingTextAreHandled() {
        List<Segment> s = split("[TOOL_CALLS]  [ {\"name\":\"add\" , \"arguments\" : {\"a\": 3, \"b\": 4} } ]\nextra trailing data");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(((Segment.Prose) s.get(1)).text()).isEqualTo("\nextra trailing data");
    }

    @Test
    void trailingCommaBeforeTheBracketBelongsToTheLastCall() {
        Call call = onlyCall(split("[TOOL_CALLS] [{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}, ]"));
        assertThat(call.raw()).endsWith("}}, ]");
    }

    @Test
    void listWithAnUnknownToolReportsItAndRunsTheOthers() {
        List<Segment> s = split("[TOOL_CALLS] [{\"name\": \"get_stock\", \"arguments\": {}}, {\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 1}}]");
        assertThat(kinds(s)).containsExactly("unparsed", "call");
        assertThat(onlyUnparsed(s).problem()).contains("unknown tool 'get_stock'").contains("add");
    }

    @Test
    void listCutOffInsideAnElementIsIncomplete() {
        List<Segment> s = split("[TOOL_CALLS] [{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 1}}, {\"name\": \"add\", \"argu");
        assertThat(kinds(s)).containsExactly("call", "unparsed");
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete");
    }

    @Test
    void markerFollowedByNeitherShapeIsReportedToTheEndOfItsLine() {
        List<Segment> s = split("[TOOL_CALLS] not json at all\nNext line.");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(onlyUnparsed(s).raw()).isEqualTo("[TOOL_CALLS] not json at all");
    }

    @Test
    void v11CallWithAnUnknownToolIsReported() {
        assertThat(onlyUnparsed(split("[TOOL_CALLS]get_stock{\"s\": 1}")).problem()).contains("unknown tool 'get_stock'");
    }

    @Test
    void brokenJsonIsRepaired() {
        assertThat(onlyCall(split("[TOOL_CALLS]get_weather{city: 'Dallas', unit: 'fahrenheit',}")).use().kwargs())
                .isEqualTo(Map.of("city", "Dallas", "unit", "fahrenheit"));
    }

    @Test
    void squareBracketsInProseAreProse() {
        assertThat(kinds(split("[TOOL] and [TOOL_CALL] are not markers\n[x](y)"))).containsExactly("prose");
    }

    @Test
    void callCompletesAtItsBalancingBrace() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MISTRAL, TOOLS);
        assertThat(splitter.feed("[TOOL_CALLS]search[ARGS]{\"query\": ")).containsExactly(
                new CallStarted("search", MistralDialect.INSTANCE, 0));
        List<StreamEvent> done = splitter.feed("\"x\"}");
        assertThat(done).singleElement().isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Call.class));
    }

    @Test
    void markerRightAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Hello[TOOL_CALLS]add{\"a\": 1, \"b\": 2} and more";
        ReaderProbe.Read read = ReaderProbe.readAt(MistralDialect.INSTANCE.reader(TOOLS), msg, 5);
        assertThat(read.segments()).singleElement().isInstanceOf(Call.class);
        assertThat(read.end()).isEqualTo(msg.indexOf(" and"));
        assertThat(MistralDialect.INSTANCE.reader(TOOLS).midLineStarts()).isEqualTo("[");
    }

    @Test
    void writtenCallIsTheV11FormWithArgs() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("a", 1);
        args.put("b", 2);
        ToolUse use = ToolUse.named("add", args, null);
        String text = MistralDialect.INSTANCE.write(use, NativeTools.ADD);
        assertThat(text).isEqualTo("[TOOL_CALLS]add[ARGS]{\"a\":1,\"b\":2}");
        assertThat(onlyCall(split(text)).use().kwargs()).isEqualTo(use.kwargs());
        assertThat(MistralDialect.INSTANCE.describe(NativeTools.ADD)).contains("{\"type\":\"function\",\"function\":{\"name\":\"add\"");
    }
}
