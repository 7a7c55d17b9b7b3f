package dev.rosetta.core.dialect.react;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** ReAct's Thought / Action / Action Input lines, read as calls of declared tools only. */
class ReactReaderTest {

    private static final ToolSpec ADD = new ToolSpec("add", "", "", List.of(Parameter.named("a", "integer", "", true),
            Parameter.named("b", "integer", "", true)), null, null, null);
    private static final ToolSpec REPL = new ToolSpec("python_repl", "", "", List.of(Parameter.named("code", "string", "", true)),
            null, null, null);
    private static final ToolSpec SEARCH = new ToolSpec("search", "", "", List.of(Parameter.named("query", "string", "", true),
            Parameter.named("limit", "integer", "", false)), null, null, null);
    private static final ToolCatalog TOOLS = ToolCatalog.of(ADD, REPL, SEARCH);

    private static List<Segment> auto(String message) {
        return Splitting.split(message, () -> ToolFormat.allReaders(TOOLS));
    }

    @Test
    void actionAndActionInputLinesAreACall() {
        List<Segment> s = auto("Thought: I need to add.\nAction: add\nAction Input: {\"a\": 1, \"b\": 2}");
        assertThat(calls(s)).singleElement().satisfies(c -> {
            assertThat(c.use().tool()).isEqualTo("add");
            assertThat(c.use().kwargs()).isEqualTo(Map.of("a", 1, "b", 2));
        });
    }

    @Test
    void aThoughtThatHeadsAStepIsReasoning() {
        List<Segment> s = auto("Thought: I need to add.\nAction: add\nAction Input: {\"a\": 1, \"b\": 2}");
        assertThat(kinds(s)).containsExactly("thinking", "call");
        assertThat(((Segment.Thinking) s.get(0)).text()).isEqualTo("I need to add.");
    }

    @Test
    void aThoughtOfSeveralLinesBeforeAFinalAnswerIsReasoning() {
        List<Segment> s = auto("Thought: I know this.\nIt is simple.\nFinal Answer: 3");
        assertThat(kinds(s)).containsExactly("thinking", "prose");
        assertThat(((Segment.Thinking) s.get(0)).text()).isEqualTo("I know this.\nIt is simple.");
    }

