package dev.rosetta.core.dialect.schema;

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

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Calls in wrappers no dialect describes, recognised by the declared tools' schemas: a call only
 * where the JSON names a declared tool and its arguments fit, never in prose or a fence.
 */
class SchemaGuidedReaderTest {

    private static final ToolSpec WEATHER = new ToolSpec("get_weather", "the weather", "", List.of(
            Parameter.named("city", "string", "", true), Parameter.named("days", "integer", "", false)), null, null, null,
            Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string"), "days", Map.of("type", "integer"),
                    "unit", Map.of("type", "string", "enum", List.of("c", "f"))), "required", List.of("city"),
                    "additionalProperties", false));
    private static final ToolSpec TIME = new ToolSpec("get_time", "", "", List.of(), null, null, null);
    private static final ToolCatalog TOOLS = ToolCatalog.of(WEATHER, TIME);

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<TOOL_USE>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</TOOL_USE>",
        "<longcat_tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</longcat_tool_call>",
        "[TOOL_REQUEST]{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}[END_TOOL_REQUEST]",
        "<|tool_use_start|>{\"tool\": \"get_weather\", \"input\": {\"city\": \"Paris\"}}<|tool_use_end|>",
        "<tool_request>\n```json\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}\n```\n</tool_request>",
        "<|function|>{\"get_weather\": {\"city\": \"Paris\"}}",
    })
    void unknownWrapperHoldingACallThatFitsADeclaredToolIsACallAndItsTokensNeverReachTheProse(String message) {
        Call call = onlyCall(auto("Checking.\n" + message + "\nDone."));
        assertThat(call.use().tool()).isEqualTo("get_weather");
        assertThat(call.use().kwargs()).isEqualTo(Map.of("city", "Paris"));
        assertThat(call.dialect()).isSameAs(SchemaGuidedDialect.INSTANCE);
        assertThat(auto("Checking.\n" + message + "\nDone.")).filteredOn(Segment.Prose.class::isInstance)
                .allSatisfy(p -> assertThat(((Segment.Prose) p).text()).doesNotContain("<", "[", "{"));
    }

    /** Bare ones open with another key than "name": a bare {"name": …} first is llama3's, which runs it and lets binding report. */
    @ParameterizedTest
    @ValueSource(strings = {
        "{\"tool_name\": \"get_weather\", \"arguments\": {\"town\": \"Paris\"}}",
        "{\"tool_name\": \"get_weather\", \"arguments\": {}}",
        "{\"tool_name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", \"days\": \"many\"}}",
        "{\"tool_name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", \"unit\": \"kelvin\"}}",
        "{\"tool_name\": \"get_stock\", \"arguments\": {\"symbol\": \"X\"}}",
        "{\"name\": \"John\", \"age\": 3}",
        "[1, 2, 3]",
    })
    void jsonThatDoesNotFitADeclaredToolStaysProse(String json) {
        assertThat(kinds(auto("<TOOL_USE>" + json + "</TOOL_USE>"))).containsOnly("prose");
        assertThat(kinds(auto(json))).containsOnly("prose");
    }

    @Test
    void specialTokenWrapperNamingADeclaredToolWithWrongArgumentsIsReported() {
        Segment.Unparsed u = onlyUnparsed(auto("<|tool_use_start|>{\"name\": \"get_weather\", \"arguments\": {\"town\": \"Paris\"}}<|tool_use_end|>"));
        assertThat(u.problem()).contains("get_weather").contains("town");
    }

    @Test
    void callShapedJsonInProseOrAFenceStaysProse() {
        String call = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}";
        assertThat(kinds(auto("To check the weather I would send " + call))).containsOnly("prose");
        assertThat(kinds(auto("Example:\n```json\n" + call + "\n```"))).containsOnly("prose");
        assertThat(kinds(auto("Example:\n" + "<example>" + call + "</example> is how it looks"))).doesNotContain("call");
    }

    @Test
    void bareObjectOrListIsACallOnlyAsTheWholeReply() {
        String object = "{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}";
        assertThat(onlyCall(auto("  " + object + "\n")).use().tool()).isEqualTo("get_weather");
        assertThat(kinds(auto("Here is the call:\n" + object))).containsOnly("prose");
        assertThat(kinds(auto(object + "\nThat is what I would send."))).containsOnly("prose");
    }

    @Test
    void bareCallListAfterAReasoningCloserIsRead() {
        List<Segment> s = auto("<think>The user wants the weather.</think>[{\"name\": \"get_weather\", \"arguments\": "
                + "{\"city\": \"Paris\"}}, {\"name\": \"get_time\", \"arguments\": {}}]");
        assertThat(kinds(s)).containsExactly("thinking", "call", "call");
        assertThat(calls(s)).extracting(c -> c.use().tool()).containsExactly("get_weather", "get_time");
    }

    @Test
    void severalCallsInOneWrapperAreOneSegmentEachCoveringTheWrapper() {
        String message = "<TOOL_USE>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"A\"}}, "
                + "{\"name\": \"get_time\", \"arguments\": {}}]</TOOL_USE>";
        List<Call> calls = calls(auto(message));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).raw() + calls.get(1).raw()).isEqualTo(message);
    }

    @Test
    void aWholeReplyOfJsonInAnotherFormatsConversationIsReportedNotRun() {
        String object = "{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}";
        assertThat(kinds(Splitting.split(object, ToolFormat.XML, TOOLS))).containsExactly("unparsed");
        assertThat(kinds(Splitting.split("<TOOL_USE>" + object + "</TOOL_USE>", ToolFormat.XML, TOOLS)))
                .containsExactly("call");
    }

    @Test
    void jsonCutOffByTheEndOfTheReplyIsProse() {
        assertThat(kinds(auto("<TOOL_USE>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Par"))).containsOnly("prose");
    }
}
