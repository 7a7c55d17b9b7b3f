package dev.rosetta.core.split;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.tool.BuiltinTools;

/**
 * Constructs that open after prose on a line ({@code Some prose.<tool_call>…}): the cascade asks
 * the readers that list the character, only there, and never inside inline code.
 */
class MidLineTest {

    private static final String CALL = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}</tool_call>";

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.HERMES);
    }

    @Test
    void callAfterProseOnTheLineOpensThere() {
        List<Segment> s = split("Let me look." + CALL + " Done.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(((Prose) s.get(0)).text()).isEqualTo("Let me look.");
    }

    @Test
    void readersThatListNothingLeaveTheLineProseAsBefore() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(splitter.feed("Let me look.<tool_")).containsExactly(new ProseDelta("Let me look.<tool_"));
        assertThat(kinds(Splitting.split("Let me look." + CALL, ToolFormat.MARKDOWN))).containsExactly("prose");
    }

    @Test
    void onlyAPossibleOpeningIsHeldBack() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HERMES, BuiltinTools.catalog());
        assertThat(splitter.feed("Let me look.<tool_")).containsExactly(new ProseDelta("Let me look."));
        assertThat(splitter.feed("box> is a tag")).containsExactly(new ProseDelta("<tool_box> is a tag"));
    }

    @Test
    void aCharacterNoReaderListsIsReleasedAtOnce() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HERMES, BuiltinTools.catalog());
        assertThat(splitter.feed("a > b and @shell: {")).containsExactly(new ProseDelta("a > b and @shell: {"));
    }

    @Test
    void inlineCodeHidesAnOpeningInsideIt() {
        assertThat(split("Write `" + CALL + "` to call a tool.")).allMatch(Prose.class::isInstance);
    }

    @Test
    void openingAfterAClosedCodeSpanOpens() {
        assertThat(kinds(split("Run `ls` now:" + CALL))).containsExactly("prose", "call");
    }

    @Test
    void codeSpanClosesOnlyAtARunOfItsOwnLength() {
        assertThat(split("Try ``a ` " + CALL + "`` here.")).allMatch(Prose.class::isInstance);
        assertThat(kinds(split("Try ``a ` b`` " + CALL))).containsExactly("prose", "call");
    }

    @Test
    void unclosedCodeSpanHidesTheRestOfItsLineOnly() {
        List<Segment> s = split("A stray ` then " + CALL + "\nNext line." + CALL);
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(((Prose) s.get(0)).text()).isEqualTo("A stray ` then " + CALL + "\nNext line.");
    }

    @Test
    void backticksInsideACallDoNotOpenASpanAfterIt() {
        String withTicks = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"echo `date`\"}}</tool_call>";
        assertThat(calls(split("x" + withTicks + " then `" + CALL))).hasSize(1);
        assertThat(calls(split("x" + withTicks + " then " + CALL))).hasSize(2);
    }

    @Test
    void openingRightAfterAConstructOnTheSameLineOpens() {
        assertThat(kinds(split(CALL + CALL + CALL))).containsExactly("call", "call", "call");
    }

    @Test
    void openingAtALineStartIsAskedOnce() {
        assertThat(kinds(split("<b>bold</b> and " + CALL))).containsExactly("prose", "call");
    }

    @Test
    void openingMidLineInsideThinkingIsReported() {
        List<Segment> s = split("<think>maybe" + CALL + "</think>ok");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking", "prose");
    }

    @Test
    void oneDeltaThatEndsOneCallAndStartsTheNextCompletesTheFirst() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.HERMES, BuiltinTools.catalog());
        int cut = CALL.length() - 5;
        splitter.feed("ok " + CALL.substring(0, cut));
        List<StreamEvent> events = splitter.feed(CALL.substring(cut) + CALL.substring(0, 20));
        assertThat(events).filteredOn(Completed.class::isInstance).extracting(e -> kinds(List.of(((Completed) e).segment())))
                .containsExactly(List.of("prose"), List.of("call"));
        List<Segment> rest = new java.util.ArrayList<>();
        StreamSplitter.collect(splitter.feed(CALL.substring(20)), rest);
        StreamSplitter.collect(splitter.finish(), rest);
        assertThat(kinds(rest)).containsExactly("call");
    }

    @Test
    void surrogatePairBeforeAnOpeningIsNeverSplit() {
        String msg = "🎉🎉" + CALL + "🎉";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(((Prose) s.get(2)).text()).isEqualTo("🎉");
    }

    @Test
    void longProseLineWithManyAngleBracketsStaysProse() {
        String line = "a <b> c < d <tool <tool_call x>, ".repeat(200);
        List<Segment> s = Splitting.split(line, ToolFormat.HERMES);
        assertThat(s).singleElement().isEqualTo(new Prose(line, 0, line.length()));
    }
}
