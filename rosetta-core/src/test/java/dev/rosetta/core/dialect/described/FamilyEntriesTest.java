package dev.rosetta.core.dialect.described;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.OpenModelTools;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;

/**
 * The built-in dialect entries of families read as data (dialects.toml), through {@code auto} as
 * {@code rosetta parse --format auto} reads them: every case whole and in every chunking
 * {@link Splitting} tries, which must agree.
 */
class FamilyEntriesTest {

    static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(OpenModelTools.catalog()));
    }

    static String prose(List<Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.stream().filter(Prose.class::isInstance).forEach(p -> out.append(((Prose) p).text()));
        return out.toString();
    }

    /**
     * functionary v2: the header of a message to "all" is markup whether it arrives whole or cut
     * after {@code <|from|>assistant\n}, where a shorter markup token already matches.
     */
    @Test
    void recipientAllHeaderIsMarkupInEveryChunking() {
        List<Segment> s = auto("<|from|>assistant\n<|recipient|>all\n<|content|>Hello there.<|stop|>");
        assertThat(kinds(s)).containsExactly("prose");
        assertThat(prose(s)).isEqualTo("Hello there.");
    }

    @Test
    void recipientHeaderNamingAToolIsItsCall() {
        Segment.Call call = onlyCall(auto("<|from|>assistant\n<|recipient|>search\n<|content|>{\"q\": \"x\"}<|stop|>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("q", "x"));
    }

    /** mistral.rs gemma4: {@code <|tool_response>} after the call ends the turn; it never reaches the prose. */
    @Test
    void gemma4ToolResponseTokenAfterTheCallIsMarkup() {
        List<Segment> s = auto("<|tool_call>call:search{q:<|\"|>x<|\"|>}<tool_call|><|tool_response>");
        assertThat(kinds(s)).containsExactly("call");
    }

    /** vLLM gigachat3: the role header and the separator before it are no prose. */
    @Test
    void gigachatFunctionCallRoleHeaderOpensACall() {
        List<Segment> s = auto("<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("q", "x"));
        assertThat(prose(s)).isBlank();
    }

    /** vLLM gigachat3.1: the token glued to prose, then {@code </s>}, which belongs to the call. */
    @Test
    void gigachatFunctionCallTokenAfterProseIsACallAndItsEndOfSequenceIsNoProse() {
        List<Segment> s = auto("Checking.<|function_call|>{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}</s>");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(prose(s)).isEqualTo("Checking.");
    }

    @Test
    void strikethroughCloserInProseStaysProse() {
        String msg = "It was <s>wrong</s> right.";
        assertThat(prose(auto(msg))).isEqualTo(msg);
    }

    /** SGLang multi-format: MiniMax's and DeepSeek V3.2's invoke elements in a plain {@code <tool_calls>}, after prose. */
    @Test
    void invokeElementsInToolCallsAreCallsTypedByTheSchema() {
        List<Segment> s = auto("prefix<tool_calls><invoke name=\"get_weather\"><parameter name=\"city\" string=\"true\">Paris"
                + "</parameter><parameter name=\"days\">3</parameter></invoke></tool_calls>");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("city", "Paris", "days", 3L));
    }

    /** vLLM dots: invoke elements in {@code <dots_function_call>}, then a JSON body in the next one. */
    @Test
    void dotsFunctionCallHoldsInvokesOrJson() {
        List<Segment> s = auto("<dots_function_call><invoke name=\"search\"><parameter name=\"q\">a</parameter></invoke>"
                + "</dots_function_call><dots_function_call>{\"name\": \"search\", \"arguments\": {\"q\": \"b\"}}"
                + "</dots_function_call>");
        assertThat(calls(s)).extracting(c -> c.use().kwargs().get("q")).containsExactly("a", "b");
    }

    /** SGLang minicpm4: a bare function element with param elements, a value in CDATA. */
    @Test
    void miniCpm4FunctionWithParamElementsIsACall() {
        List<Segment> s = auto("Intro.\n<function name=\"get_weather\"><param name=\"city\"><![CDATA[Pa\nris]]></param>"
                + "<param name=\"days\">2</param></function>\nOutro.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(onlyCall(s).use().kwargs()).isEqualTo(Map.of("city", "Pa\nris", "days", 2L));
    }

    /** mlx-lm longcat: glm's key and value elements with LongCat's prefix. */
    @Test
    void longcatKeyValueElementsAreACall() {
        Segment.Call call = onlyCall(auto("<longcat_tool_call>get_weather<longcat_arg_key>city</longcat_arg_key>\n"
                + "<longcat_arg_value>Paris</longcat_arg_value></longcat_tool_call>"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
    }

    /** vLLM hy_v3: NAME then {@code <tool_sep>}, GLM's pairs, the calls in {@code <tool_calls>}: no token is left as prose. */
    @Test
    void hunyuanCallsInTheirSectionAreCallsAndTheSectionTokensNoProse() {
        List<Segment> s = auto("Checking.<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n"
                + "<arg_value>Paris</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep><arg_key>city</arg_key>"
                + "<arg_value>Rome</arg_value></tool_call>\n</tool_calls>");
        assertThat(calls(s)).extracting(c -> c.use().kwargs().get("city")).containsExactly("Paris", "Rome");
        assertThat(calls(s).get(0).use().kwargs()).isEqualTo(Map.of("city", "Paris"));
        assertThat(prose(s).strip()).isEqualTo("Checking.");
    }

    @Test
    void toolCallsMentionedInASentenceStayProse() {
        String msg = "Hunyuan puts <tool_calls> around its calls.";
        assertThat(prose(auto(msg))).isEqualTo(msg);
    }
}
