package dev.rosetta.core.dialect.hermes;

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

/**
 * The hermes dialect: {@code <tool_call>{json}</tool_call>} and what models make of it. Every
 * case is split whole and in many streamed chunkings (see {@link Splitting}), which must agree.
 */
class HermesReaderTest {

    static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.HERMES, OpenModelTools.catalog());
    }

    static String prose(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.stream().filter(Prose.class::isInstance).forEach(p -> out.append(((Prose) p).text()));
        return out.toString();
    }

    @Test
    void callInTheTagsIsACallWithItsArguments() {
        String msg = "<tool_call>\n{\"name\": \"shell\", \"arguments\": {\"command\": \"ls -la\"}}\n</tool_call>";
        Call call = onlyCall(split(msg));
        assertThat(call.use().tool()).isEqualTo("shell");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls -la"));
        assertThat(call.dialect()).isSameAs(ToolFormat.HERMES.dialect());
        assertThat(call.raw()).isEqualTo(msg);
        assertThat(call.use().callId()).startsWith("call_");
    }

    @Test
    void callIdIsTheSameEveryTimeTheMessageIsRead() {
        String msg = "<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"cats\"}}</tool_call>";
        assertThat(onlyCall(split(msg)).use().callId()).isEqualTo(onlyCall(split(msg)).use().callId());
    }

    /** vLLM: content then a tool call in the same line must stream the content, then the call. */
    @Test
    void proseBeforeTheTagOnTheSameLineIsProse() {
        List<Segment> s = split("Sure, let me check the weather.<tool_call>{\"name\": \"get_weather\", "
                + "\"arguments\": {\"city\": \"NYC\"}}</tool_call>");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(((Prose) s.get(0)).text()).isEqualTo("Sure, let me check the weather.");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("city", "NYC"));
    }

    @Test
    void proseAfterTheCloserIsProse() {
        List<Segment> s = split("<tool_call>\n{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>\n"
                + "I listed the files.");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(prose(s)).isEqualTo("\nI listed the files.");
    }

    /** vLLM: two sequential calls glued together, each streamed correctly. */
    @Test
    void twoGluedBlocksAreTwoCallsWithDifferentIds() {
        List<Call> c = calls(split("<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"cats\"}}</tool_call>"
                + "<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"dogs\"}}</tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("cats", "dogs");
        assertThat(c.get(0).use().callId()).isNotEqualTo(c.get(1).use().callId());
    }

    @Test
    void blocksOnTheirOwnLinesAreCallsWithWhitespaceBetween() {
        String msg = "Checking both.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n"
                + "</tool_call>\n<tool_call>\n{\"name\": \"get_current_temperature\", \"arguments\": {\"location\": \"UTC\"}}\n"
                + "</tool_call>";
        List<Segment> s = split(msg);
        assertThat(calls(s)).extracting(x -> x.use().tool()).containsExactly("get_weather", "get_current_temperature");
        assertThat(prose(s)).isEqualTo("Checking both.\n\n");
    }

    @Test
    void severalObjectsInOneBlockAreSeveralCalls() {
        String msg = "<tool_call>\n{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}\n"
                + "{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}\n</tool_call>";
        List<Call> c = calls(split(msg));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
        assertThat(c.get(0).raw() + c.get(1).raw()).isEqualTo(msg);
    }

    /** SGLang's base detector reads ", "-separated objects in one block. */
    @Test
    void commaSeparatedObjectsInOneBlockAreSeveralCalls() {
        List<Call> c = calls(split("<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}, "
                + "{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}</tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    /** ai-sdk attributes an array of calls in one block to ByteDance Seed. */
    @Test
    void arrayOfCallsInOneBlockIsSeveralCalls() {
        String msg = "<tool_call>[{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}, "
                + "{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}]</tool_call>\nDone.";
        List<Segment> s = split(msg);
        assertThat(calls(s)).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
        assertThat(prose(s)).isEqualTo("\nDone.");
    }

    /** Nemotron: the first call lacks its closer before the second opener. */
    @Test
    void missingCloserBeforeTheNextOpenerEndsTheCall() {
        List<Call> c = calls(split("<tool_call>\n{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}\n"
                + "<tool_call>\n{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}\n</tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    /** vLLM hermes takes a final call whose closer never came; its JSON is whole, so it runs. */
    @Test
    void balancedJsonAtTheEndRunsWithoutItsCloser() {
        Call call = onlyCall(split("<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}}"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("trigger", true));
    }

    @Test
    void balancedJsonFollowedByProseWithoutCloserRunsAndTheProseStays() {
        List<Segment> s = split("<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}} and then I wait");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(prose(s)).isEqualTo(" and then I wait");
    }

    /** ai-sdk salvages a call closed by </think> instead of </tool_call>. */
    @Test
    void wrongCloserThinkClosesTheCall() {
        String msg = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}</think>\nok";
        List<Segment> s = split(msg);
        assertThat(onlyCall(s).raw()).endsWith("</think>");
        assertThat(prose(s)).isEqualTo("\nok");
    }

    /** ai-sdk: a wrong closer inside a well-formed span, the real one after it; no tag is left as prose. */
    @Test
    void ownCloserAfterTheWrongOneBelongsToTheCall() {
        String msg = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}</think> </tool_call>\nok";
        List<Segment> s = split(msg);
        assertThat(onlyCall(s).raw()).endsWith("</think> </tool_call>");
        assertThat(prose(s)).isEqualTo("\nok");
    }

    /** vllm#45167: a literal </tool_call> inside a JSON string cut the call and dropped it. */
    @Test
    void closerInsideAJsonStringIsText() {
        String body = "Hermes calls look like <tool_call>{...}</tool_call> in text.";
        String msg = "<tool_call>\n{\"name\": \"save\", \"arguments\": {\"path\": \"notes.md\", \"content\": \""
                + body + "\"}}\n</tool_call>";
        Call call = onlyCall(split(msg));
        assertThat(call.use().kwargs()).containsEntry("content", body);
        assertThat(call.raw()).isEqualTo(msg);
    }

    @Test
    void parametersIsReadAsArguments() {
        Call call = onlyCall(split("<tool_call>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Oslo"));
    }

    /** vLLM: Granite 4 writes the arguments as a JSON string holding the object. */
    @Test
    void argumentsGivenAsAJsonStringAreTheObjectItHolds() {
        Call call = onlyCall(split("<tool_call>\n{\"name\": \"get_db_config\", "
                + "\"arguments\": \"{\\\"param\\\": \\\"max_connections\\\"}\"}\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("param", "max_connections"));
    }

    @Test
    void plainTextArgumentsFillTheOnlyTextParameterOfTheTool() {
        Call call = onlyCall(split("<tool_call>\n{\"name\": \"search\", \"arguments\": \"hello\"}\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "hello"));
    }

    @Test
    void plainTextArgumentsFillTheOneRequiredTextParameter() {
        Call call = onlyCall(split("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": \"Paris\"}\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
    }

    @Test
    void plainTextArgumentsOfAToolWithNoSingleRequiredTextAreUnparsed() {
        Unparsed u = onlyUnparsed(split("<tool_call>\n{\"name\": \"add\", \"arguments\": \"one and two\"}\n</tool_call>"));
        assertThat(u.problem()).contains("arguments of add").contains("not a JSON object");
    }

    @Test
    void callWithoutArgumentsHasNone() {
        assertThat(onlyCall(split("<tool_call>{\"name\": \"search\"}</tool_call>")).use().kwargs()).isEmpty();
        assertThat(onlyCall(split("<tool_call>{\"name\": \"search\", \"arguments\": {}}</tool_call>")).use().kwargs())
                .isEmpty();
    }

    @Test
    void unknownToolIsUnparsedNamingTheToolsThatExist() {
        Unparsed u = onlyUnparsed(split("<tool_call>{\"name\": \"rm_everything\", \"arguments\": {}}</tool_call>"));
        assertThat(u.problem()).contains("'rm_everything'").contains("shell").contains("get_weather");
        assertThat(u.dialect()).isSameAs(ToolFormat.HERMES.dialect());
    }

    @Test
    void objectWithoutANameIsUnparsed() {
        assertThat(onlyUnparsed(split("<tool_call>{\"arguments\": {\"q\": 1}}</tool_call>")).problem())
                .contains("needs \"name\"");
    }

    /** vLLM: a missing closing brace at the end of the reply; the call is not run. */
    @Test
    void jsonCutOffAtTheEndIsIncompleteAndNotRun() {
        Unparsed u = onlyUnparsed(split("<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}"));
        assertThat(u.problem()).startsWith("incomplete");
    }

    @Test
    void tagAloneAtTheEndIsIncomplete() {
        List<Segment> s = split("Let me check.<tool_call>\n");
        assertThat(kinds(s)).containsExactly("prose", "unparsed");
        assertThat(((Unparsed) s.get(1)).problem()).startsWith("incomplete");
    }

    @Test
    void missingBraceBeforeTheCloserIsRepaired() {
        List<Segment> s = split("<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}</tool_call>\nDone.");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("command", "ls"));
        assertThat(prose(s)).isEqualTo("\nDone.");
    }

    @Test
    void missingBraceBeforeTheNextOpenerIsRepaired() {
        List<Call> c = calls(split("<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}\n"
                + "<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}</tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    @Test
    void singleQuotesTrailingCommasAndPythonLiteralsAreRepaired() {
        Call call = onlyCall(split("<tool_call>{'name': 'get_weather', 'arguments': {'city': 'Rome', 'metric': True,}}</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Rome", "metric", true));
    }

    @Test
    void hopelessJsonIsUnparsedWithTheReason() {
        Unparsed u = onlyUnparsed(split("<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": ::}}</tool_call>"));
        assertThat(u.problem()).contains("not valid");
    }

    @Test
    void functionCallTagHoldsTheSameJson() {
        Call call = onlyCall(split("<function_call>{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}</function_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "x"));
    }

    /** vLLM granite-20b-fc: one marker per call and no closers. */
    @Test
    void consecutiveFunctionCallMarkersWithoutClosersAreSeveralCalls() {
        List<Call> c = calls(split("<function_call> {\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}\n"
                + "<function_call> {\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    /** vLLM minimax (before M2): several objects, one per line, in <tool_calls>. */
    @Test
    void toolCallsTagWithAnObjectPerLineIsSeveralCalls() {
        List<Call> c = calls(split("<tool_calls>\n{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}\n"
                + "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"b\"}}\n</tool_calls>"));
        assertThat(c).extracting(x -> x.use().tool()).containsExactly("search", "get_weather");
    }

    @Test
    void toolsBlockListingSchemasIsProse() {
        String msg = "The tools:\n<tools>\n{\"type\": \"function\", \"function\": {\"name\": \"shell\", \"description\": \"runs\","
                + " \"parameters\": {\"type\": \"object\", \"properties\": {}}}}\n</tools>\nThat is all.";
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void toolsBlockHoldingACallRuns() {
        Call call = onlyCall(split("<tools>{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}</tools>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "x"));
    }

    /** vLLM qwen2.5-coder: {@code <tools>} blocks glued one after another are one call each, none dropped. */
    @Test
    void secondToolsBlockGluedToTheFirstIsACallToo() {
        List<Call> c = calls(split("<tools>{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}</tools>"
                + "<tools>{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}</tools>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    /** A sentence that shows the Granite wrapper with a call in it, and goes on after it, is not a call. */
    @Test
    void functionCallMentionedMidSentenceWithoutItsCloserIsProse() {
        String msg = "Granite writes <function_call> before each call, as in <function_call> {\"name\": \"search\", "
                + "\"arguments\": {\"q\": \"x\"}}. That is all.";
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void callGluedToProseRunsWhereItsLineEndsWithItOrWithItsCloser() {
        String call = "<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}";
        assertThat(calls(split("Let me look." + call))).hasSize(1);
        assertThat(calls(split("Let me look." + call + "\nDone."))).hasSize(1);
        assertThat(calls(split("Let me look." + call + "</tool_call> Done."))).hasSize(1);
        assertThat(calls(split("Let me look." + call + call + "</tool_call>"))).hasSize(2);
        assertThat(calls(split("Let me look." + call + "<|im_end|>"))).hasSize(1);
    }

    /** llama.cpp's hermes tests: content, then the tag glued to it, the JSON on its own line. */
    @Test
    void contentThenTagGluedToItThenJsonOnItsOwnLine() {
        List<Segment> s = split("Hello, world!\nWhat's up?<tool_call>\n{\"name\": \"calculate\", \"arguments\": "
                + "{\"x\": 1, \"y\": 2}}\n</tool_call>");
        assertThat(prose(s)).isEqualTo("Hello, world!\nWhat's up?");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("x", 1, "y", 2));
    }

    /** llama.cpp: the same JSON in <tools>, indented. */
    @Test
    void indentedCallInToolsRuns() {
        Call call = onlyCall(split("<tools>\n  {\"name\": \"calculate\", \"arguments\": {\"x\": 1, \"y\": 1}}\n</tools>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("x", 1, "y", 1));
    }

    /** llama.cpp (QwQ): the prompt opened the thinking, so the reply starts inside it; the call after it runs. */
    @Test
    void callAfterAStrayThinkingCloserRuns() {
        List<Segment> s = split("I'm\nthinking</think>\n<tool_call>{\"name\": \"calculate\", \"arguments\": "
                + "{\"x\": 1, \"y\": 1}}</tool_call>");
        assertThat(onlyCall(s).use().tool()).isEqualTo("calculate");
    }

    /** llama.cpp: a partial reply cut inside the JSON's first key. */
    @Test
    void replyCutInsideTheFirstKeyIsIncompleteAndTheProseStays() {
        List<Segment> s = split("Let's call something\n<tool_call>{\"name");
        assertThat(prose(s)).isEqualTo("Let's call something\n");
        assertThat(onlyUnparsed(s).problem()).startsWith("incomplete");
    }

    @Test
    void openAiFunctionNestingIsUnwrapped() {
        Call call = onlyCall(split("<tool_call>{\"type\": \"function\", \"function\": {\"name\": \"search\", "
                + "\"arguments\": {\"q\": \"x\"}}}</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "x"));
    }

    @Test
    void idInTheJsonIsTheCallId() {
        Call call = onlyCall(split("<tool_call>{\"id\": \"call_7\", \"name\": \"search\", \"arguments\": {}}</tool_call>"));
        assertThat(call.use().callId()).isEqualTo("call_7");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "Hermes models wrap calls in <tool_call> tags.",
        "Type <tool_call and then the JSON.",
        "abc <tool_call fakeout",
        "before <tool_c",
        "<tools> is where the schemas go.",
    })
    void tagNotFollowedByJsonIsProse(String msg) {
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    /** Every format reads every dialect: a glm-shaped call is glm's to read, and it names no tool here. */
    @Test
    void tagFollowedByAWordIsGlmsToRead() {
        List<Segment> s = split("a < b and <tool_call>x</tool_call> is not JSON");
        assertThat(onlyUnparsed(s).dialect().name()).isEqualTo("glm");
        assertThat(onlyUnparsed(s).problem()).contains("unknown tool 'x'");
    }

    @Test
    void callInInlineCodeIsProse() {
        String msg = "Write `<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}</tool_call>` to call.";
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void callInAFencedExampleIsProse() {
        String msg = "Like this:\n```json\n<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}</tool_call>\n```\n";
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void aFencedBlockIsCodeForTheUserInTheHermesFormat() {
        assertThat(split("```shell\nls\n```\n")).allMatch(Segment.Prose.class::isInstance);
    }

    /** vllm#39056: a call inside <think> is reported, not run and not lost. */
    @Test
    void callInsideThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\nI will search.<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}"
                + "</tool_call>\n</think>\nOk.");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("inside <think>");
    }

    /** Ollama: unicode around calls, on both sides and in the arguments. */
    @Test
    void unicodeAroundAndInsideCallsSurvives() {
        List<Segment> s = split("你好 🌍<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"🎉 北京\"}}</tool_call>مرحبا");
        assertThat(prose(s)).isEqualTo("你好 🌍مرحبا");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("q", "🎉 北京"));
    }

    @Test
    void noTagTextLeaksIntoProse() {
        String msg = "One.<tool_call>{\"name\": \"search\", \"arguments\": {\"q\": \"a\"}}</tool_call> Two.\n"
                + "<tool_call>\n{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}\n<tool_call>{\"name\": \"nope\"}</tool_call>\n"
                + "<function_call>{\"name\": \"search\", \"arguments\": {\"q\": \"c\"}}</think>Three.";
        List<Segment> s = split(msg);
        assertThat(prose(s)).doesNotContain("<tool_call>", "</tool_call>", "<function_call>", "</think>", "{")
                .isEqualTo("One. Two.\n\n\nThree.");
        assertThat(calls(s)).hasSize(3);
    }

    /** vLLM test_streaming_tool_call_with_large_steps, bool arguments (bug 19056), and a large argument. */
    @Test
    void largeArgumentWithBracesAndQuotesIsOneCall() {
        String code = "def f(x):\n    return {\"a\": [x, '}'], 'b': \"</tool_call>\"}\n".repeat(20);
        String msg = "<tool_call>\n{\"name\": \"save\", \"arguments\": {\"path\": \"f.py\", \"content\": "
                + dev.rosetta.core.json.Json.write(code) + "}}\n</tool_call>";
        assertThat(onlyCall(split(msg)).use().kwargs()).containsEntry("content", code);
    }

    /** llama.cpp's Hermes 2 Pro parser reads the call JSON in the generic wrappers small models write. */
    @ParameterizedTest
    @ValueSource(strings = {"tool", "response", "json", "JSON", "xml"})
    void genericWrapperAtALineStartHoldingACallOfALoadedToolIsACall(String tag) {
        Call call = onlyCall(split("<" + tag + ">\n  {\"name\": \"search\", \"arguments\": {\"q\": \"cats\"}}\n</" + tag + ">"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "cats"));
        assertThat(call.raw()).endsWith("</" + tag + ">");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<response>\n{\"name\": \"John\", \"age\": 3}\n</response>",
        "<json>{\"status\": \"ok\"}</json>",
        "The API answers <response>{\"name\": \"search\", \"arguments\": {}}</response> when it works.",
        "<xml>\n<a>b</a>\n</xml>"})
    void genericWrapperWithoutALoadedToolsCallOrAfterProseIsProse(String msg) {
        assertThat(kinds(split(msg))).containsExactly("prose");
    }

    /** vLLM's and llama.cpp's Granite tests: Granite 3.0 writes the token <|tool_call|> before a JSON list, with no closer. */
    @Test
    void graniteTokenBeforeAListIsOneCallPerElement() {
        List<Segment> s = split("Let me check.\n<|tool_call|> [\n  {\"name\": \"search\", \"arguments\": {\"q\": \"a\"}},\n"
                + "  {\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}\n]\nDone.");
        assertThat(kinds(s)).containsExactly("prose", "call", "call", "prose");
        assertThat(calls(s)).allSatisfy(c -> assertThat(c.dialect()).isSameAs(ToolFormat.HERMES.dialect()));
        assertThat(prose(s)).isEqualTo("Let me check.\n\nDone.");
    }
}
