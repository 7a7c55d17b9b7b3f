package dev.rosetta.core.dialect.glm;

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
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamSplitter;

/** The glm dialect, split whole and in many streamed chunkings (see {@link Splitting}), which must agree. */
class GlmReaderTest {

    static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.GLM, OpenModelTools.catalog());
    }

    static String prose(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.stream().filter(Prose.class::isInstance).forEach(p -> out.append(((Prose) p).text()));
        return out.toString();
    }

    /** GLM-4.5/4.6: the name on the tag's line, one pair per line. */
    @Test
    void callIsACallWithItsArguments() {
        String msg = "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"
                + "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>";
        Call call = onlyCall(split(msg));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Beijing", "days", 3L));
        assertThat(call.dialect()).isSameAs(ToolFormat.GLM.dialect());
        assertThat(call.raw()).isEqualTo(msg);
        assertThat(call.use().callId()).startsWith("call_");
    }

    /** GLM-4.7 writes everything on one line. */
    @Test
    void callOnOneLineIsACall() {
        Call call = onlyCall(split("<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
    }

    /** SGLang: GLM-4.6 sometimes writes a literal backslash-n where the line breaks go. */
    @Test
    void literalBackslashNBetweenTheElementsIsLayout() {
        Call call = onlyCall(split("<tool_call>get_weather\\n<arg_key>city</arg_key>\\n<arg_value>杭州</arg_value>\\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "杭州"));
        assertThat(onlyCall(split("<tool_call>search\\n</tool_call>")).use().kwargs()).isEmpty();
    }

    /** SGLang: Chinese prose glued to the call; two calls glued together. */
    @Test
    void proseGluedToTheCallAndCallsGluedTogether() {
        List<Segment> s = split("让我查询天气<tool_call>get_weather<arg_key>city</arg_key><arg_value>杭州</arg_value></tool_call>"
                + "<tool_call>get_weather<arg_key>city</arg_key><arg_value>北京</arg_value></tool_call>");
        assertThat(prose(s)).isEqualTo("让我查询天气");
        assertThat(calls(s)).extracting(c -> c.use().kwargs().get("city")).containsExactly("杭州", "北京");
    }

    @Test
    void proseBeforeTheTagOnTheSameLineIsProse() {
        List<Segment> s = split("Checking.<tool_call>search<arg_key>q</arg_key><arg_value>x</arg_value></tool_call> Done.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(prose(s)).isEqualTo("Checking. Done.");
    }

    /** Ollama: typed by the declaration. */
    @Test
    void valuesAreTypedByTheToolsDeclaration() {
        Call call = onlyCall(split("<tool_call>calculate\n<arg_key>x</arg_key>\n<arg_value>3.14</arg_value>\n"
                + "<arg_key>y</arg_key>\n<arg_value>42</arg_value>\n<arg_key>enabled</arg_key>\n<arg_value>false</arg_value>\n"
                + "<arg_key>items</arg_key>\n<arg_value>[1, 2]</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("x", 3.14, "y", 42L, "enabled", false, "items", List.of(1, 2)));
    }

    /** llama.cpp: a value that starts with a quote is raw text, not a JSON string. */
    @Test
    void quotedValueOfAStringParameterKeepsItsQuotes() {
        assertThat(onlyCall(split("<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>\"exact phrase\"</arg_value>\n"
                + "</tool_call>")).use().kwargs()).isEqualTo(Map.of("q", "\"exact phrase\""));
    }

    /** Ollama: shell syntax and comparisons in values, multi-line values with tabs. */
    @Test
    void specialCharactersAndLineBreaksInValuesAreText() {
        Call call = onlyCall(split("<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>ls && echo \"a < b and c > d\"\n"
                + "\tindented\nlast</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "ls && echo \"a < b and c > d\"\n\tindented\nlast"));
    }

    @Test
    void oneLineBreakIsStrippedAtEachEndOfAValue() {
        Call call = onlyCall(split("<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>\n\nls\n\n</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("command", "\nls\n"));
    }

    @Test
    void emptyValueIsTheEmptyString() {
        assertThat(onlyCall(split("<tool_call>search\n<arg_key>q</arg_key>\n<arg_value></arg_value>\n</tool_call>"))
                .use().kwargs()).isEqualTo(Map.of("q", ""));
    }

    @Test
    void callWithoutArgumentsHasNone() {
        assertThat(onlyCall(split("<tool_call>search\n</tool_call>")).use().kwargs()).isEmpty();
        assertThat(onlyCall(split("<tool_call>search</tool_call>")).use().kwargs()).isEmpty();
    }

    /** Ollama: keys and values pair in order even when grouped. */
    @Test
    void allKeysThenAllValuesPairInOrder() {
        Call call = onlyCall(split("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_key>days</arg_key>\n"
                + "<arg_value>Lima</arg_value>\n<arg_value>2</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Lima", "days", 2L));
    }

    @Test
    void keyWithoutAValueIsUnparsed() {
        assertThat(onlyUnparsed(split("<tool_call>get_weather\n<arg_key>city</arg_key>\n</tool_call>")).problem())
                .contains("1 <arg_key> and 0 <arg_value>");
    }

    @Test
    void missingValueCloserBeforeTheNextKeyEndsTheValue() {
        Call call = onlyCall(split("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo\n"
                + "<arg_key>days</arg_key>\n<arg_value>4</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Oslo", "days", 4L));
    }

    @Test
    void missingKeyCloserBeforeTheValueEndsTheKey() {
        Call call = onlyCall(split("<tool_call>search\n<arg_key>q<arg_value>x</arg_value>\n</tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "x"));
    }

    /** ai-sdk attributes calls without closers, the next <tool_call> as the separator, to GLM-4.7. */
    @Test
    void missingCloserBeforeTheNextCallEndsTheCall() {
        List<Call> c = calls(split("<tool_call>search<arg_key>q</arg_key><arg_value>a</arg_value>"
                + "<tool_call>search<arg_key>q</arg_key><arg_value>b</arg_value></tool_call>"));
        assertThat(c).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
    }

    @Test
    void consecutiveCallsAreSeveralCalls() {
        List<Segment> s = split("<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>a</arg_value>\n</tool_call>\n"
                + "<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>b</arg_value>\n</tool_call>");
        assertThat(calls(s)).extracting(x -> x.use().kwargs().get("q")).containsExactly("a", "b");
        assertThat(calls(s).get(0).use().callId()).isNotEqualTo(calls(s).get(1).use().callId());
    }

    @Test
    void nameAfterWhitespaceIsTheName() {
        assertThat(onlyCall(split("<tool_call>  search\n<arg_key>q</arg_key>\n<arg_value>x</arg_value>\n</tool_call>"))
                .use().tool()).isEqualTo("search");
    }

    @Test
    void unknownToolIsUnparsedNamingTheToolsThatExist() {
        Unparsed u = onlyUnparsed(split("<tool_call>get-current-weather\n<arg_key>location</arg_key>\n"
                + "<arg_value>New York, NY</arg_value>\n</tool_call>"));
        assertThat(u.problem()).contains("'get-current-weather'").contains("get_weather").contains("shell");
        assertThat(u.dialect()).isSameAs(ToolFormat.GLM.dialect());
    }

    @Test
    void textBetweenArgumentsIsUnparsed() {
        assertThat(onlyUnparsed(split("<tool_call>search\n<arg_key>q</arg_key>\nhmm\n<arg_value>x</arg_value>\n</tool_call>"))
                .problem()).contains("unexpected text").contains("hmm");
    }

    /** Ollama's glm tests: incomplete argument values and a body cut after the name. */
    @Test
    void callCutOffInsideAValueIsIncomplete() {
        assertThat(onlyUnparsed(split("<tool_call>save\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n"
                + "<arg_key>content</arg_key>\n<arg_value>partial")).problem()).startsWith("incomplete");
    }

    @Test
    void callWithoutCloserAtTheEndIsIncomplete() {
        assertThat(onlyUnparsed(split("<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>echo unsafe</arg_value>"))
                .problem()).startsWith("incomplete");
    }

    @ParameterizedTest
    @ValueSource(strings = {"<tool_call>", "Calling.<tool_call>\n", "<tool_call>search\n", "<tool_call>search\n<arg_k", "<tool_call>search<arg_key>q</arg_k"})
    void replyCutAfterTheTagIsIncomplete(String msg) {
        assertThat(onlyUnparsed(split(msg)).problem()).startsWith("incomplete");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GLM puts calls in <tool_call> tags.",
        "<tool_call>search for it later",
        "Name it <tool_call>search",
    })
    void tagNotShapedLikeAGlmCallIsProse(String msg) {
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    /** The same tag followed by JSON or {@code <function=} is another dialect's, and that dialect reads it. */
    @Test
    void tagFollowedByJsonIsHermessToRead() {
        assertThat(onlyCall(split("<tool_call>{\"name\": \"search\"}</tool_call>")).dialect().name()).isEqualTo("hermes");
    }

    @Test
    void tagFollowedByAFunctionIsQwen3CodersToRead() {
        assertThat(onlyCall(split("<tool_call>\n<function=search>\n</function>\n</tool_call>")).dialect().name())
                .isEqualTo("qwen3-coder");
    }

    @Test
    void callInInlineCodeIsProse() {
        assertThat(split("Write `<tool_call>search<arg_key>q</arg_key><arg_value>x</arg_value></tool_call>` then."))
                .allMatch(Prose.class::isInstance);
    }

    @Test
    void callInsideThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\n<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>x</arg_value>\n"
                + "</tool_call>\n</think>\nOk.");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).contains("inside <think>");
    }

    @Test
    void callIsAnnouncedWhenItsNameIsRead() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.GLM, OpenModelTools.catalog());
        assertThat(splitter.feed("<tool_call>search\n")).isEmpty();
        assertThat(splitter.feed("<arg_key>")).containsExactly(new CallStarted("search", ToolFormat.GLM.dialect(), 0));
    }

    @Test
    void noTagTextLeaksIntoProse() {
        String msg = "A.<tool_call>search<arg_key>q</arg_key><arg_value>a</arg_value></tool_call>B.\n"
                + "<tool_call>nope\n</tool_call>\nC.<tool_call>search\n<arg_key>q</arg_key>\n<arg_value>b</arg_value>\n"
                + "</tool_call>";
        List<Segment> s = split(msg);
        assertThat(prose(s)).isEqualTo("A.B.\n\nC.");
        assertThat(calls(s)).hasSize(2);
    }
}
