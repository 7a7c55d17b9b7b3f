package dev.rosetta.core.dialect.markdown;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/**
 * The bare inner fence of a file body (save, append, patch): an inner opener when the rest of the
 * message pairs it, else the closer. Both readings of each shape, each in batch and streamed.
 */
class FileBodyFenceTest {

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.MARKDOWN);
    }

    private static final String README = "# Tool\nInstall:\n```\nnpm install tool\n```\n\nThen run it.";

    // --- the three shapes ------------------------------------------------------------

    @Test
    void readmeWithAnUntaggedBlockIsSavedWhole() {
        Call call = onlyCall(split("```save README.md\n" + README + "\n```"));
        assertThat(call.use().args()).containsExactly("README.md");
        assertThat(call.use().content()).isEqualTo(README);
        assertThat(README.lines()).hasSize(7);
    }

    @Test
    void shellBlockClosesAtOnceAndThePlainBlockAfterItIsProse() {
        String msg = "```shell\nls\n```\nThe output:\n```\na.txt\n```";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(onlyCall(s).use().content()).isEqualTo("ls");
        Prose prose = (Prose) s.get(1);
        assertThat(prose.text()).isEqualTo("The output:\n```\na.txt\n```");
        assertThat(prose.blocks()).hasSize(1);
        assertThat(prose.blocks().get(0).info()).isEmpty();
    }

    @Test
    void bareFenceFollowedByProseAndAToolFenceClosesTheSave() {
        List<Segment> s = split("```save a.md\nx\n```\nNow run it:\n```shell\nls\n```");
        assertThat(kinds(s)).containsExactly("call", "prose", "call");
        assertThat(calls(s).get(0).use().content()).isEqualTo("x");
        assertThat(s.get(1)).isEqualTo(new Prose("Now run it:\n", 19, 31));
        assertThat(calls(s).get(1).use().content()).isEqualTo("ls");
    }

    // --- when the bare fence closes ------------------------------------------------------------

    @Test
    void bareFenceFollowedByABlankLineCloses() {
        List<Segment> s = split("```save a.md\nx\n```\n\n```\ncode\n```\n");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(onlyCall(s).use().content()).isEqualTo("x");
    }

    @Test
    void bareFenceFollowedByALineOfBlanksCloses() {
        assertThat(onlyCall(split("```save a.md\nx\n```\n  \t\r\nlater\n```\nmore\n```")).use().content()).isEqualTo("x");
    }

    @Test
    void bareFenceFollowedByAnotherFenceCloses() {
        List<Segment> s = split("```save a.md\nx\n```\n```json\n{}\n```\n");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(onlyCall(s).use().content()).isEqualTo("x");
    }

    @Test
    void bareFenceAtTheEndOfTheMessageCloses() {
        assertThat(onlyCall(split("```save a.md\nx\n```")).use().content()).isEqualTo("x");
        assertThat(onlyCall(split("```save a.md\nx\n```\n")).use().content()).isEqualTo("x");
    }

    @Test
    void bareFenceFollowedByAClosingRemarkCloses() {
        List<Segment> s = split("```save a.md\nx\n```\nSaved it.");
        assertThat(kinds(s)).containsExactly("call", "prose");
        assertThat(onlyCall(s).use().content()).isEqualTo("x");
        assertThat(s.get(1)).isEqualTo(new Prose("Saved it.", 19, 28));
    }

    @Test
    void innerBlockThatNeverClosesMakesTheFenceTheCloser() {
        List<Segment> s = split("```save a.md\nx\n```\nand then\nsome more words");
        assertThat(onlyCall(s).use().content()).isEqualTo("x");
        assertThat(s.get(1)).isEqualTo(new Prose("and then\nsome more words", 19, 43));
    }

    /** After the pair, a tool fence nests like any other: only the outer close settles the question. */
    @Test
    void toolFenceAfterThePairNestsAndTheOuterCloseSettlesIt() {
        String body = "x\n```\nThe output:\n```\nRun:\n```shell\nls\n```\nend";
        assertThat(onlyCall(split("```save a.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void readmeWithAnUntaggedBlockAndAShellExampleIsSavedWhole() {
        String body = "# T\n```\nnpm i\n```\nRun:\n```shell\n./run\n```\nend";
        assertThat(onlyCall(split("```save R.md\n" + body + "\n```\nSaved.")).use().content()).isEqualTo(body);
    }

    /** gptme's "save with bold text and bare backticks": an alias runs nothing, so its block is part of the file. */
    @Test
    void aliasFenceAfterTheBareFenceIsPartOfTheFileBody() {
        String body = "x\n```\nTry:\n```python\nprint(1)\n```\nok";
        assertThat(onlyCall(split("```save a.md\n" + body + "\n```\n")).use().content()).isEqualTo(body);
    }

    @Test
    void aliasBlockEndingTheReplyAfterTheBareFenceLeavesTheFenceTheCloser() {
        List<Segment> s = split("```save a.md\nx\n```\nTry:\n```python\nprint(1)\n```\n");
        assertThat(kinds(s)).containsExactly("call", "prose", "unparsed");
        assertThat(calls(s).get(0).use().content()).isEqualTo("x");
        assertThat(onlyUnparsed(s).problem()).contains("```python blocks are not run");
    }

    @Test
    void toolFenceInsideTheInnerBlockSettlesTheFenceAsTheCloser() {
        List<Segment> s = split("```save a.md\nx\n```\nrun\n```shell\nls\n```\n```\n");
        assertThat(calls(s)).extracting(c -> c.use().tool()).containsExactly("save", "shell");
        assertThat(calls(s).get(0).use().content()).isEqualTo("x");
    }

    // --- when it opens an inner block ----------------------------------------------------------

    @Test
    void pairedFenceWithAnOuterCloserOpensAnInnerBlock() {
        String body = "x\n```\nThe output:\n```\na.txt";
        assertThat(onlyCall(split("```save a.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void severalUntaggedInnerBlocksAreSavedWhole() {
        String body = "# T\n```\none\n```\ntext\n```\ntwo\n```\nend";
        assertThat(onlyCall(split("```save R.md\n" + body + "\n```\nDone.")).use().content()).isEqualTo(body);
    }

    @Test
    void taggedAndUntaggedInnerBlocksMix() {
        String body = "# T\n```\nnpm i\n```\nUse:\n```python\nimport t\n```\nend";
        assertThat(onlyCall(split("```save R.md\n" + body + "\n```\n")).use().content()).isEqualTo(body);
    }

    @Test
    void taggedBlockInsideAnUntaggedInnerBlockNests() {
        String body = "```\nsee:\n```js\nx\n```\n```\nend";
        assertThat(onlyCall(split("```save R.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void outerCloserFollowedByTextIsAskedAgainAndClosesAtTheEnd() {
        String body = "a\n```\nb\n```\nc";
        List<Segment> s = split("```save R.md\n" + body + "\n```\nAll saved.\n");
        assertThat(onlyCall(s).use().content()).isEqualTo(body);
        assertThat(s.get(1)).isInstanceOfSatisfying(Prose.class, p -> assertThat(p.text()).isEqualTo("All saved.\n"));
    }

    @Test
    void outerCloserGluedToTheNextOpenerSettlesThePair() {
        String body = "a\n```\nb\n```\nc";
        List<Segment> s = split("```save R.md\n" + body + "\n``````shell\nls\n```");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly(body, "ls");
    }

    @ParameterizedTest
    @ValueSource(strings = {"append", "patch"})
    void appendAndPatchReadFileBodiesTheSameWay(String tool) {
        assertThat(onlyCall(split("```" + tool + " R.md\n" + README + "\n```")).use().content()).isEqualTo(README);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shell", "ipython", "jshell"})
    void codeBlocksCloseAtTheFirstBareFence(String tool) {
        List<Segment> s = split("```" + tool + "\nx\n```\nthen\n```\ny\n```");
        assertThat(onlyCall(s).use().content()).isEqualTo("x");
    }

    @Test
    void readIsNotAFileBody() {
        assertThat(onlyCall(split("```read a.txt\n1-2\n```\nthen\n```\ny\n```")).use().content()).isEqualTo("1-2");
    }

    @Test
    void longerOuterFenceNeedsNoGuessing() {
        String body = "x\n```\ny\n```\nz";
        assertThat(calls(split("````save a.md\n" + body + "\n````\n```shell\nls\n```")))
                .extracting(c -> c.use().content()).containsExactly(body, "ls");
    }

    // --- never saved truncated -----------------------------------------------------------------

    @Test
    void fileBodyEndingInsideATaggedInnerBlockIsUnparsed() {
        List<Segment> s = split("```save R.md\n# T\n```bash\nnpm i\n");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).startsWith("unclosed fence");
    }

    /** gptme's "save with structure header and bare backticks": the fence was a line of the file. */
    @Test
    void oneBareFenceFollowedByTextThenTheLastLineClosingSavesTheWholeBody() {
        String body = "# T\n**Structure:**\n```\nmore\n\n## Another\nend";
        for (String tail : List.of("", "\n", "\n\n", "\n \t\n")) {
            assertThat(onlyCall(split("```save R.md\n" + body + "\n```" + tail)).use().content()).as(tail)
                    .isEqualTo(body);
        }
    }

    @Test
    void oddBareFencesBeforeTheLastLineAreSavedWhole() {
        String body = "a\n```\nb\n```\nc\n```\nd";
        assertThat(onlyCall(split("```append R.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void wholeBodyReadingWaitsForTheEndOfTheMessage() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(completedCalls(splitter.feed("```save R.md\n# T\n```\nmore\n```\n"))).isEmpty();
        assertThat(completedCalls(splitter.feed("\n"))).isEmpty();
        assertThat(completedCalls(splitter.finish())).singleElement()
                .satisfies(c -> assertThat(c.use().content()).isEqualTo("# T\n```\nmore"));
    }

    @Test
    void fileBodyEndingAfterAPairedInnerBlockIsUnparsedNotTruncated() {
        String msg = "```save R.md\n# T\n```\nnpm i\n```\nmore text";
        List<Segment> s = split(msg);
        assertThat(calls(s)).isEmpty();
        Segment.Unparsed u = onlyUnparsed(s);
        assertThat(u.raw()).isEqualTo(msg);
        assertThat(u.problem()).startsWith("unclosed fence").contains("opened a block in the file").contains("````");
    }

    // --- an example inside a string -----------------------------------------------------------

    /** gptme's test_apply_with_nested_codeblock: the ```json example ends with the string's quotes. */
    @Test
    void fenceClosedByTheQuotesOfItsStringClosesTheNestedExample() {
        String body = "<<<<<<< ORIGINAL\np = \"\"\"Reply as:\n```json\n{a: 1}\n```\"\"\"\n=======\n"
                + "p = \"\"\"Reply as:\n```json\n{\"a\": 1}\n```\"\"\"\n>>>>>>> UPDATED";
        assertThat(onlyCall(split("```patch p.py\n" + body + "\n```\nPatched.")).use().content()).isEqualTo(body);
    }

    @Test
    void fenceFollowedByPunctuationAtTheTopOfABlockIsALineOfIt() {
        String body = "x\n```);\ny";
        assertThat(onlyCall(split("```save a.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void fenceFollowedByPunctuationDoesNotCloseAPendingInnerBlock() {
        String body = "x\n```\nsee\n```\"\ny\n```\nz";
        assertThat(onlyCall(split("```save a.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    // --- an opener glued to the closer before it ------------------------------------------------

    /** gptme's test_adjacent_outer_fences_outer_level: "```" then "``````patch" meant "```patch". */
    @Test
    void sixBacktickOpenerAfterACloserThatNeverClosesMeantThree() {
        List<Segment> s = split("```patch a.py\nold\n```\n``````patch b.py\nnew\n```\nDone.");
        assertThat(calls(s)).extracting(c -> c.use().args().get(0), c -> c.use().content())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a.py", "old"),
                        org.assertj.core.groups.Tuple.tuple("b.py", "new"));
        assertThat(s.get(s.size() - 1)).isEqualTo(new Prose("Done.", 47, 52));
    }

    @Test
    void sixBacktickBlockAfterACloserThatClosesAtItsOwnLengthKeepsItsInnerFences() {
        String body = "# T\n```\nnpm i\n```\n\nend";
        List<Segment> s = split("```shell\nls\n```\n``````save R.md\n" + body + "\n``````\n");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("ls", body);
    }

    @Test
    void sixBacktickOpenerAfterProseIsNotGlued() {
        List<Segment> s = split("Next:\n``````patch b.py\nnew\n```\n");
        assertThat(calls(s)).isEmpty();
        assertThat(onlyUnparsed(s).problem()).startsWith("unclosed fence");
    }

    @Test
    void manyGluedOpenersInARowAreEachReadAtTheirMeantLength() {
        StringBuilder msg = new StringBuilder("```shell\nls\n```\n");
        for (int i = 0; i < 5; i++) {
            msg.append("``````save f").append(i).append(".txt\nline ").append(i).append("\n```\n");
        }
        assertThat(calls(split(msg.toString()))).extracting(c -> c.use().content())
                .containsExactly("ls", "line 0", "line 1", "line 2", "line 3", "line 4");
    }

    // --- other formats -------------------------------------------------------------------------

    @Test
    void aFencedSaveInXmlModeIsProseNeitherRunNorReported() {
        String msg = "```save README.md\n" + README + "\n```\n";
        assertThat(Splitting.split(msg, ToolFormat.XML)).allMatch(Segment.Prose.class::isInstance);
    }

    @Test
    void callOfAnotherDialectAfterTheCloserIsReadAgainAndRuns() {
        String msg = "```save a.md\nx\n```\n@shell: {\"command\": \"ls\"}\n";
        List<Segment> s = Splitting.split(msg, ToolFormat.MARKDOWN);
        assertThat(calls(s)).extracting(c -> c.use().tool()).containsExactly("save", "shell");
        assertThat(calls(s).get(0).use().content()).isEqualTo("x");
    }

    @Test
    void pendingFenceInsideThinkingIsSettledAtTheThinkingCloser() {
        List<Segment> s = split("<think>\n```save a.md\nx\n```\nhmm\n</think>\n```shell\nls\n```");
        assertThat(kinds(s)).containsExactly("thinking", "unparsed", "thinking", "prose", "call");
        assertThat(onlyCall(s).use().content()).isEqualTo("ls");
    }

    // --- streaming -----------------------------------------------------------------------------

    @Test
    void saveIsHeldWhileItsBareFenceIsAmbiguous() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        splitter.feed("```save R.md\n# T\n```\n");
        assertThat(completedCalls(splitter.feed("npm i\n```\n"))).isEmpty();
        assertThat(completedCalls(splitter.feed("end\n```\n"))).isEmpty();
        List<Call> calls = completedCalls(splitter.feed("\n"));
        assertThat(calls).singleElement().satisfies(c -> assertThat(c.use().content()).isEqualTo("# T\n```\nnpm i\n```\nend"));
    }

    @Test
    void saveCompletesWithTheFirstCharacterOfTheLineAfterAnUnambiguousCloser() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(completedCalls(splitter.feed("```save a.md\nx\n```\n"))).isEmpty();
        assertThat(completedCalls(splitter.feed("\n"))).hasSize(1);
    }

    @Test
    void saveCompletesWhenAToolFenceSettlesItsFenceAsTheCloser() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(completedCalls(splitter.feed("```save a.md\nx\n```\nNow:\n```shel"))).isEmpty();
        List<StreamEvent> events = splitter.feed("l\n");
        assertThat(completedCalls(events)).singleElement().satisfies(c -> assertThat(c.use().content()).isEqualTo("x"));
        assertThat(events).contains(new StreamEvent.ProseDelta("Now:\n"));
    }

    /** An agent that stops generating at the first completed call still gets the whole file. */
    @Test
    void stoppingAtTheFirstCompletedCallNeverCutsTheFileShort() {
        String msg = "```save README.md\n" + README + "\n```\n```shell\ncat README.md\n```\n";
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        List<Call> first = new ArrayList<>();
        for (int i = 0; i < msg.length() && first.isEmpty(); i++) {
            first.addAll(completedCalls(splitter.feed(msg.substring(i, i + 1))));
        }
        assertThat(first).singleElement().satisfies(c -> assertThat(c.use().content()).isEqualTo(README));
    }

    private static List<Call> completedCalls(List<StreamEvent> events) {
        return events.stream().filter(Completed.class::isInstance).map(e -> ((Completed) e).segment())
                .filter(Call.class::isInstance).map(Call.class::cast).toList();
    }
}
