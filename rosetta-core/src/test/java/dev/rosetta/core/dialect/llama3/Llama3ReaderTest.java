package dev.rosetta.core.dialect.llama3;

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

import dev.rosetta.core.dialect.NativeTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.ReaderProbe;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;

/** Llama 3's bare JSON calls, batch and in every chunking; model output restated from vLLM's and SGLang's Llama tests. */
class Llama3ReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();

    private static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.LLAMA3, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void wholeReplyObjectIsACall() {
        String msg = "{\"name\": \"search\", \"parameters\": {\"query\": \"test query\", \"limit\": 10}}";
        Call call = onlyCall(split(msg));
        assertThat(call.use().tool()).isEqualTo("search");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "test query", "limit", 10));
        assertThat(call.raw()).isEqualTo(msg);
        assertThat(call.dialect()).isSameAs(Llama3Dialect.INSTANCE);
    }

    @Test
    void argumentsKeyWorksLikeParameters() {
        assertThat(onlyCall(split("{\"name\": \"search\", \"arguments\": {\"query\": \"test\"}}")).use().kwargs())
                .isEqualTo(Map.of("query", "test"));
    }

    @Test
    void typeFunctionBeforeTheNameIsAccepted() {
        Call call = onlyCall(split("{\"type\": \"function\", \"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
    }

    @Test
    void objectOnItsOwnLineBetweenProseIsACall() {
        List<Segment> s = split("Here is the result:\n{\"name\": \"get_time\", \"parameters\": {}}\nWould you like more?");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
    }

    @Test
    void objectInTheMiddleOfALineIsProse() {
        assertThat(kinds(split("Here is the result: {\"name\": \"get_time\", \"parameters\": {}} Would you like more?")))
                .containsExactly("prose");
    }

    @Test
    void objectNamingNoLoadedToolIsProse() {
        assertThat(kinds(split("{\"name\": \"John Doe\", \"age\": 37}\n"))).containsExactly("prose");
        assertThat(kinds(split("{\"name\": \"getOpenIncidentsTool\", \"parameters\": {}}"))).containsExactly("prose");
    }

    @Test
    void objectThatDoesNotStartWithTheNameIsProseUnlessItIsTheWholeReplyAndFitsTheTool() {
        String keysSwapped = "{\"parameters\": {\"query\": \"x\"}, \"name\": \"search\"}";
        assertThat(onlyCall(split(keysSwapped)).dialect().name()).as("the whole reply, fitting search").isEqualTo("schema");
        assertThat(kinds(split("Here it is:\n" + keysSwapped))).containsExactly("prose");
        assertThat(kinds(split("{ \"tool\": \"search\" }"))).as("search needs its query").containsExactly("prose");
    }

    @Test
    void semicolonSeparatedCallsAreEachACallWithTheirSeparator() {
        List<Call> calls = calls(split("{\"name\": \"search\", \"parameters\": {\"query\": \"test1\"}}; "
                + "{\"name\": \"get_time\", \"parameters\": {}}; {\"name\": \"search\", \"parameters\": {\"query\": \"test2\"}}"));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("search", "get_time", "search");
        assertThat(calls.get(0).raw()).endsWith("}};");
        assertThat(calls.get(2).use().kwargs()).containsEntry("query", "test2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"; ", ";", ";\n", "\n", " ; "})
    void everySeparatorBetweenTwoCallsWorks(String separator) {
        List<Call> calls = calls(split("{\"name\": \"search\", \"parameters\": {\"query\": \"test1\"}}" + separator
                + "{\"name\": \"get_time\", \"parameters\": {}}"));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("search", "get_time");
    }

    @Test
    void deeplyNestedParametersArePreserved() {
        Call call = onlyCall(split("{\"name\": \"toggle\", \"parameters\": {\"meta\": {\"l1\": {\"l2\": {\"l3\": {\"value\": \"deep\"}}}}}}"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("meta", Map.of("l1", Map.of("l2", Map.of("l3", Map.of("value", "deep"))))));
    }

    @Test
    void bracesAndQuotesInsideStringsAreText() {
        Call call = onlyCall(split("{\"name\": \"search\", \"parameters\": {\"query\": \"He said \\\"Hello {world}\\\" [x]\"}}"));
        assertThat(call.use().kwargs()).containsEntry("query", "He said \"Hello {world}\" [x]");
    }

    @Test
    void braceInTheProseAfterACallIsProse() {
        List<Segment> s = split("{\"name\": \"search\", \"parameters\": {\"query\": \"test\"}} I used {search} for this.");
        assertThat(kinds(s)).containsExactly("call", "prose");
    }

    @Test
    void pythonTagMarksACallAndIsNotShown() {
        List<Segment> s = split("<|python_tag|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"SF\"}}");
        assertThat(onlyCall(s).use().kwargs()).containsEntry("city", "SF");
        assertThat(onlyCall(s).raw()).startsWith("{");
    }

    @Test
    void afterThePythonTagAnUnknownToolIsReportedNotLeftAsProse() {
        Segment.Unparsed u = onlyUnparsed(split("<|python_tag|>{\"name\": \"brave_search\", \"parameters\": {\"query\": \"x\"}}"));
        assertThat(u.problem()).contains("unknown tool 'brave_search'");
    }

    @Test
    void pythonTagFollowedByPythonCodeRunsAsThePythonTool() {
        Call call = onlyCall(split("<|python_tag|>import math\nprint(math.pi)<|eom_id|>"));
        assertThat(call.use().tool()).isEqualTo("ipython");
        assertThat(BuiltinTools.catalog().resolve("ipython").orElseThrow().bind(call.use()).values())
                .containsValue("import math\nprint(math.pi)");
    }

    @Test
    void pythonTagSetApartInASentenceIsAMentionNotCode() {
        String mention = "The model may also emit <|python_tag|> before the JSON, or print(1) after it.";
        assertThat(Splitting.split(mention, ToolFormat.LLAMA3, TOOLS)).singleElement().isInstanceOfSatisfying(Segment.Prose.class, p -> assertThat(p.text()).isEqualTo(mention));
    }

    @Test
    void pythonTagGluedToProseBeforeCodeStillRuns() {
        List<Segment> s = split("I'll use the interpreter<|python_tag|>print(1)<|eom_id|>");
        assertThat(kinds(s)).contains("prose", "call");
        assertThat(Splitting.calls(s)).singleElement().satisfies(c -> assertThat(c.use().tool()).isEqualTo("ipython"));
    }

    @Test
    void pythonTagSetApartInASentenceBeforeJsonStillCalls() {
        List<Segment> s = split("Calling it now <|python_tag|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"SF\"}}");
        assertThat(onlyCall(s).use().kwargs()).containsEntry("city", "SF");
    }

    @Test
    void pythonTagFollowedByCodeWithNoInterpreterDeclaredIsReported() {
        ToolCatalog noPython = ToolCatalog.of(NativeTools.GET_WEATHER);
        List<Segment> s = Splitting.split("<|python_tag|>print(1)\n", ToolFormat.LLAMA3, noPython);
        assertThat(Splitting.calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("<|python_tag|>");
    }

    @Test
    void pythonTagFollowedByABuiltinToolCallIsReportedToTheEndOfItsLine() {
        List<Segment> s = split("<|python_tag|>brave_search.call(query=\"x\")\nThen text.");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(onlyUnparsed(s).problem()).contains("<|python_tag|>");
    }

    @Test
    void endOfMessageTokenLeftInTheTextIsMarkupNotProse() {
        List<Segment> s = split("<|python_tag|>{\"name\": \"get_time\", \"parameters\": {}}<|eom_id|>");
        assertThat(kinds(s)).containsExactly("call");
    }

    @Test
    void objectNeverClosedIsIncompleteAndNotRun() {
        assertThat(onlyUnparsed(split("{\"name\": \"search\", \"parameters\": {\"query\": \"x\"")).problem()).startsWith("incomplete");
    }

    @Test
    void brokenJsonOfALoadedToolIsRepaired() {
        assertThat(onlyCall(split("{\"name\": \"search\", \"parameters\": {'query': 'x', 'limit': 3,}}")).use().kwargs())
                .isEqualTo(Map.of("query", "x", "limit", 3));
    }

    @Test
    void parametersGivenAsAJsonStringAreReadThrough() {
        assertThat(onlyCall(split("{\"name\": \"search\", \"parameters\": \"{\\\"query\\\": \\\"x\\\"}\"}")).use().kwargs())
                .isEqualTo(Map.of("query", "x"));
    }

    @Test
    void nameWithoutParametersIsACallWithoutArguments() {
        assertThat(onlyCall(split("{\"name\": \"get_time\"}")).use().kwargs()).isEmpty();
    }

    @Test
    void indentedObjectIsStillAtTheLineStart() {
        assertThat(onlyCall(split("Calling:\n    {\"name\": \"get_time\", \"parameters\": {}}\n")).use().tool()).isEqualTo("get_time");
    }

    @Test
    void objectInsideAJsonFenceIsAnExampleAndStaysProse() {
        assertThat(kinds(split("For example:\n```json\n{\"name\": \"search\", \"parameters\": {\"query\": \"x\"}}\n```\n")))
                .containsExactly("prose");
    }

    @Test
    void callStartsAtItsNameAndCompletesAtItsBrace() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.LLAMA3, TOOLS);
        assertThat(splitter.feed("{\"name\": \"sea")).isEmpty();
        assertThat(splitter.feed("rch\", \"parameters\": {\"query\": ")).containsExactly(new CallStarted("search", Llama3Dialect.INSTANCE, 0));
        assertThat(splitter.feed("\"x\"}}")).as("a ';' may still follow").isEmpty();
        assertThat(splitter.feed("\n").get(0)).isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Call.class));
    }

    @Test
    void pythonTagAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Sure.<|python_tag|>{\"name\": \"get_time\", \"parameters\": {}}";
        ReaderProbe.Read read = ReaderProbe.readAt(Llama3Dialect.INSTANCE.reader(TOOLS), msg, 5);
        assertThat(read.segments()).singleElement().isInstanceOf(Call.class);
        assertThat(Llama3Dialect.INSTANCE.reader(TOOLS).midLineStarts()).as("never '{': a bare object must start its line")
                .isEqualTo("<");
    }

    @Test
    void writtenCallReadsBack() {
        ToolUse use = ToolUse.named("get_weather", Map.of("city", "Lima"), null);
        String text = Llama3Dialect.INSTANCE.write(use, NativeTools.GET_WEATHER);
        assertThat(text).isEqualTo("{\"name\": \"get_weather\", \"parameters\": {\"city\":\"Lima\"}}");
        assertThat(onlyCall(split(text)).use().kwargs()).isEqualTo(use.kwargs());
    }

    /** SGLang's JSON array parser; also Mistral's list when a server dropped [TOOL_CALLS]. */
    @Test
    void bareListOfCallObjectsIsOneCallPerElement() {
        String msg = "[\n  {\"name\": \"search\", \"parameters\": {\"query\": \"a\"}},\n"
                + "  {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n]\nDone.";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("call", "call", "prose");
        assertThat(calls(s)).extracting(c -> c.use().kwargs())
                .containsExactly(Map.of("query", "a"), Map.of("city", "Paris"));
        assertThat(calls(s)).allSatisfy(c -> assertThat(c.dialect()).isSameAs(Llama3Dialect.INSTANCE));
        assertThat(calls(s).getLast().raw()).endsWith("]");
    }

    @Test
    void listWhoseFirstObjectCallsNoLoadedToolIsProse() {
        assertThat(kinds(split("[{\"name\": \"John\", \"age\": 3}, {\"name\": \"search\"}]"))).containsExactly("prose");
        assertThat(kinds(split("[1, 2, 3]"))).containsExactly("prose");
        assertThat(kinds(split("Results: [{\"name\": \"search\", \"parameters\": {}}]"))).containsExactly("prose");
    }

    @Test
    void listCutOffIsIncompleteAndItsFinishedElementsRun() {
        List<Segment> s = split("[{\"name\": \"search\", \"parameters\": {\"query\": \"a\"}}, {\"name\": \"search\", \"par");
        assertThat(kinds(s)).containsExactly("call", "unparsed");
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete");
    }

    @Test
    void bareListInAnotherFormatIsReportedNotRun() {
        List<Segment> s = Splitting.split("[{\"name\": \"search\", \"parameters\": {\"query\": \"a\"}}]",
                ToolFormat.HERMES, TOOLS);
        assertThat(onlyUnparsed(s).problem()).contains("llama3 format");
    }
}
