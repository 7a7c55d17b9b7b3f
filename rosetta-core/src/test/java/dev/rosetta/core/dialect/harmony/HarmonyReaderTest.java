package dev.rosetta.core.dialect.harmony;

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
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.split.StreamEvent.ThinkingDelta;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;

/**
 * Harmony (gpt-oss), batch and in every chunking; output restated from the harmony format guide
 * and the Ollama, vLLM and llama.cpp gpt-oss tests.
 */
class HarmonyReaderTest {

    private static final ToolCatalog TOOLS = NativeTools.catalog();
    private static final String ANALYSIS = "<|channel|>analysis<|message|>Need to use function get_weather.<|end|>";
    private static final String CALL = "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
            + "<|message|>{\"city\":\"San Francisco\"}<|call|>";

    private static List<Segment> split(String message) {
        List<Segment> segments = Splitting.split(message, ToolFormat.HARMONY, TOOLS);
        NativeTools.assertNoTokenInProse(segments);
        return segments;
    }

    @Test
    void analysisIsThinkingAndFinalIsProse() {
        List<Segment> s = split("<|channel|>analysis<|message|>User asks: \"What is 2 + 2?\" Simple arithmetic.<|end|>"
                + "<|start|>assistant<|channel|>final<|message|>2 + 2 = 4.<|return|>");
        assertThat(kinds(s)).containsExactly("thinking", "prose");
        assertThat(((Thinking) s.get(0)).text()).isEqualTo("User asks: \"What is 2 + 2?\" Simple arithmetic.");
        assertThat(((Prose) s.get(1)).text()).isEqualTo("2 + 2 = 4.");
    }

