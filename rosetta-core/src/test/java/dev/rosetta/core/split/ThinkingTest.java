package dev.rosetta.core.split;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.unparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment.Thinking;

/** Thinking tags in every format: never a way to lose a call. */
class ThinkingTest {

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.MARKDOWN);
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void thinkBlockBecomesThinkingWithoutItsTags(ToolFormat format) {
        List<Segment> s = Splitting.split("<think>\nPlan: list files.\n</think>\nHere goes.", format);
        assertThat(s.get(0)).isEqualTo(new Thinking("\nPlan: list files.\n", 0, 34, 7));
        assertThat(kinds(s)).containsExactly("thinking", "prose");
    }

    @Test
    void aCallInsideReasoningIsReportedNamingTheMarkerThatOpenedIt() {
        List<Segment> s = Splitting.split("<seed:think>\nI could run\n<tool_call>\n{\"name\": \"shell\", \"arguments\":"
                + " {\"command\": \"ls\"}}\n</tool_call>\n</seed:think>\nok", ToolFormat.SEED_OSS);
        assertThat(unparsed(s)).singleElement().satisfies(u -> assertThat(u.problem())
                .contains("inside <seed:think>…</seed:think> is not run").contains("close the reasoning with </seed:think>"));
    }

    @Test
    void thinkingTagIsReadToo() {
        assertThat(split("<thinking>hmm</thinking>ok").get(0)).isEqualTo(new Thinking("hmm", 0, 24, 10));
    }

    @Test
    void eitherCloserEndsEitherOpener() {
        assertThat(kinds(split("<thinking>\nhmm\n</think>\nok"))).containsExactly("thinking", "prose");
    }

    @Test
    void callAfterThinkingRuns() {
        List<Segment> s = split("<think>I should list.</think>\n```shell\nls\n```\n");
        assertThat(kinds(s)).containsExactly("thinking", "prose", "call");
    }

    @Test
    void callInsideThinkingIsUnparsedAndSplitsTheThinking() {
        List<Segment> s = split("<think>\nMaybe:\n```shell\nrm -rf build\n```\nNo.\n</think>\nDone.");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking", "prose");
        assertThat(calls(s)).isEmpty();
        assertThat(unparsed(s).get(0).problem()).contains("inside <think>");
        assertThat(((Thinking) s.get(2)).text()).isEqualTo("No.\n");
    }

    @ParameterizedTest
    @EnumSource(value = ToolFormat.class, names = {"TOOL"})
    void atCallInsideThinkingIsUnparsed(ToolFormat format) {
        List<Segment> s = Splitting.split("<think>\n@shell(c1): {\"command\": \"ls\"}\n</think>", format);
        assertThat(calls(s)).isEmpty();
        assertThat(unparsed(s)).hasSize(1);
    }

    @Test
    void strayCloserIsProseAndKeepsTheCallsBeforeIt() {
        List<Segment> s = split("```shell\nls\n```\n```shell\npwd\n```\n</think>\nAll done.");
        assertThat(calls(s)).hasSize(2);
        assertThat(kinds(s)).containsExactly("call", "call", "prose");
    }

    @Test
    void unclosedOpenerMakesThinkingOfTheRestButReportsItsCalls() {
        List<Segment> s = split("<think>\nI will run it:\n```shell\nls\n```\nand then more");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking");
        assertThat(calls(s)).isEmpty();
    }

    @Test
    void callsBeforeAnUnclosedOpenerStillRun() {
        List<Segment> s = split("```shell\nls\n```\n<think>\nwhat next");
        assertThat(kinds(s)).containsExactly("call", "thinking");
    }

    @Test
    void closerEndsThinkingEvenInsideAnOpenFence() {
        List<Segment> s = split("<think>\n```shell\nls\n</think>\n```shell\npwd\n```\n");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking", "prose", "call");
        assertThat(onlyCall(s).use().content()).isEqualTo("pwd");
        assertThat(unparsed(s).get(0).problem()).startsWith("unclosed fence");
    }

    @Test
    void openerNotAtLineStartIsProse() {
        assertThat(kinds(split("I use <think> tags.\n```shell\nls\n```"))).containsExactly("prose", "call");
    }

    @Test
    void openerInsideAFencedBodyIsContent() {
        assertThat(onlyCall(split("```save t.html\n<think>\n```")).use().content()).isEqualTo("<think>");
    }

    @Test
    void openerInsideThinkingIsThinkingText() {
        List<Segment> s = split("<think>a\n<think>\nb</think>c");
        assertThat(s.get(0)).isEqualTo(new Thinking("a\n<think>\nb", 0, 26, 7));
    }

    @Test
    void thinkingStreamsAsThinkingDeltas() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, dev.rosetta.core.tool.BuiltinTools.catalog());
        assertThat(thinkingText(splitter.feed("<think>\nfirst "))).isEqualTo("\nfirst ");
        assertThat(thinkingText(splitter.feed("second</th"))).isEqualTo("second");
        List<StreamEvent> last = splitter.feed("ink>");
        assertThat(last).containsExactly(new StreamEvent.Completed(new Thinking("\nfirst second", 0, 28, 7)));
    }

    private static String thinkingText(List<StreamEvent> events) {
        StringBuilder out = new StringBuilder();
        events.stream().filter(StreamEvent.ThinkingDelta.class::isInstance)
                .forEach(e -> out.append(((StreamEvent.ThinkingDelta) e).text()));
        return out.toString();
    }

    @Test
    void partialCloserAtTheEndIsThinkingText() {
        assertThat(split("<think>abc</thi").get(0)).isEqualTo(new Thinking("abc</thi", 0, 15, 7));
    }

    @Test
    void emptyThinkingIsOneSegment() {
        assertThat(split("<think></think>")).containsExactly(new Thinking("", 0, 15, 7));
    }

    // --- round two: every shape reasoning comes in ------------------------------------------

    @Test
    void reasoningTagIsRead() {
        assertThat(split("<reasoning>\nhmm\n</reasoning>\nok").get(0)).isEqualTo(new Thinking("\nhmm\n", 0, 28, 11));
    }

    @Test
    void anyReasoningCloserEndsAnyOpener() {
        assertThat(kinds(split("<reasoning>a</think>\nb"))).containsExactly("thinking", "prose");
        assertThat(kinds(split("<think>a</reasoning>\nb"))).containsExactly("thinking", "prose");
    }

    @Test
    void pseudoFenceClosedByAFenceIsThinking() {
        List<Segment> s = split("```thinking\nplan\n```\nok");
        assertThat(s).containsExactly(new Thinking("plan\n", 0, 21, 12), new Segment.Prose("ok", 21, 23));
    }

    @Test
    void pseudoFenceClosedByItsTagIsThinking() {
        List<Segment> s = split("```thinking>\nplan\n</thinking>\nok");
        assertThat(s).containsExactly(new Thinking("plan\n", 0, 29, 13), new Segment.Prose("\nok", 29, 32));
    }

    @Test
    void pseudoFenceKeepsTheFencedBlocksInsideIt() {
        List<Segment> s = split("```thinking\nmaybe:\n```json\n{}\n```\nno\n```\nok");
        assertThat(s.get(0)).isInstanceOfSatisfying(Thinking.class,
                t -> assertThat(t.text()).isEqualTo("maybe:\n```json\n{}\n```\nno\n"));
        assertThat(kinds(s)).containsExactly("thinking", "prose");
    }

    @Test
    void fenceTaggedWithSomethingElseIsNoPseudoFence() {
        assertThat(kinds(split("```thinking-notes\nx\n```\nok"))).containsExactly("prose");
        assertThat(((Segment.Prose) split("```thinking-notes\nx\n```\nok").get(0)).blocks()).hasSize(1);
    }

    @Test
    void pseudoFenceNeverClosedIsThinkingToTheEnd() {
        assertThat(split("```thinking\nplan")).containsExactly(new Thinking("plan", 0, 16, 12));
    }

    @Test
    void openerGluedToAClosingFenceOpensThinking() {
        List<Segment> s = split("```json\n{}\n```<think>x</think>ok");
        assertThat(kinds(s)).containsExactly("prose", "thinking", "prose");
        assertThat(s.get(1)).isEqualTo(new Thinking("x", 14, 30, 21));
    }

    @Test
    void openerGluedToTheClosingFenceOfACallKeepsTheCall() {
        List<Segment> s = split("```shell\nls\n```<think>x</think>\n```shell\npwd\n```");
        assertThat(kinds(s)).containsExactly("call", "thinking", "prose", "call");
    }

    @Test
    void strayCloserGluedToAClosingFenceIsProseAfterTheBlock() {
        List<Segment> s = split("```shell\nls\n```</think>\nok");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(s.get(1)).isEqualTo(new Segment.Prose("</think>\nok", 15, 26));
    }

    @Test
    void openerAfterTextWithItsCloserOnTheLineIsThinking() {
        assertThat(split("So.<think>x</think> ok")).containsExactly(new Segment.Prose("So.", 0, 3),
                new Thinking("x", 3, 19, 10), new Segment.Prose(" ok", 19, 22));
    }

    @Test
    void openerEndingALineOfTextIsThinking() {
        List<Segment> s = split("So.<think>\nplan\n</think>\nok");
        assertThat(kinds(s)).containsExactly("prose", "thinking", "prose");
        assertThat(s.get(1)).isEqualTo(new Thinking("\nplan\n", 3, 24, 10));
    }

    @Test
    void openerInInlineCodeIsProse() {
        assertThat(kinds(split("Write `<think>` first.\n```shell\nls\n```"))).containsExactly("prose", "call");
    }

    @Test
    void midLineOpenerWaitsOnlyForTheRestOfItsLine() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, dev.rosetta.core.tool.BuiltinTools.catalog());
        assertThat(splitter.feed("So.<think> ")).containsExactly(new StreamEvent.ProseDelta("So."));
        assertThat(splitter.feed("I")).isEmpty();
        assertThat(splitter.feed(" use it\n")).containsExactly(new StreamEvent.ProseDelta("<think> I use it\n"));
    }

    @Test
    void pseudoFenceStreamsAsThinkingDeltas() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, dev.rosetta.core.tool.BuiltinTools.catalog());
        assertThat(splitter.feed("```thinking\n")).isEmpty();
        assertThat(thinkingText(splitter.feed("plan\n"))).isEqualTo("plan\n");
        assertThat(splitter.feed("```\n")).containsExactly(new StreamEvent.Completed(new Thinking("plan\n", 0, 21, 12)));
    }

    /** Ollama's Magistral parser: Mistral's reasoning models write [THINK]…[/THINK]. */
    @Test
    void magistralBracketTokensAreReasoning() {
        List<Segment> s = split("content\n[THINK]I should list files.[/THINK]\n```shell\nls\n```");
        assertThat(kinds(s)).containsExactly("prose", "thinking", "prose", "call");
        assertThat(((Thinking) s.get(1)).text()).isEqualTo("I should list files.");
        assertThat(kinds(split("Mid-line: x[THINK]y[/THINK]z"))).containsExactly("prose", "thinking", "prose");
        assertThat(kinds(split("[THINK] is how Magistral starts reasoning."))).containsExactly("thinking");
        assertThat(unparsed(split("[THINK]\n```shell\nls\n```\n[/THINK]"))).hasSize(1);
    }
}
