package dev.rosetta.core.dialect.deepseek;

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
 * DeepSeek V3/R1 and V3.1 sections, batch and in every chunking. Model output restated from the
 * DeepSeek cases of vLLM's, SGLang's and llama.cpp's parser tests. The tokens are spelled with
 * escapes so the test cannot pass on look-alikes.
 */
class DeepSeekReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();
    static final String CALLS_BEGIN = "<\uFF5Ctool\u2581calls\u2581begin\uFF5C>";
    static final String CALLS_END = "<\uFF5Ctool\u2581calls\u2581end\uFF5C>";
    static final String CALL_BEGIN = "<\uFF5Ctool\u2581call\u2581begin\uFF5C>";
    static final String SEP = "<\uFF5Ctool\u2581sep\uFF5C>";
    static final String CALL_END = "<\uFF5Ctool\u2581call\u2581end\uFF5C>";

    private static String v3(String name, String json) {
        return CALL_BEGIN + "function" + SEP + name + "\n```json\n" + json + "\n```" + CALL_END;
    }

    private static String v31(String name, String json) {
        return CALL_BEGIN + name + SEP + json + CALL_END;
    }

    static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.DEEPSEEK, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void v3CallWithAFencedJsonRuns() {
        String c = v3("get_weather", "{\"city\": \"Tokyo\", \"unit\": \"celsius\"}");
        Call call = onlyCall(split(CALLS_BEGIN + c + CALLS_END));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Tokyo", "unit", "celsius"));
        assertThat(call.raw()).isEqualTo(c);
        assertThat(call.use().callId()).startsWith("call_");
        assertThat(call.dialect()).isSameAs(DeepSeekDialect.INSTANCE);
    }

    @Test
    void v3ParallelCallsAreTwoSegments() {
        List<Call> calls = calls(split(CALLS_BEGIN + v3("get_weather", "{\"city\": \"Tokyo\"}")
                + v3("search", "{\"query\": \"hotels in Tokyo\", \"limit\": 5}") + CALLS_END));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("get_weather", "search");
        assertThat(calls.get(1).use().kwargs()).containsEntry("limit", 5);
    }

    @Test
    void v3ArgumentsOfEveryJsonType() {
        String json = "{\"string_field\": \"hello\", \"int_field\": 42, \"float_field\": 3.14, \"bool_field\": true, "
                + "\"null_field\": null, \"array_field\": [\"a\", \"b\"], \"object_field\": {\"nested\": \"value\"}, "
                + "\"empty_array\": [], \"empty_object\": {}}";
        Map<String, Object> kwargs = onlyCall(split(CALLS_BEGIN + v3("get_time", json) + CALLS_END)).use().kwargs();
        assertThat(kwargs).containsEntry("int_field", 42).containsEntry("bool_field", true)
                .containsEntry("array_field", List.of("a", "b")).containsEntry("object_field", Map.of("nested", "value"))
                .containsKey("null_field").containsEntry("empty_object", Map.of());
    }

    @Test
    void v3EscapedStringsAreDecoded() {
        String json = "{\"query\": \"He said \\\"hello\\\" in C:\\\\Users\\\\file\\nline2\"}";
        Call call = onlyCall(split(CALLS_BEGIN + v3("search", json) + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("query", "He said \"hello\" in C:\\Users\\file\nline2");
    }

    @Test
    void v3JsonMissingItsClosingBraceBeforeTheFenceIsRepaired() {
        Call call = onlyCall(split(CALLS_BEGIN + CALL_BEGIN + "function" + SEP + "get_weather\n```json\n{\"city\": \"Tokyo\"\n```"
                + CALL_END + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("city", "Tokyo");
    }

    @Test
    void callWhoseBeginTokenIsMissingIsStillReadInsideTheSection() {
        Call call = onlyCall(split(CALLS_BEGIN + "function" + SEP + "get_weather\n```json\n{\"city\": \"Tokyo\"}\n```" + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("city", "Tokyo");
        Call v31 = onlyCall(split(CALLS_BEGIN + "get_weather" + SEP + "{\"city\": \"Kyoto\"}" + CALLS_END));
        assertThat(v31.use().kwargs()).containsEntry("city", "Kyoto");
    }

    @Test
    void v31CallHasNoTypeWordAndNoFence() {
        Call call = onlyCall(split("normal text\n" + CALLS_BEGIN + v31("get_weather", "{\"city\":\"Paris\"}") + CALLS_END));
        assertThat(call.use()).isEqualTo(ToolUse.named("get_weather", Map.of("city", "Paris"), call.use().callId()));
    }

    @Test
    void v31CallsBetweenProseKeepTheProse() {
        List<Segment> s = split("some prefix text\n" + CALLS_BEGIN + v31("get_weather", "{\"city\": \"A\"}")
                + v31("search", "{\"query\": \"b\"}") + CALLS_END + " some suffix text");
        assertThat(kinds(s)).containsExactly("prose", "call", "call", "prose");
        assertThat(((Segment.Prose) s.get(3)).text()).isEqualTo(" some suffix text");
    }

    @Test
    void shortSectionOpenerIsReadToo() {
        Call call = onlyCall(split("<\uFF5Ctool\u2581calls\uFF5C>" + v31("get_weather", "{\"city\": \"A\"}") + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("city", "A");
    }

    @Test
    void loneCallWithoutASectionIsReadToo() {
        assertThat(onlyCall(split(v31("get_weather", "{\"city\": \"A\"}"))).use().tool()).isEqualTo("get_weather");
    }

    @Test
    void replyCutOffInsideTheSectionIsIncompleteAndNotRun() {
        List<Segment> s = split("Let me look that up.\n" + CALLS_BEGIN + "get_weather");
        assertThat(kinds(s)).containsExactly("prose", "unparsed");
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete");
    }

    @Test
    void callWhoseEndTokenNeverComesIsIncompleteEvenWithCompleteJson() {
        Segment.Unparsed u = onlyUnparsed(split(CALLS_BEGIN + CALL_BEGIN + "save" + SEP
                + "{\"path\": \"a.py\", \"content\": \"print(1)\"}"));
        assertThat(u.problem()).startsWith("incomplete").contains("save");
    }

    @Test
    void unknownToolIsReportedNamingTheToolsThatExist() {
        Segment.Unparsed u = onlyUnparsed(split(CALLS_BEGIN + v3("search_hotels", "{\"location\": \"Tokyo\"}") + CALLS_END));
        assertThat(u.problem()).contains("unknown tool 'search_hotels'").contains("get_weather");
    }

    @Test
    void endTokenInsideAJsonStringIsText() {
        String json = "{\"path\": \"t.md\", \"content\": \"ends with " + CALL_END + " then " + CALLS_END + "\"}";
        Call call = onlyCall(split(CALLS_BEGIN + v31("save", json) + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("content", "ends with " + CALL_END + " then " + CALLS_END);
    }

    @Test
    void tokensSpelledWithAsciiLookAlikesAreProse() {
        String ascii = "<|tool\u2581calls\u2581begin|><|tool\u2581call\u2581begin|>get_weather<|tool\u2581sep|>{\"city\": \"A\"}";
        String underscores = "<\uFF5Ctool_calls_begin\uFF5C>get_weather";
        assertThat(kinds(Splitting.split(ascii, ToolFormat.DEEPSEEK, TOOLS))).containsExactly("prose");
        assertThat(kinds(Splitting.split(underscores, ToolFormat.DEEPSEEK, TOOLS))).containsExactly("prose");
    }

    @Test
    void endOfSentenceTokenLeftInTheTextIsMarkupNotProse() {
        List<Segment> s = split(CALLS_BEGIN + v31("get_weather", "{\"city\": \"A\"}") + CALLS_END
                + "<\uFF5Cend\u2581of\u2581sentence\uFF5C>");
        assertThat(kinds(s)).containsExactly("call");
    }

    @Test
    void argumentsWithEmojiSurviveCutsInsideSurrogatePairs() {
        Call call = onlyCall(split(CALLS_BEGIN + v31("search", "{\"query\": \"🚀 launch 🎉\"}") + CALLS_END));
        assertThat(call.use().kwargs()).containsEntry("query", "🚀 launch 🎉");
    }

    @Test
    void oneDeltaThatEndsOneCallAndStartsTheNextGivesBothCalls() {
        String first = v31("get_weather", "{\"city\": \"A\"}");
        String msg = CALLS_BEGIN + first + v31("get_weather", "{\"city\": \"B\"}") + CALLS_END;
        int cut = CALLS_BEGIN.length() + first.length() - 5;
        List<String> chunks = List.of(msg.substring(0, cut), msg.substring(cut, cut + 30), msg.substring(cut + 30));
        List<Segment> streamed = Splitting.stream(chunks, ToolFormat.DEEPSEEK, TOOLS);
        assertThat(streamed).isEqualTo(StreamSplitter.split(msg, ToolFormat.DEEPSEEK, TOOLS));
        assertThat(calls(streamed)).hasSize(2);
    }

    @Test
    void multiTokenDeltasOfSpeculativeDecodingGiveBothCalls() {
        List<String> chunks = List.of(CALLS_BEGIN, CALL_BEGIN + "function", SEP + "get", "_weather\n", "```json\n",
                "{\"city\":", "\"Shanghai", "\"}\n```" + CALL_END, "\n" + CALL_BEGIN, "function" + SEP, "se", "ar",
                "ch\n```json\n{\"", "query\": \"", "Beijing\"}\n", "```" + CALL_END, CALLS_END);
        List<Segment> streamed = Splitting.stream(chunks, ToolFormat.DEEPSEEK, TOOLS);
        assertThat(streamed).isEqualTo(split(String.join("", chunks)));
        assertThat(calls(streamed)).extracting(c -> c.use().kwargs().values().iterator().next()).containsExactly("Shanghai", "Beijing");
    }

    @Test
    void callStartsAtItsNameAndCompletesAtItsEndToken() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.DEEPSEEK, TOOLS);
        List<StreamEvent> started = splitter.feed(CALLS_BEGIN + CALL_BEGIN + "function" + SEP + "search\n```json\n{\"q");
        assertThat(started).containsExactly(new CallStarted("search", DeepSeekDialect.INSTANCE, CALLS_BEGIN.length()));
        List<StreamEvent> done = splitter.feed("uery\": \"x\"}\n```" + CALL_END);
        assertThat(done).singleElement().isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Call.class));
    }

    @Test
    void sectionRightAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Let me check the weather for you." + CALLS_BEGIN + v3("get_weather", "{\"city\": \"Paris\"}") + CALLS_END;
        ReaderProbe.Read read = ReaderProbe.readAt(DeepSeekDialect.INSTANCE.reader(TOOLS), msg, msg.indexOf('<'));
        assertThat(read.segments()).singleElement().isInstanceOf(Call.class);
        assertThat(read.end()).isEqualTo(msg.length());
    }

    @Test
    void r1ThinksThenCalls() {
        List<Segment> s = split("<think>\nThe user wants the weather.\n</think>\n\n" + CALLS_BEGIN
                + v3("get_weather", "{\"city\": \"Hangzhou\"}") + CALLS_END);
        assertThat(kinds(s)).containsExactly("thinking", "prose", "call");
    }

    @Test
    void callInsideUnfinishedThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\nmaybe\n" + CALLS_BEGIN + v31("get_weather", "{\"city\": \"A\"}") + CALLS_END);
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("inside <think>");
    }

    @Test
    void writtenCallIsTheV31FormAndReadsBack() {
        ToolUse use = ToolUse.named("get_weather", Map.of("city", "Lima"), null);
        String text = DeepSeekDialect.INSTANCE.write(use, NativeTools.GET_WEATHER);
        assertThat(text).isEqualTo(CALLS_BEGIN + CALL_BEGIN + "get_weather" + SEP + "{\"city\":\"Lima\"}" + CALL_END + CALLS_END);
        assertThat(onlyCall(split(text)).use().kwargs()).isEqualTo(use.kwargs());
    }

    @Test
    void toolsAreDeclaredWithDescriptionAndParametersSchema() {
        String text = DeepSeekDialect.INSTANCE.describe(NativeTools.SEARCH);
        assertThat(text).contains("Description: Test tool search.").contains("Parameters: {\"type\":\"object\"");
        assertThat(DeepSeekDialect.INSTANCE.callingConvention()).contains(CALLS_BEGIN, CALL_BEGIN, SEP, CALL_END, CALLS_END);
    }
}
