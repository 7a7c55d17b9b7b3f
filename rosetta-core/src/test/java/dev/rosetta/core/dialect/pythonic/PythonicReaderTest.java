package dev.rosetta.core.dialect.pythonic;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.NativeTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.ReaderProbe;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;

/** Python call lists, batch and in every chunking; model output restated from vLLM's pythonic and Llama 4 tests. */
class PythonicReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();

    private static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.PYTHONIC, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void listWithOneCallIsACallWithItsBrackets() {
        String msg = "[get_weather(city='San Francisco', unit='celsius')]";
        Call call = onlyCall(split(msg));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "San Francisco", "unit", "celsius"));
        assertThat(call.raw()).isEqualTo(msg);
        assertThat(call.dialect()).isSameAs(ToolFormat.PYTHONIC.dialect());
    }

    @Test
    void pythonLiteralsOfEveryKindBecomeJsonValues() {
        Call call = onlyCall(split("[get_time(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, "
                + "role=None, passed_test=True, failed=False, aliases=['John', 'Johnny'], ratio=-0.5, big=1_000, pair=(1, 2))]"));
        Map<String, Object> expected = new HashMap<>();
        expected.put("name", "John Doe");
        expected.put("age", 37L);
        expected.put("address", Map.of("city", "San Francisco", "state", "CA"));
        expected.put("role", null);
        expected.put("passed_test", true);
        expected.put("failed", false);
        expected.put("aliases", List.of("John", "Johnny"));
        expected.put("ratio", -0.5);
        expected.put("big", 1000L);
        expected.put("pair", List.of(1L, 2L));
        assertThat(call.use().kwargs()).isEqualTo(expected);
    }

    @Test
    void jsonLiteralsThatModelsMixInAreAcceptedToo() {
        Map<String, Object> expected = new HashMap<>();
        expected.put("enabled", true);
        expected.put("meta", null);
        assertThat(onlyCall(split("[toggle(enabled=true, meta=null)]")).use().kwargs()).isEqualTo(expected);
    }

    @Test
    void parameterlessCallAndEmptyContainers() {
        assertThat(onlyCall(split("[get_time()]")).use().kwargs()).isEmpty();
        assertThat(onlyCall(split("[toggle(meta={}, tags=[])]")).use().kwargs()).isEqualTo(Map.of("meta", Map.of(), "tags", List.of()));
    }

    @Test
    void stringEscapesAreDecodedAsPythonDecodesThem() {
        Call call = onlyCall(split("[search(query='Martha\\'s Vineyard \\\"cool\\\" \\n\\t\\x41\\u00e9\\\\', limit=1)]"));
        assertThat(call.use().kwargs()).containsEntry("query", "Martha's Vineyard \"cool\" \n\tAé\\");
    }

    @Test
    void rawTripleAndAdjacentStringsAreRead() {
        Call call = onlyCall(split("[save(path=r'C:\\temp\\a.txt', content='''line 1\nline 'two'\n''' \"and more\")]"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("path", "C:\\temp\\a.txt", "content", "line 1\nline 'two'\nand more"));
    }

    @Test
    void parallelCallsAreSeparateSegmentsEachWithItsPunctuation() {
        List<Call> calls = calls(split("[get_weather(city='SF', unit='celsius'), get_time(), toggle(tags=[])]"));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("get_weather", "get_time", "toggle");
        assertThat(calls).extracting(Call::raw).containsExactly("[get_weather(city='SF', unit='celsius'),", "get_time(),", "toggle(tags=[])]");
    }

    @Test
    void bracketsAndQuotesInsideStringsAreText() {
        assertThat(onlyCall(split("[search(query='f(x) = [1, \"2\"]) # not a comment')]")).use().kwargs())
                .containsEntry("query", "f(x) = [1, \"2\"]) # not a comment");
    }

    @Test
    void positionalArgumentsTakeTheDeclaredParametersInOrder() {
        Call call = onlyCall(split("[save('hello.py', 'print(1)')]"));
        assertThat(BuiltinTools.SAVE.bind(call.use()).values()).isEqualTo(Map.of("path", "hello.py", "content", "print(1)"));
    }

    @Test
    void callInsideThePythonStartAndEndTokensIsRead() {
        List<Segment> s = split("<|python_start|>[get_weather(city='Paris')]<|python_end|>");
        assertThat(onlyCall(s).raw()).isEqualTo("[get_weather(city='Paris')]");
    }

    @Test
    void afterTheStartTokenBracketsAndTheEndTokenMayBeMissing() {
        List<Call> calls = calls(split("<|python_start|>get_weather(city='Paris'), get_time()"));
        assertThat(calls).extracting(c -> c.use().tool()).containsExactly("get_weather", "get_time");
        assertThat(onlyCall(split("<|python_start|>get_time()<|python_end|>")).raw()).isEqualTo("get_time()");
    }

    @Test
    void afterTheStartTokenAnUnknownToolIsReported() {
        assertThat(onlyUnparsed(split("<|python_start|>[get_stock(symbol='X')]<|python_end|>")).problem())
                .contains("unknown tool 'get_stock'");
    }

    @Test
    void withoutTheTokenTheFirstCallMustNameALoadedTool() {
        assertThat(kinds(split("[get_stock(symbol='X')]\n"))).containsExactly("prose");
        assertThat(kinds(split("[link](https://example.com) and [1, 2]\n"))).containsExactly("prose");
    }

    @Test
    void laterCallOfAnUnknownToolIsReportedAndTheOthersRun() {
        List<Segment> s = split("[get_time(), get_stock(symbol='X')]");
        assertThat(kinds(s)).containsExactly("call", "unparsed");
        assertThat(onlyUnparsed(s).problem()).contains("unknown tool 'get_stock'");
    }

    @Test
    void valuesThatAreNotLiteralsAreReportedWithTheReason() {
        assertThat(onlyUnparsed(split("[search(query=some_variable)]")).problem()).contains("not Python literals", "name");
        assertThat(onlyUnparsed(split("[search(query=b'z')]")).problem()).contains("bytes");
        assertThat(onlyUnparsed(split("[toggle(tags={1, 2})]")).problem()).contains("set");
        assertThat(onlyUnparsed(split("[add(a=1e999, b=1)]")).problem()).contains("too large");
    }

    @Test
    void badCallBesideAGoodOneDoesNotDropTheGoodOne() {
        List<Segment> s = split("[search(query=b'z'), get_weather(city='SF')]");
        assertThat(kinds(s)).containsExactly("unparsed", "call");
    }

    @Test
    void callStillOpenAtTheEndIsIncompleteAndNotRun() {
        List<Segment> s = split("[get_weather(city='San");
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete").contains("get_weather");
    }

    @Test
    void callsStreamedInLargeStepsComeOutTheSame() {
        List<String> deltas = Arrays.asList("[get_weather(city='San", " Francisco', unit='celsius'), get_time(), toggle(tags=[])]");
        List<Segment> streamed = Splitting.stream(deltas, ToolFormat.PYTHONIC, TOOLS);
        assertThat(calls(streamed)).hasSize(3);
        assertThat(calls(streamed).get(0).use().kwargs()).containsEntry("city", "San Francisco");
    }

    @Test
    void endOfTurnTokenLeftInTheTextIsMarkupNotProse() {
        assertThat(kinds(split("<|python_start|>[get_time()]<|python_end|><|eot|>"))).containsExactly("call");
    }

    @Test
    void textAfterTheListIsProse() {
        List<Segment> s = split("Checking.\n[get_time()] and then we'll see.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
    }

    @Test
    void startTokenAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Let me check.<|python_start|>[get_time()]<|python_end|> Done.";
        ReaderProbe.Read read = ReaderProbe.readAt(ToolFormat.PYTHONIC.dialect().reader(TOOLS), msg, msg.indexOf('<'));
        assertThat(read.segments()).singleElement().isInstanceOf(Call.class);
        assertThat(read.end()).isEqualTo(msg.indexOf(" Done."));
    }

    @Test
    void writtenCallsReadBackWithTheSameTypedArguments() {
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("path", "it's \"quoted\"\\n.txt");
        args.put("content", "tab\there\nnew line \u0001 🎉");
        ToolUse use = ToolUse.named("save", args, null);
        String text = ToolFormat.PYTHONIC.dialect().write(use, BuiltinTools.SAVE);
        assertThat(text).startsWith("[save(path='it\\'s \"quoted\"\\\\n.txt', content=");
        assertThat(onlyCall(split(text)).use().kwargs()).isEqualTo(args);
        ToolUse typed = ToolUse.named("toggle", Map.of("enabled", true, "tags", List.of("a", 1L), "meta", Map.of("k", 2.5)), null);
        assertThat(onlyCall(split(ToolFormat.PYTHONIC.dialect().write(typed, NativeTools.TOGGLE))).use().kwargs()).isEqualTo(typed.kwargs());
    }

    /** Ollama's LFM2 parser: Liquid's models put the same Python list between their own tokens. */
    @Test
    void lfm2TokensHoldPythonCallsAsLlama4sDo() {
        List<Segment> s = split("I'll check.<|tool_call_start|>[get_weather(city=\"Paris\"),get_weather(city='Rome')]"
                + "<|tool_call_end|><|tool_call_start|>[get_time()]<|tool_call_end|>");
        assertThat(kinds(s)).containsExactly("prose", "call", "call", "call");
        assertThat(calls(s)).extracting(c -> c.use().kwargs())
                .containsExactly(Map.of("city", "Paris"), Map.of("city", "Rome"), Map.of());
        assertThat(onlyUnparsed(split("<|tool_call_start|>[get_weather(city=\"Pa")).problem()).startsWith("incomplete");
    }

    /** Ollama's Olmo 3 parser: Python calls, one per line, inside <function_calls>. */
    @Test
    void olmo3PythonCallsInFunctionCallsAreCalls() {
        List<Segment> s = split("<function_calls>get_weather(city=\"Paris\")\nget_weather(city=\"Rome\")</function_calls>");
        assertThat(calls(s)).extracting(c -> c.use().kwargs()).containsExactly(Map.of("city", "Paris"), Map.of("city", "Rome"));
        assertThat(calls(s)).allSatisfy(c -> assertThat(c.dialect()).isSameAs(ToolFormat.PYTHONIC.dialect()));
        assertThat(kinds(split("Let me check.<function_calls>get_weather(city=\"NYC\")</function_calls>")))
                .containsExactly("prose", "call");
    }

    @Test
    void functionCallsWrapperHoldingAnInvokeStaysXml() {
        Segment.Call call = onlyCall(split("<function_calls>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Paris"
                + "</parameter>\n</invoke>\n</function_calls>"));
        assertThat(call.dialect().name()).isEqualTo("xml");
    }

    /** SGLang multi-format python dialect: a Python call in hermes' tag, JSON's literals allowed. */
    @Test
    void pythonCallInAToolCallTagIsACall() {
        Call call = onlyCall(split("<tool_call>get_weather(city=\"NYC\", unit=\"celsius\")</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "NYC", "unit", "celsius"));
    }

    @Test
    void pythonCallOfAnUndeclaredToolInAToolCallTagStaysProse() {
        assertThat(split("<tool_call>launch(rocket=\"moon\")</tool_call>")).allMatch(Segment.Prose.class::isInstance);
    }
}
