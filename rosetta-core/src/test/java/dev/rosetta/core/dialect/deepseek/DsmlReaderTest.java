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
import dev.rosetta.core.split.ReaderProbe;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;

/** DeepSeek V3.2's DSML (and V4's {@code tool_calls} wrapper), restated from vLLM's DSML parser tests. */
class DsmlReaderTest {

    private static final String FC_START = "<\uFF5CDSML\uFF5Cfunction_calls>";
    private static final String FC_END = "</\uFF5CDSML\uFF5Cfunction_calls>";
    private static final String INVOKE = "<\uFF5CDSML\uFF5Cinvoke name=\"";
    private static final String INVOKE_END = "</\uFF5CDSML\uFF5Cinvoke>";
    private static final String PARAM = "<\uFF5CDSML\uFF5Cparameter name=\"";
    private static final String PARAM_END = "</\uFF5CDSML\uFF5Cparameter>";

    private static String param(String name, boolean string, String value) {
        return PARAM + name + "\" string=\"" + string + "\">" + value + PARAM_END + "\n";
    }

    private static String invoke(String tool, String... params) {
        return INVOKE + tool + "\">\n" + String.join("", params) + INVOKE_END + "\n";
    }

    private static List<Segment> split(String message) {
        return DeepSeekReaderTest.split(message);
    }

    @Test
    void invokeWithStringParametersIsOneCall() {
        String inv = INVOKE + "get_weather\">\n" + param("city", true, "杭州") + param("unit", true, "celsius") + INVOKE_END;
        List<Segment> s = split(FC_START + "\n" + inv + "\n" + FC_END);
        Call call = onlyCall(s);
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "杭州", "unit", "celsius"));
        assertThat(call.raw()).isEqualTo(inv);
        assertThat(call.dialect()).isSameAs(DeepSeekDialect.INSTANCE);
    }

    @Test
    void invokeWithoutParametersHasNoArguments() {
        assertThat(onlyCall(split(FC_START + "\n" + INVOKE + "get_time\">\n" + INVOKE_END + "\n" + FC_END)).use().kwargs()).isEmpty();
    }

    @Test
    void severalInvokesAreSeveralCalls() {
        List<Call> calls = calls(split(FC_START + "\n" + invoke("get_weather", param("city", true, "SF"))
                + invoke("get_weather", param("city", true, "NYC")) + FC_END));
        assertThat(calls).extracting(c -> c.use().kwargs().get("city")).containsExactly("SF", "NYC");
    }

    @Test
    void nonStringValuesAreTypedByTheDeclaredParameterType() {
        Call call = onlyCall(split(FC_START + "\n" + invoke("toggle", param("enabled", false, "true"), param("count", false, "42"),
                param("tags", false, "[\"a\", \"b\"]"), param("meta", false, "{\"k\": 1}")) + FC_END));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("enabled", true, "count", 42L, "tags", List.of("a", "b"),
                "meta", Map.of("k", 1)));
    }

    @Test
    void stringValuesStayTextAsWritten() {
        Call call = onlyCall(split(FC_START + "\n" + invoke("search", param("query", true, "  42 "), param("limit", true, "7"))
                + FC_END));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "  42 ", "limit", "7"));
        assertThat(NativeTools.SEARCH.bind(call.use()).values()).containsEntry("limit", 7L);
    }

    @Test
    void nonStringValueOfAnUndeclaredParameterIsReadAsJson() {
        Call call = onlyCall(split(FC_START + "\n" + invoke("get_time", param("offset", false, "-3"), param("zone", false, "UTC"))
                + FC_END));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("offset", -3, "zone", "UTC"));
    }

    @Test
    void valuesAreRawTextWithMarkupAndEntitiesKept() {
        Call call = onlyCall(split(FC_START + "\n" + invoke("save", param("path", true, "a.html"),
                param("content", true, "<b>bold</b> &amp; </parameter>\nline 2")) + FC_END));
        assertThat(call.use().kwargs()).containsEntry("content", "<b>bold</b> &amp; </parameter>\nline 2");
    }

    @Test
    void version4ToolCallsWrapperIsReadToo() {
        Call call = onlyCall(split("<\uFF5CDSML\uFF5Ctool_calls>\n" + invoke("search", param("query", true, "deepseek v4"))
                + "</\uFF5CDSML\uFF5Ctool_calls>"));
        assertThat(call.use().kwargs()).containsEntry("query", "deepseek v4");
    }

    @Test
    void missingParameterCloserEndsTheValueAtTheNextTag() {
        Call call = onlyCall(split(FC_START + "\n" + INVOKE + "get_weather\">\n" + PARAM + "city\" string=\"true\">Oslo\n"
                + param("unit", true, "celsius") + INVOKE_END + "\n" + FC_END));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Oslo\n", "unit", "celsius"));
    }

    @Test
    void missingInvokeCloserEndsTheCallAtTheWrapperCloser() {
        Call call = onlyCall(split(FC_START + "\n" + INVOKE + "get_weather\">\n" + param("city", true, "Rome") + FC_END));
        assertThat(call.use().kwargs()).containsEntry("city", "Rome");
    }

    @Test
    void invokeStillOpenAtTheEndIsIncompleteAndNotRun() {
        Segment.Unparsed u = onlyUnparsed(split("Saving.\n" + FC_START + "\n" + INVOKE + "save\">\n" + param("path", true, "a.py")
                + PARAM + "content\" string=\"true\">print(1)"));
        assertThat(u.problem()).startsWith("incomplete").contains("save");
    }

    @Test
    void unknownToolIsReportedNamingTheToolsThatExist() {
        Segment.Unparsed u = onlyUnparsed(split(FC_START + "\n" + invoke("get_stock", param("symbol", true, "X")) + FC_END));
        assertThat(u.problem()).contains("unknown tool 'get_stock'").contains("shell");
    }

    @Test
    void loneInvokeWithoutTheWrapperIsACall() {
        assertThat(onlyCall(split(invoke("get_weather", param("city", true, "Lyon")))).use().kwargs()).containsEntry("city", "Lyon");
    }

    @Test
    void textInsideTheWrapperIsProse() {
        List<Segment> s = split(FC_START + "\nHere goes:\n" + invoke("get_weather", param("city", true, "A")) + FC_END);
        assertThat(kinds(s)).containsExactly("prose", "call");
    }

    @Test
    void wrapperOpenedAndNeverFilledIsIncomplete() {
        assertThat(onlyUnparsed(split("Let me check.\n" + FC_START + "\n")).problem()).startsWith("incomplete");
    }

    @Test
    void wrapperRightAfterProseOnTheSameLineIsReadWhereTheCascadeAsks() {
        String msg = "Sure, let me check! " + FC_START + "\n" + invoke("get_weather", param("city", true, "NYC")) + FC_END;
        ReaderProbe.Read read = ReaderProbe.readAt(DeepSeekDialect.INSTANCE.reader(NativeTools.catalog()), msg, msg.indexOf('<'));
        assertThat(read.segments()).singleElement().isInstanceOfSatisfying(Call.class,
                c -> assertThat(c.use().kwargs()).containsEntry("city", "NYC"));
        assertThat(read.end()).isEqualTo(msg.length());
    }
}
