package dev.rosetta.core.dialect.qwen3coder;

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

import dev.rosetta.core.dialect.OpenModelTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamSplitter;

/**
 * The qwen3-coder dialect, with MiniMax-M2's spelling of the same grammar. Every case is split
 * whole and in many streamed chunkings (see {@link Splitting}), which must agree.
 */
class Qwen3CoderReaderTest {

    static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.QWEN3_CODER, OpenModelTools.catalog());
    }

    static String prose(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.stream().filter(Prose.class::isInstance).forEach(p -> out.append(((Prose) p).text()));
        return out.toString();
    }

    private static final String TEMPERATURE = """
            <tool_call>
            <function=get_current_temperature>
            <parameter=location>
            San Francisco
            </parameter>
            <parameter=unit>
            celsius
            </parameter>
            </function>
            </tool_call>""";

    /** Ollama and SGLang: the plain case, with one line break framing each value. */
    @Test
    void callIsACallWithItsParameters() {
        Call call = onlyCall(split(TEMPERATURE));
        assertThat(call.use().tool()).isEqualTo("get_current_temperature");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("location", "San Francisco", "unit", "celsius"));
        assertThat(call.dialect()).isSameAs(ToolFormat.QWEN3_CODER.dialect());
        assertThat(call.raw()).isEqualTo(TEMPERATURE);
        assertThat(call.use().callId()).startsWith("call_");
    }

    /** Ollama: values are typed by the tool's schema. */
    @Test
    void valuesAreTypedByTheToolsDeclaration() {
        Call call = onlyCall(split("<tool_call>\n<function=calculate>\n<parameter=x>\n3.14\n</parameter>\n"
                + "<parameter=y>\n42\n</parameter>\n<parameter=enabled>\ntrue\n</parameter>\n"
                + "<parameter=items>\n[\"a\", \"b\", \"c\"]\n</parameter>\n<parameter=options>\n{\"deep\": {\"n\": 1}}\n"
                + "</parameter>\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).containsEntry("x", 3.14).containsEntry("y", 42L).containsEntry("enabled", true)
                .containsEntry("items", List.of("a", "b", "c")).containsEntry("options", Map.of("deep", Map.of("n", 1)));
    }

    @Test
    void valueNotOfTheDeclaredTypeStaysText() {
        Call call = onlyCall(split("<function=calculate>\n<parameter=y>\nforty-two\n</parameter>\n"
                + "<parameter=x>\nnull\n</parameter>\n</function>"));
        assertThat(call.use().kwargs()).containsEntry("y", "forty-two");
        assertThat(call.use().kwargs().get("x")).isNull();
    }

    /** ollama#12357: an ampersand broke the strict XML parse; angle brackets too. */
    @Test
    void ampersandsAndAngleBracketsInValuesAreText() {
        Call call = onlyCall(split("<tool_call>\n<function=shell>\n<parameter=command>\n"
                + "ls && echo \"a > b and a < b\"\n</parameter>\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls && echo \"a > b and a < b\""));
    }

    @Test
    void onlyOneLineBreakIsStrippedAtEachEndOfAValue() {
        Call call = onlyCall(split("<function=save>\n<parameter=path>a.txt</parameter>\n<parameter=content>\n\n"
                + "  two blank lines around  \n\n</parameter>\n</function>"));
        assertThat(call.use().kwargs()).containsEntry("path", "a.txt").containsEntry("content", "\n  two blank lines around  \n");
    }

    @Test
    void emptyValueIsTheEmptyString() {
        assertThat(onlyCall(split("<function=search>\n<parameter=q>\n</parameter>\n</function>")).use().kwargs())
                .isEqualTo(Map.of("q", ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"</toolbox>", "<parameters>", "</tool>", "<parameter", "<function", "</functions>",
        "<tool_call >", "</parameter >"})
    void lookAlikeTagsInsideAValueAreText(String lookAlike) {
        String code = "x = 1 " + lookAlike + " y";
        Call call = onlyCall(split("<tool_call>\n<function=ipython>\n<parameter=code>\n" + code
                + "\n</parameter>\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("code", code));
    }

    /** ollama#17276: long file writes where the model leaves out </parameter>. */
    @Test
    void missingParameterCloserBeforeTheNextParameterEndsTheValue() {
        Call call = onlyCall(split("<tool_call>\n<function=save>\n<parameter=path>\nnotes.md\n"
                + "<parameter=content>\n# Notes\n\nbody\n</parameter>\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("path", "notes.md", "content", "# Notes\n\nbody"));
    }

    /** SGLang: a closer the model misspelled, before the next parameter, does not leak into the value. */
    @ParameterizedTest
    @ValueSource(strings = {"</parameter1>", "</parameter_function>", "</parameter"})
    void misspelledParameterCloserBeforeTheNextTagIsDropped(String marker) {
        Call call = onlyCall(split("<tool_call>\n<function=get_weather>\n<parameter=city>\nShanghai\n" + marker
                + "\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Shanghai", "days", 3L));
    }

    @Test
    void misspelledCloserLookAlikeInsideAClosedValueIsText() {
        Call call = onlyCall(split("<function=search>\n<parameter=q>\nends with </parameter1>\n</parameter>\n</function>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "ends with </parameter1>"));
    }

    @Test
    void missingParameterCloserBeforeTheFunctionCloserEndsTheValue() {
        Call call = onlyCall(split("<tool_call>\n<function=shell>\n<parameter=command>\nls -la\n</function>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls -la"));
    }

    @Test
    void missingFunctionCloserBeforeTheWrapperCloserEndsTheCall() {
        Call call = onlyCall(split("<tool_call>\n<function=shell>\n<parameter=command>\nls\n</parameter>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls"));
    }

    /** vLLM's qwen3 engine: <function= without the <tool_call> wrapper. */
    @Test
    void functionWithoutWrapperIsACall() {
        List<Segment> s = split("I'll run it.\n<function=shell>\n<parameter=command>\npwd\n</parameter>\n</function>\nDone.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("command", "pwd"));
        assertThat(prose(s)).isEqualTo("I'll run it.\n\nDone.");
    }

    @Test
    void strayWrapperCloserAfterABareFunctionBelongsToTheCall() {
        List<Segment> s = split("<function=shell>\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>\nok");
        assertThat(onlyCall(s).raw()).endsWith("</function>\n</tool_call>");
        assertThat(prose(s)).isEqualTo("\nok");
    }

    @Test
    void functionClosedWithoutItsWrapperCloserRuns() {
        Call call = onlyCall(split("<tool_call>\n<function=search>\n<parameter=q>\ncats\n</parameter>\n</function>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "cats"));
    }

    @Test
    void proseBeforeTheWrapperOnTheSameLineIsProse() {
        List<Segment> s = split("Let me check.<tool_call>\n<function=search>\n<parameter=q>\ncats\n</parameter>\n"
                + "</function>\n</tool_call>");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(prose(s)).isEqualTo("Let me check.");
    }

    @Test
    void consecutiveWrappersAreSeveralCalls() {
        String one = "<tool_call>\n<function=search>\n<parameter=q>\na\n</parameter>\n</function>\n</tool_call>";
        List<Segment> s = split(one + "\n" + one.replace("\na\n", "\nb\n"));
        assertThat(calls(s)).extracting(c -> c.use().kwargs().get("q")).containsExactly("a", "b");
        assertThat(prose(s)).isEqualTo("\n");
    }

    @Test
    void severalFunctionsInOneWrapperAreSeveralCalls() {
        String msg = "<tool_call>\n<function=search>\n<parameter=q>\na\n</parameter>\n</function>\n"
                + "<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>\n</tool_call>";
        List<Call> c = calls(split(msg));
        assertThat(c).extracting(x -> x.use().tool()).containsExactly("search", "get_weather");
        assertThat(c.get(0).raw() + c.get(1).raw()).isEqualTo(msg);
    }

    @Test
    void missingWrapperCloserBeforeTheNextWrapperEndsTheCall() {
        List<Call> c = calls(split("<tool_call>\n<function=search>\n<parameter=q>\na\n</parameter>\n</function>\n"
                + "<tool_call>\n<function=search>\n<parameter=q>\nb\n</parameter>\n</function>\n</tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    @Test
    void nameInQuotesIsTheName() {
        assertThat(onlyCall(split("<function=\"search\">\n<parameter=\"q\">\nx\n</parameter>\n</function>")).use().kwargs())
                .isEqualTo(Map.of("q", "x"));
    }

    @Test
    void plainBodyWithoutParametersIsTheToolsBody() {
        Call call = onlyCall(split("<tool_call>\n<function=shell>\nls -la\n</function>\n</tool_call>"));
        assertThat(call.use().content()).isEqualTo("ls -la");
    }

    /** llama.cpp reads Functionary's <function=NAME>{json}</function>: the JSON body binds to a tool without a body. */
    @Test
    void functionWithAJsonBodyBindsItsArguments() {
        Call call = onlyCall(split("<function=get_weather>{\"city\": \"Paris\", \"days\": 2}</function>"));
        assertThat(OpenModelTools.WEATHER.bind(call.use()).values()).containsEntry("city", "Paris").containsEntry("days", 2L);
    }

    @Test
    void bareFunctionAtTheEndOfTheReplyIsIncomplete() {
        assertThat(onlyUnparsed(split("Calling it.\n<function=shell>\n")).problem()).startsWith("incomplete");
    }

    @Test
    void textBesideParametersIsUnparsed() {
        assertThat(onlyUnparsed(split("<tool_call>\n<function=shell>\nrun this:\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>"))
                .problem()).contains("unexpected text").contains("run this:");
    }

    /** Ollama: unicode names and values; an undeclared name is reported with the tools that exist. */
    @Test
    void unknownToolIsUnparsedNamingTheToolsThatExist() {
        Unparsed u = onlyUnparsed(split("<tool_call>\n<function=获取天气>\n<parameter=城市>\n北京\n</parameter>\n"
                + "</function>\n</tool_call>"));
        assertThat(u.problem()).contains("'获取天气'").contains("get_weather").contains("shell");
        assertThat(u.dialect()).isSameAs(ToolFormat.QWEN3_CODER.dialect());
    }

    @Test
    void unicodeValuesSurvive() {
        assertThat(onlyCall(split("<function=search>\n<parameter=q>\nHello! 你好! 🌟 مرحبا\n</parameter>\n</function>"))
                .use().kwargs()).isEqualTo(Map.of("q", "Hello! 你好! 🌟 مرحبا"));
    }

    /** ollama#14834: a reply cut off inside a value is reported, never run. */
    @Test
    void callCutOffInsideAValueIsIncomplete() {
        Unparsed u = onlyUnparsed(split("<tool_call>\n<function=save>\n<parameter=path>\na.txt\n</parameter>\n"
                + "<parameter=content>\nhalf a fi"));
        assertThat(u.problem()).startsWith("incomplete").contains("</function>");
    }

    @Test
    void functionNeverClosedIsIncomplete() {
        assertThat(onlyUnparsed(split("<function=shell>\n<parameter=command>\nls\n</parameter>\n")).problem())
                .startsWith("incomplete");
    }

    @Test
    void wrapperAloneAtTheEndIsIncomplete() {
        List<Segment> s = split("Calling now.\n<tool_call>\n");
        assertThat(kinds(s)).containsExactly("prose", "unparsed");
        assertThat(((Unparsed) s.get(1)).problem()).startsWith("incomplete");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "Qwen3-Coder wraps calls in <tool_call> tags.",
        "The form <function=NAME is broken",
        "a <function=\nb> c",
        "<minimax:tool_call> is MiniMax's tag",
        "Write <function=shell> and then its parameters.\nMore prose after it.",
    })
    void tagsNotShapedLikeACallAreProse(String msg) {
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void tagFollowedByJsonIsHermessToRead() {
        assertThat(onlyCall(split("<tool_call>{\"name\": \"shell\", \"arguments\": {}}</tool_call>")).dialect().name())
                .isEqualTo("hermes");
    }

    @Test
    void callInInlineCodeIsProse() {
        assertThat(split("Use `<function=shell><parameter=command>ls</parameter></function>` for that."))
                .allMatch(Prose.class::isInstance);
    }

    @Test
    void callInsideThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\n<tool_call>\n<function=shell>\n<parameter=command>\nls\n</parameter>\n"
                + "</function>\n</tool_call>\n</think>\nOk.");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("inside <think>");
    }

    @Test
    void callIsAnnouncedWhenItsFunctionIsNamed() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.QWEN3_CODER, OpenModelTools.catalog());
        assertThat(splitter.feed("<tool_call>\n<function=sear")).isEmpty();
        List<StreamEvent> events = splitter.feed("ch>\n<parameter=q>\n");
        assertThat(events).containsExactly(new CallStarted("search", ToolFormat.QWEN3_CODER.dialect(), 0));
    }

    /** vLLM's MiniMax-M2 tests: prose, then the call, the wrapper right after the prose. */
    @Test
    void minimaxInvokeAfterProseIsACall() {
        List<Segment> s = split("Let me check. <minimax:tool_call><invoke name=\"get_weather\">"
                + "<parameter name=\"city\">Seattle</parameter><parameter name=\"days\">5</parameter>"
                + "</invoke></minimax:tool_call>");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(prose(s)).isEqualTo("Let me check. ");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("city", "Seattle", "days", 5L));
    }

    @Test
    void minimaxInvokesInOneWrapperAreSeveralCalls() {
        List<Call> c = calls(split("<minimax:tool_call>\n<invoke name=\"search\"><parameter name=\"q\">OpenAI</parameter>"
                + "</invoke>\n<invoke name='search'><parameter name='q'>Gemini</parameter></invoke>\n</minimax:tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("OpenAI", "Gemini");
    }

    @Test
    void noTagTextLeaksIntoProse() {
        String msg = "A.<tool_call>\n<function=search>\n<parameter=q>\na\n</function>\n</tool_call>B.\n"
                + "<function=nope>\n</function>\nC.<minimax:tool_call><invoke name=\"search\"><parameter name=\"q\">b"
                + "</parameter></invoke></minimax:tool_call>";
        List<Segment> s = split(msg);
        assertThat(prose(s)).isEqualTo("A.B.\n\nC.");
        assertThat(calls(s)).hasSize(2);
    }

    /** @ai-sdk-tool/parser reads a self-closing function as a call with no arguments. */
    @Test
    void selfClosingFunctionIsACallWithNoArguments() {
        Call call = onlyCall(split("<tool_call><function=get_weather/></tool_call>"));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEmpty();
        assertThat(call.raw()).isEqualTo("<tool_call><function=get_weather/></tool_call>");
        assertThat(kinds(split("<invoke name=\"get_weather\"/>")))
                .as("MiniMax's invoke is read inside its wrapper only").containsExactly("prose");
    }

    /** llama.cpp (Hermes 2 Pro, Functionary 3.1): a JSON object as the body is the arguments. */
    @Test
    void jsonBodyIsTheArgumentsOfAToolThatTakesNoBody() {
        List<Call> c = calls(split("<function=calculate>{\"x\": 1.5, \"y\": 2}</function>\n"
                + "<function=get_weather>{\"city\": \"Paris\"}</function>"));
        assertThat(c).extracting(x -> x.use().kwargs())
                .containsExactly(Map.of("x", 1.5, "y", 2), Map.of("city", "Paris"));
        assertThat(c).allSatisfy(x -> assertThat(x.use().content()).isNull());
    }

    @Test
    void jsonBodyOfAToolWithABodyIsItsArgumentsOnlyWhenItsKeysAreParameters() {
        assertThat(onlyCall(split("<function=shell>{\"command\": \"ls\"}</function>")).use().kwargs())
                .isEqualTo(Map.of("command", "ls"));
        Call body = onlyCall(split("<function=shell>{\"ls\": 1}</function>"));
        assertThat(body.use().content()).isEqualTo("{\"ls\": 1}");
        assertThat(body.use().kwargs()).isEmpty();
    }

    /** llama.cpp's Hermes 2 Pro parser reads <function name="NAME">; so does Rosetta, wrapped or bare. */
    @Test
    void functionWithANameAttributeIsACall() {
        assertThat(onlyCall(split("<function name=\"get_weather\">\n{\"city\": \"Paris\"}\n</function>")).use().kwargs())
                .isEqualTo(Map.of("city", "Paris"));
        assertThat(onlyCall(split("<tool_call>\n<function name=\"get_weather\">\n<parameter name=\"city\">\nParis\n"
                + "</parameter>\n</function>\n</tool_call>")).use().kwargs()).isEqualTo(Map.of("city", "Paris"));
        assertThat(kinds(split("Qwen writes <function name=\"x\"> tags."))).containsExactly("prose");
    }
}