    @Test
    void messageAddressedToAFunctionIsACall() {
        List<Segment> s = split(ANALYSIS + CALL);
        assertThat(kinds(s)).containsExactly("thinking", "call");
        Call call = onlyCall(s);
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "San Francisco"));
        assertThat(call.raw()).isEqualTo(CALL);
        assertThat(call.dialect()).isSameAs(HarmonyDialect.INSTANCE);
    }

    @Test
    void recipientInTheRoleHeaderIsACallToo() {
        Call call = onlyCall(split("<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json"
                + "<|message|>{\"city\": \"Oslo\"}<|call|>"));
        assertThat(call.use().kwargs()).containsEntry("city", "Oslo");
    }

    @Test
    void unknownWordsInTheHeaderAreIgnored() {
        Call call = onlyCall(split("<|start|>assistant to=functions.get_weather abc<|channel|>analysis<|message|>{\"city\": \"F\"}<|call|>"));
        assertThat(call.use().kwargs()).containsEntry("city", "F");
    }

    @Test
    void constrainMayLackItsSpaceOrBeABareWordOrMissing() {
        for (String header : List.of("commentary to=functions.get_weather<|constrain|>json",
                "commentary to=functions.get_weather json", "commentary to=functions.get_weather")) {
            Call call = onlyCall(split("<|channel|>" + header + "<|message|>{\"city\": \"A\"}<|call|>"));
            assertThat(call.use().kwargs()).as(header).containsEntry("city", "A");
        }
    }

    @Test
    void callOnTheAnalysisChannelRuns() {
        Call call = onlyCall(split("<|channel|>analysis to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"B\"}<|call|>"));
        assertThat(call.use().kwargs()).containsEntry("city", "B");
    }

    @Test
    void callWithoutTheCallStopTokenRunsWhenItsJsonIsComplete() {
        Call call = onlyCall(split(ANALYSIS + "<|start|>assistant<|channel|>commentary to=functions.get_weather "
                + "<|constrain|>json<|message|>{\"city\": \"C\"}"));
        assertThat(call.use().kwargs()).containsEntry("city", "C");
    }

    @Test
    void callCutOffInsideItsJsonIsIncompleteAndNotRun() {
        List<Segment> s = split("<|channel|>commentary to=functions.save <|constrain|>json<|message|>{\"path\": \"a.py\", \"content\": \"pri");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete").contains("save");
    }

    @Test
    void callEndedByEndInsteadOfCallRuns() {
        assertThat(onlyCall(split("<|channel|>commentary to=functions.get_weather<|message|>{\"city\": \"D\"}<|end|>")).use()
                .kwargs()).containsEntry("city", "D");
    }

    @Test
    void preambleOnCommentaryIsProseAndTheCallAfterItRuns() {
        List<Segment> s = split(ANALYSIS + "<|start|>assistant<|channel|>commentary<|message|>**Action plan**:\n1. Check the"
                + " weather\n---\nWill start now<|end|>" + CALL);
        assertThat(kinds(s)).containsExactly("thinking", "prose", "call");
        assertThat(((Prose) s.get(1)).text()).isEqualTo("**Action plan**:\n1. Check the weather\n---\nWill start now");
    }

    @Test
    void unknownRecipientIsReportedNamingTheTools() {
        Segment.Unparsed u = onlyUnparsed(split("<|channel|>commentary to=functions.get_stock <|constrain|>json<|message|>{}<|call|>"));
        assertThat(u.problem()).contains("unknown tool 'get_stock'").contains("get_weather");
    }

    @Test
    void brokenJsonIsRepairedAndHopelessJsonReported() {
        assertThat(onlyCall(split("<|channel|>commentary to=functions.get_weather<|message|>{'city': 'E',}<|call|>")).use()
                .kwargs()).containsEntry("city", "E");
        assertThat(onlyUnparsed(split("<|channel|>commentary to=functions.get_weather<|message|>Computing...<|end|>")).problem())
                .contains("not valid JSON");
    }

    @Test
    void builtInPythonRecipientRunsItsCodeOnTheIpythonTool() {
        Call call = onlyCall(split("<|channel|>analysis to=python code<|message|>print(2 ** 100)<|call|>"));
        assertThat(BuiltinTools.IPYTHON.bind(call.use()).values()).isEqualTo(Map.of("code", "print(2 ** 100)"));
    }

    @Test
    void messageWithoutAChannelIsProse() {
        assertThat(kinds(split("<|start|>assistant<|message|>Hi!<|end|>"))).containsExactly("prose");
    }

    @Test
    void toolReplyTheModelWroteItselfIsNotACall() {
        List<Segment> s = split(CALL + "<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"
                + "{\"sunny\": true}<|end|>");
        assertThat(kinds(s)).containsExactly("call", "prose");
    }

    @Test
    void unknownTokensInsideContentAreText() {
        List<Segment> s = Splitting.split("<|start|>assistant<|channel|>final<|message|>test<|example|>more<|end|>",
                ToolFormat.HARMONY, TOOLS);
        assertThat(s).singleElement().isInstanceOfSatisfying(Prose.class, p -> assertThat(p.text()).isEqualTo("test<|example|>more"));
    }

    @Test
    void headerWithoutMessageTokenIsReported() {
        List<Segment> s = split("<|start|>assistant<|channel|>final\nThe answer is 4.");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(onlyUnparsed(s).problem()).contains("<|message|>");
    }

    @Test
    void headerHoldingAForeignTagIsReportedNotHidden() {
        List<Segment> s = Splitting.split("<|start|>assistant</think><|message|>Hi", ToolFormat.HARMONY, TOOLS);
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(onlyUnparsed(s).raw()).isEqualTo("<|start|>assistant");
    }

    @Test
    void proseBeforeTheFirstMessageStaysProse() {
        assertThat(kinds(split("Here:\n<|channel|>final<|message|>Answer."))).containsExactly("prose", "prose");
    }

    @Test
    void strayEndTokenIsMarkupNotProse() {
        assertThat(kinds(split("Plain answer.\n<|return|>"))).containsExactly("prose");
    }

    @Test
    void thinkingIsShownAsItArrivesAndTheEndTokenIsHeldBack() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HARMONY, TOOLS);
        assertThat(splitter.feed("<|channel|>analysis<|message|>Think")).containsExactly(new ThinkingDelta("Think"));
        assertThat(splitter.feed("ing…<|e")).containsExactly(new ThinkingDelta("ing…"));
        assertThat(splitter.feed("nd|>")).singleElement().isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isEqualTo(new Thinking("Thinking…", 0, 46, 30)));
    }

    @Test
    void finalAnswerIsShownAsItArrivesWithoutTokenText() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HARMONY, TOOLS);
        assertThat(splitter.feed("<|start|>assistant<|channel|>final<|message|>2 + 2")).containsExactly(new ProseDelta("2 + 2"));
        assertThat(splitter.feed(" = 4.<|ret")).containsExactly(new ProseDelta(" = 4."));
        assertThat(splitter.feed("urn|>")).isEmpty();
        assertThat(splitter.finish()).containsExactly(new Completed(new Prose("2 + 2 = 4.", 45, 55)));
    }

    @Test
    void callStartsAtItsHeaderAndCompletesAtItsCallToken() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HARMONY, TOOLS);
        assertThat(splitter.feed("<|channel|>commentary to=functions.search <|constrain|>json<|message|>{\"query\"")).containsExactly(
                new CallStarted("search", HarmonyDialect.INSTANCE, 0));
        assertThat(splitter.feed(": \"x\"}")).isEmpty();
        assertThat(splitter.feed("<|call|>")).singleElement().isInstanceOfSatisfying(Completed.class,
                c -> assertThat(c.segment()).isInstanceOf(Call.class));
    }

    @Test
    void callTokenInsideAJsonStringIsText() {
        Call call = onlyCall(split("<|channel|>commentary to=functions.save<|message|>{\"path\": \"h.md\", \"content\": \"stop with "
                + "<|call|> or <|end|>\"}<|call|>"));
        assertThat(call.use().kwargs()).containsEntry("content", "stop with <|call|> or <|end|>");
    }

    @Test
    void oneDeltaThatEndsOneCallAndStartsTheNextGivesBothCalls() {
        String second = "<|start|>assistant<|channel|>commentary to=functions.search <|constrain|>json<|message|>{\"query\": \"q\"}<|call|>";
        String msg = CALL + second;
        int cut = CALL.length() - 10;
        List<String> chunks = List.of(msg.substring(0, cut), msg.substring(cut, CALL.length() + 40), msg.substring(CALL.length() + 40));
        List<Segment> streamed = Splitting.stream(chunks, ToolFormat.HARMONY, TOOLS);
        assertThat(streamed).isEqualTo(StreamSplitter.split(msg, ToolFormat.HARMONY, TOOLS));
        assertThat(calls(streamed)).extracting(c -> c.use().tool()).containsExactly("get_weather", "search");
    }

    @Test
    void emojiInThinkingAndAnswerSurviveCutsInsideSurrogatePairs() {
        List<Segment> s = split("<|channel|>analysis<|message|>🤔 hmm<|end|><|start|>assistant<|channel|>final<|message|>Done 🎉<|return|>");
        assertThat(((Thinking) s.get(0)).text()).isEqualTo("🤔 hmm");
        assertThat(((Prose) s.get(1)).text()).isEqualTo("Done 🎉");
    }

    @Test
    void messageRightAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Let me think." + ANALYSIS + " rest";
        ReaderProbe.Read read = ReaderProbe.readAt(HarmonyDialect.INSTANCE.reader(TOOLS), msg, msg.indexOf('<'));
        assertThat(read.segments()).singleElement().isInstanceOf(Thinking.class);
        assertThat(read.end()).isEqualTo(msg.length() - 5);
    }

    @Test
    void writtenCallReadsBackAndToolsAreDeclaredAsTypeScript() {
        ToolUse use = ToolUse.named("get_weather", Map.of("city", "Lima"), null);
        String text = HarmonyDialect.INSTANCE.write(use, NativeTools.GET_WEATHER);
        assertThat(text).isEqualTo("<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
                + "<|message|>{\"city\":\"Lima\"}<|call|>");
        assertThat(onlyCall(split(text)).use().kwargs()).isEqualTo(use.kwargs());
        assertThat(HarmonyDialect.INSTANCE.describeTools(List.of(NativeTools.GET_WEATHER))).contains(
                "namespace functions {", "// Test tool get_weather.\ntype get_weather = (_: {\n// the city\ncity: string,\nstate?: string,",
                "} // namespace functions");
    }

    /** llama.cpp: the prompt ends with <|start|>assistant, so the reply may begin with the recipient. */
    @Test
    void replyStartingInsideTheRoleHeaderIsACall() {
        Call call = onlyCall(split(" to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{\"city\": \"Paris\"}"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
        assertThat(call.raw()).startsWith(" to=functions.get_weather");
        assertThat(onlyCall(split("to=functions.get_weather<|channel|>analysis<|message|>{\"city\": \"Paris\"}<|call|>"))
                .use().tool()).isEqualTo("get_weather");
    }

    @Test
    void lineStartingWithToEqualsAndNoHeaderTokenIsProse() {
        assertThat(kinds(split("to=functions.get_weather is how gpt-oss names a recipient"))).containsExactly("prose");
        assertThat(kinds(split(" to=x <b>bold</b>"))).containsExactly("prose");
    }
}