    @Test
    void aCallWrittenOnAThoughtLineIsReportedInsideReasoningNotRun() {
        List<Segment> s = auto("Thought: I will call <tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}</tool_call> now\n"
                + "Action: add\nAction Input: {\"a\": 3, \"b\": 4}");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking", "call");
        assertThat(((Segment.Unparsed) s.get(1)).problem()).contains("inside reasoning").contains("not run");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("a", 3, "b", 4)));
    }

    @Test
    void aThoughtLineThatIsOnlyACallIsReportedWhole() {
        List<Segment> s = auto("Thought: [add(a=1, b=2)]\nFinal Answer: 3");
        assertThat(kinds(s)).containsExactly("unparsed", "prose");
        assertThat(((Segment.Unparsed) s.get(0)).raw()).startsWith("Thought:");
    }

    @Test
    void aThoughtWithBracketsButNoCallStaysReasoning() {
        List<Segment> s = auto("Thought: the list [1, 2] has {two} <b>items</b> and add(a=1) is `code`\nFinal Answer: 2");
        assertThat(kinds(s)).containsExactly("thinking", "prose");
    }

    @Test
    void aThoughtThatHeadsNoStepIsProse() {
        assertThat(kinds(auto("Thought: that was easy.\nThe answer is 3."))).containsExactly("prose");
    }

    @Test
    void aThoughtHeadingNoStepKeepsTheCallsAfterIt() {
        List<Segment> s = auto("Thought: save it.\n<tool>python_repl</tool><tool_input>print(1)</tool_input>");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().tool()).isEqualTo("python_repl"));
    }

    @Test
    void actionNamingAnUndeclaredToolNeverRuns() {
        assertThat(calls(auto("Thought: hmm\nAction: launch\nAction Input: {\"x\": 1}"))).isEmpty();
    }

    @Test
    void actionInProseIsNotACall() {
        assertThat(kinds(auto("The next Action: add\nAction Input: {\"a\": 1, \"b\": 2} is what I would do."))).doesNotContain("call");
    }

    @Test
    void aPythonBlockInsideAnActionInputIsTheInputOfTheOneCall() {
        List<Segment> s = auto("Thought: run it\nAction: python_repl\nAction Input: ```python\nprint(1)\n```");
        assertThat(calls(s)).singleElement().satisfies(c -> {
            assertThat(c.use().tool()).isEqualTo("python_repl");
            assertThat(c.use().kwargs()).isEqualTo(Map.of("code", "print(1)"));
        });
    }

    @Test
    void aRawActionInputRunsForAToolWithOneRequiredText() {
        Segment.Call call = Splitting.onlyCall(auto("Action: search\nAction Input: weather in SF"));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "weather in SF"));
    }

    @Test
    void aQuotedActionInputIsItsText() {
        Segment.Call call = Splitting.onlyCall(auto("Action: search\nAction Input: \"weather in SF\""));
        assertThat(call.use().kwargs()).isEqualTo(Map.of("query", "weather in SF"));
    }

    @Test
    void aRawActionInputForAToolTakingSeveralArgumentsIsReported() {
        assertThat(Splitting.onlyUnparsed(auto("Action: add\nAction Input: 1 and 2")).problem())
                .contains("not a JSON object").contains("one required text parameter");
    }

    @Test
    void anObservationTheModelWroteEndsTheActionInput() {
        List<Segment> s = auto("Action: search\nAction Input: weather in SF\nObservation: 64 degrees");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("query", "weather in SF")));
        assertThat(kinds(s)).containsExactly("call", "prose");
    }

    @Test
    void langChainXmlAgentToolAndToolInputIsACall() {
        List<Segment> s = auto("<tool>search</tool><tool_input>weather in SF</tool_input>\n<observation>64 degrees</observation>");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("query", "weather in SF")));
        assertThat(Splitting.onlyCall(auto("<tool>add</tool>\n<tool_input>{\"a\": 1, \"b\": 2}</tool_input>")).use().kwargs())
                .isEqualTo(Map.of("a", 1, "b", 2));
    }

    @Test
    void langChainXmlAgentInputNeverClosedIsReportedNotRun() {
        assertThat(Splitting.onlyUnparsed(auto("<tool>search</tool><tool_input>weather in S")).problem()).contains("never closed");
    }

    @Test
    void langChainXmlAgentNamingAnUndeclaredToolNeverRuns() {
        assertThat(calls(auto("<tool>launch</tool><tool_input>now</tool_input>"))).isEmpty();
    }

    @Test
    void actionFollowedByAFencedJsonCallIsACall() {
        List<Segment> s = auto("Thought: x\nAction:\n```json\n{\"action\": \"add\", \"action_input\": {\"a\": 1, \"b\": 2}}\n```");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("a", 1, "b", 2)));
    }

    @Test
    void commandRPlusActionListIsACall() {
        List<Segment> s = auto("Action: ```json\n[\n    {\n        \"tool_name\": \"add\",\n        \"parameters\": {\"a\": 1, \"b\": 2}\n    }\n]\n```");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().tool()).isEqualTo("add"));
    }

    /** LlamaIndex test_extract_tool_use_multiline: blank lines between the step's lines are layout. */
    @Test
    void blankLinesBeforeActionInputAreLayout() {
        List<Segment> s = auto("Thought: I need to add.\n\nAction: add\n\n\n\nAction Input: {\"a\": 1, \"b\": 2}\n");
        assertThat(kinds(s)).containsExactly("thinking", "call");
        assertThat(calls(s).get(0).use().kwargs()).isEqualTo(Map.of("a", 1, "b", 2));
    }

    /** CrewAI test_clean_action_with_leading_and_trailing_asterisks: markdown emphasis around the name. */
    @Test
    void emphasisAroundTheToolNameIsLayout() {
        assertThat(calls(auto("Action: ** add **\nAction Input: {\"a\": 1, \"b\": 2}"))).singleElement()
                .satisfies(c -> assertThat(c.use().tool()).isEqualTo("add"));
        assertThat(calls(auto("Action: `add`\nAction Input: {\"a\": 1, \"b\": 2}"))).hasSize(1);
    }

    /** LlamaIndex test_extract_tool_use_with_Chinese_characters: a tool named in another script. */
    @Test
    void aToolNamedInAnotherScriptIsCalled() {
        ToolSpec add = new ToolSpec("加法", "", "", ADD.parameters(), null, null, null);
        List<Segment> s = Splitting.split("Action: 加法\nAction Input: {\"a\": 1, \"b\": 1}",
                () -> ToolFormat.allReaders(ToolCatalog.of(add)));
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().tool()).isEqualTo("加法"));
    }

    /** smolagents toolcalling_agent.yaml: Action: then a JSON call object, with no fence. */
    @Test
    void actionFollowedByAnUnfencedJsonCallIsACallWithNoLabelLeftInTheProse() {
        List<Segment> s = auto("Action:\n{\n  \"name\": \"add\",\n  \"arguments\": {\"a\": 1, \"b\": 2}\n}");
        assertThat(kinds(s)).containsExactly("call");
    }

    /** LangChain test_react_json_single_input: the JSON in a fence with no language. */
    @Test
    void actionFollowedByABareFencedJsonCallIsACall() {
        List<Segment> s = auto("Action:\n```\n{\"action\": \"search\", \"action_input\": \"cats\"}\n```\n");
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.use().kwargs()).isEqualTo(Map.of("query", "cats")));
    }

    /** LlamaIndex test_extract_final_response: its final answer is written "Answer:". */
    @Test
    void aThoughtBeforeAnAnswerIsReasoning() {
        assertThat(kinds(auto("Thought: I can answer.\nAnswer: 2\n"))).containsExactly("thinking", "prose");
    }

    /** CrewAI test_missing_action_input_error: a declared tool's Action with no input is reported, not shown as prose. */
    @Test
    void anActionWithoutItsInputAtTheEndIsReportedNotRun() {
        List<Segment> s = auto("Thought: Let me search.\nAction: search");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed");
        assertThat(kinds(auto("Thought: Let me search.\nAction: nothing_declared"))).doesNotContain("unparsed", "call");
    }

    /** LlamaIndex test_extract_tool_use_extra_action_output: a description in parentheses after the name. */
    @Test
    void aDescriptionAfterTheToolNameIsNotPartOfIt() {
        assertThat(calls(auto("Action: add (add two numbers)\nAction Input: {\"a\": 1, \"b\": 2}"))).singleElement()
                .satisfies(c -> assertThat(c.use().tool()).isEqualTo("add"));
    }
}
