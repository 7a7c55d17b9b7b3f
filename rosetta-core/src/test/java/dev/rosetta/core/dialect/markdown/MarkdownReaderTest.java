package dev.rosetta.core.dialect.markdown;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.kinds;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static dev.rosetta.core.split.Splitting.onlyUnparsed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/** The markdown dialect's rules, each case checked in batch and in many streamed chunkings. */
class MarkdownReaderTest {

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.MARKDOWN);
    }

    private static List<Segment> split(String message, ToolCatalog tools) {
        return Splitting.split(message, ToolFormat.MARKDOWN, tools);
    }

    // --- blocks and fences -------------------------------------------------------------------

    @Test
    void callBetweenProseIsOneCallSegment() {
        List<Segment> s = split("Let me look.\n```shell\nls -la\n```\nDone.");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        Call call = onlyCall(s);
        assertThat(call.use().tool()).isEqualTo("shell");
        assertThat(call.use().content()).isEqualTo("ls -la");
        assertThat(call.raw()).isEqualTo("```shell\nls -la\n```\n");
        assertThat(call.dialect()).isSameAs(MarkdownDialect.INSTANCE);
    }

    @Test
    void proseOnlyMessageIsOneProseSegment() {
        assertThat(split("Just words.\nMore words.")).containsExactly(new Prose("Just words.\nMore words.", 0, 23));
    }

    @Test
    void emptyMessageHasNoSegments() {
        assertThat(split("")).isEmpty();
    }

    @Test
    void closingFenceFollowedByProseOnTheNextLineStillCloses() {
        List<Segment> s = split("```shell\nls\n```\nLet me run it.");
        assertThat(onlyCall(s).use().content()).isEqualTo("ls");
        assertThat(s.get(1)).isEqualTo(new Prose("Let me run it.", 16, 30));
    }

    @Test
    void closingFenceAtTheEndOfTheMessageWithoutNewlineCloses() {
        assertThat(onlyCall(split("```shell\nls\n```")).use().content()).isEqualTo("ls");
    }

    @Test
    void closingFenceWithTrailingSpacesCloses() {
        assertThat(onlyCall(split("```shell\nls\n```   \nok")).use().content()).isEqualTo("ls");
    }

    @Test
    void contentExcludesOnlyTheNewlineBeforeTheClosingFence() {
        assertThat(onlyCall(split("```save a.txt\nx\n\n```")).use().content()).isEqualTo("x\n");
    }

    @Test
    void emptyBlockHasEmptyContent() {
        assertThat(onlyCall(split("```shell\n```")).use().content()).isEmpty();
    }

    @Test
    void blockHoldingOneBlankLineHasEmptyContent() {
        assertThat(onlyCall(split("```shell\n\n```")).use().content()).isEmpty();
    }

    @Test
    void crlfLineEndingsCloseAndStayInsideTheBody() {
        Call call = onlyCall(split("```save a.txt\r\none\r\ntwo\r\n```\r\nok"));
        assertThat(call.use().content()).isEqualTo("one\r\ntwo");
        assertThat(call.use().args()).containsExactly("a.txt");
    }

    @Test
    void twoCallsInOneMessageComeInOrder() {
        List<Segment> s = split("First:\n```shell\nls\n```\nthen:\n```shell\npwd\n```\n");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("ls", "pwd");
        assertThat(kinds(s)).containsExactly("prose", "call", "prose", "call");
    }

    @Test
    void adjacentBlocksWithoutBlankLineAreTwoCalls() {
        List<Segment> s = split("```shell\nls\n```\n```shell\npwd\n```");
        assertThat(kinds(s)).containsExactly("call", "call");
    }

    @Test
    void closingFenceGluedToTheNextOpeningFenceMakesTwoCalls() {
        List<Segment> s = split("```shell\nls\n``````shell\npwd\n```\n");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("ls", "pwd");
        assertThat(calls(s).get(0).raw()).isEqualTo("```shell\nls\n```");
    }

    @Test
    void closingFenceGluedToAnOpenerWithAPathMakesTwoCalls() {
        String patch = "<<<<<<< ORIGINAL\nx\n=======\ny\n>>>>>>> UPDATED";
        List<Segment> s = split("```save a.md\nx\n``````patch a.md\n" + patch + "\n```\n");
        assertThat(calls(s)).extracting(c -> c.use().tool(), c -> c.use().args(), c -> c.use().content())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("save", List.of("a.md"), "x"),
                        org.assertj.core.groups.Tuple.tuple("patch", List.of("a.md"), patch));
    }

    @Test
    void closingFenceGluedToALongerOpenerMakesTwoCalls() {
        List<Segment> s = split("```shell\nls\n```````save a.md\n```\ninner\n```\n````\nok");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("ls", "```\ninner\n```");
    }

    @Test
    void longerClosingFenceGluedToAnOpenerMakesTwoCalls() {
        List<Segment> s = split("````save a.md\nx\n```````shell\nls\n```");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("x", "ls");
    }

    @Test
    void proseBlockGluedToTheNextCallClosesAndTheCallRuns() {
        List<Segment> s = split("Output:\n```\na.txt\n``````shell\nls\n```");
        assertThat(kinds(s)).containsExactly("prose", "call");
        assertThat(((Prose) s.get(0)).blocks()).hasSize(1);
    }

    @Test
    void gluedFencesMakeTwoCalls() {
        List<Segment> s = split("```shell\nls\n``````shell\npwd\n```");
        assertThat(calls(s)).extracting(c -> c.use().content()).containsExactly("ls", "pwd");
    }

    @Test
    void indentedFenceIsNotAFence() {
        assertThat(kinds(split("Steps:\n  ```shell\n  ls\n  ```\n"))).containsExactly("prose");
    }

    @Test
    void tildeFenceIsNotAFence() {
        assertThat(kinds(split("~~~shell\nls\n~~~\n"))).containsExactly("prose");
    }

    @Test
    void twoBackticksAreNotAFence() {
        assertThat(kinds(split("``shell\nls\n``\n"))).containsExactly("prose");
    }

    @Test
    void backticksInTheInfoStringMakeInlineCodeNotAFence() {
        assertThat(kinds(split("```shell ls``` is how\nyou list\n"))).containsExactly("prose");
    }

    @Test
    void blankSpaceBeforeTheTagIsAllowed() {
        assertThat(onlyCall(split("``` shell\nls\n```")).use().tool()).isEqualTo("shell");
    }

    @Test
    void tagsAreCaseSensitive() {
        assertThat(kinds(split("```Shell\nls\n```"))).containsExactly("prose");
    }

    @Test
    void bodyKeepsTabsUnicodeAndTrailingSpacesExactly() {
        String body = "\tindent  \nemoji 🎉 und Ümlaut\n  trailing  ";
        assertThat(onlyCall(split("```save u.txt\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void linesThatMerelyStartWithBackticksInsideABodyAreContent() {
        String body = "``not a fence``\n`x`";
        assertThat(onlyCall(split("```save b.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void fenceOfADifferentLengthDoesNotCloseTheBlock() {
        assertThat(onlyCall(split("````shell\necho a\n```\necho b\n````")).use().content())
                .isEqualTo("echo a\n```\necho b");
    }

    @Test
    void shorterBareFenceDoesNotCloseALongerBlockEvenAtTheEnd() {
        assertThat(onlyUnparsed(split("````shell\necho a\n```")).problem()).startsWith("unclosed fence");
    }

    // --- which tags make calls ---------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"json", "txt", "output", "diff", "stdout", "yaml", "java", "javascript", "src/x.py", "x.py"})
    void blockTaggedWithALanguageIsProse(String tag) {
        assertThat(kinds(split("Example:\n```" + tag + "\n{\"a\": 1}\n```\n"))).containsExactly("prose");
    }

    @Test
    void untaggedBlockIsProse() {
        assertThat(kinds(split("Output:\n```\ntotal 0\n```\nDone"))).containsExactly("prose");
    }

    @ParameterizedTest
    @CsvSource({"python, ipython", "python3, ipython", "bash, shell", "sh, shell", "zsh, shell", "console, shell"})
    void aliasTagIsUnparsedAndNamesTheTagThatRuns(String alias, String meant) {
        Segment.Unparsed u = onlyUnparsed(split("```" + alias + "\nprint(1)\n```\n"));
        assertThat(u.problem()).contains("```" + alias).contains("```" + (meant.equals("ipython") ? "ipython" : "shell"));
        assertThat(u.raw()).isEqualTo("```" + alias + "\nprint(1)\n```\n");
    }

    @Test
    void pyTagCallsIpython() {
        Call call = onlyCall(split("```py\n1 + 1\n```"));
        assertThat(call.use().tool()).isEqualTo("ipython");
        assertThat(call.use().content()).isEqualTo("1 + 1");
    }

    @Test
    void ipythonTagCallsIpython() {
        assertThat(onlyCall(split("```ipython\nimport os\n```")).use().tool()).isEqualTo("ipython");
    }

    @Test
    void jshellTagCallsJshell() {
        assertThat(onlyCall(split("```jshell\nint x = 1;\n```")).use().tool()).isEqualTo("jshell");
    }

    @Test
    void aliasOfAToolThatIsNotLoadedIsProse() {
        ToolCatalog shellOnly = ToolCatalog.of(BuiltinTools.SHELL);
        assertThat(kinds(split("```python\nprint(1)\n```", shellOnly))).containsExactly("prose");
    }

    @Test
    void toolThatIsNotLoadedIsProse() {
        ToolCatalog shellOnly = ToolCatalog.of(BuiltinTools.SHELL);
        assertThat(kinds(split("```save a.txt\nhi\n```", shellOnly))).containsExactly("prose");
    }

    @Test
    void toolDeclaredOnlyByNameMakesCallsWithWordArguments() {
        ToolCatalog tools = ToolCatalog.of(ToolSpec.named("deploy"));
        Call call = onlyCall(split("```deploy prod --fast\nnotes\n```", tools));
        assertThat(call.use().args()).containsExactly("prod", "--fast");
        assertThat(call.use().content()).isEqualTo("notes");
    }

    @Test
    void aLoadedToolsTagWinsOverAnotherToolsAlias() {
        ToolSpec python = new ToolSpec("python", "", "", List.of(), List.of("python"), List.of(), List.of());
        ToolCatalog tools = ToolCatalog.of(BuiltinTools.IPYTHON, python);
        assertThat(onlyCall(split("```python\nx\n```", tools)).use().tool()).isEqualTo("python");
    }

    // --- paths and arguments -----------------------------------------------------------------

    @Test
    void savePathIsTheRestOfTheFenceLine() {
        Call call = onlyCall(split("```save src/main/App.java\nclass App {}\n```"));
        assertThat(call.use().args()).containsExactly("src/main/App.java");
        assertThat(call.use().content()).isEqualTo("class App {}");
    }

    @Test
    void savePathMayHoldSpaces() {
        assertThat(onlyCall(split("```save my docs/read me.md\nhi\n```")).use().args())
                .containsExactly("my docs/read me.md");
    }

    @Test
    void doubleQuotesAroundThePathAreRemoved() {
        assertThat(onlyCall(split("```save \"my file.txt\"\nhi\n```")).use().args()).containsExactly("my file.txt");
    }

    @Test
    void singleQuotesAroundThePathAreRemoved() {
        assertThat(onlyCall(split("```append 'notes/to do.md'\n- x\n```")).use().args()).containsExactly("notes/to do.md");
    }

    @Test
    void onlyOnePairOfQuotesIsRemoved() {
        assertThat(onlyCall(split("```save \"\"odd\"\"\nhi\n```")).use().args()).containsExactly("\"odd\"");
    }

    @Test
    void mismatchedQuotesStayInThePath() {
        assertThat(onlyCall(split("```save \"a.txt'\nhi\n```")).use().args()).containsExactly("\"a.txt'");
    }

    @Test
    void spacesAroundThePathAreTrimmed() {
        assertThat(onlyCall(split("```save    a.txt   \nhi\n```")).use().args()).containsExactly("a.txt");
    }

    @Test
    void saveWithoutAPathIsACallThatFailsToBindWithAClearMessage() {
        Call call = onlyCall(split("```save\nhi\n```"));
        assertThat(call.use().args()).isEmpty();
        assertThatThrownBy(() -> BuiltinTools.SAVE.bind(call.use()))
                .isInstanceOf(InvalidArgumentsException.class)
                .hasMessageContaining("'path'");
    }

    @Test
    void patchTakesPathAndHunks() {
        String hunk = "<<<<<<< ORIGINAL\nold\n=======\nnew\n>>>>>>> UPDATED";
        Call call = onlyCall(split("```patch src/a.py\n" + hunk + "\n```"));
        assertThat(BuiltinTools.PATCH.bind(call.use()).values())
                .containsEntry("path", "src/a.py").containsEntry("patch", hunk);
    }

    @Test
    void readTakesAnOptionalLineRangeInItsBody() {
        Call withRange = onlyCall(split("```read a.py\n10-20\n```"));
        assertThat(BuiltinTools.READ.bind(withRange.use()).values()).containsEntry("lines", "10-20");
        Call without = onlyCall(split("```read a.py\n```"));
        assertThat(BuiltinTools.READ.bind(without.use()).values()).containsOnlyKeys("path");
    }

    @Test
    void wordsAfterAToolThatTakesNoneFailToBind() {
        Call call = onlyCall(split("```shell -x\nls\n```"));
        assertThat(call.use().args()).containsExactly("-x");
        assertThatThrownBy(() -> BuiltinTools.SHELL.bind(call.use())).hasMessageContaining("got 1");
    }

    // --- nesting -----------------------------------------------------------------------------

    @Test
    void taggedBlockInsideASaveBodyRoundTrips() {
        String body = "# Demo\n\nRun:\n```python\nprint('hi')\n```\n\nThat's it.";
        Call call = onlyCall(split("```save README.md\n" + body + "\n```\nSaved it."));
        assertThat(call.use().content()).isEqualTo(body);
    }

    @Test
    void severalLevelsOfTaggedBlocksNest() {
        String body = "```markdown\n```python\nx = 1\n```\n```";
        assertThat(onlyCall(split("```save deep.md\n" + body + "\n```")).use().content()).isEqualTo(body);
    }

    @Test
    void longerOuterFenceHoldsBareInnerFences() {
        String body = "# Demo\n```\nplain code\n```\nend";
        assertThat(onlyCall(split("````save README.md\n" + body + "\n````")).use().content()).isEqualTo(body);
    }

    /**
     * A bare fence inside a block of code is the closer (CommonMark's rule): the text after it is
     * prose, and a plain block there is prose too. File bodies read it otherwise: FileBodyFenceTest.
     */
    @Test
    void bareInnerFenceInABlockOfCodeCloses() {
        List<Segment> s = split("```shell\nls\n```\n```\nfree text in a plain block\n```\n");
        assertThat(onlyCall(s).use().content()).isEqualTo("ls");
        assertThat(kinds(s)).containsExactly("call", "prose");
    }

    /**
     * In a file body the model meant an untagged inner block when the rest of the message pairs
     * the bare fence and still closes the outer block: the file keeps it. The writer never needs
     * this reading: it chooses a longer outer fence.
     */
    @Test
    void bareInnerFencePairedInAFileBodyIsAnInnerOpener() {
        List<Segment> s = split("```save notes.md\nIntro\n```\ncode\n```\nmore\n```\n");
        assertThat(onlyCall(s).use().content()).isEqualTo("Intro\n```\ncode\n```\nmore");
        assertThat(kinds(s)).containsExactly("call");
        assertThat(MarkdownDialect.INSTANCE.write(onlyCall(s).use(), BuiltinTools.SAVE)).startsWith("````save notes.md\n");
    }

    @Test
    void punctuationAfterAFenceInsideABlockDoesNotNest() {
        assertThat(onlyCall(split("```save a.md\n```===\n```")).use().content()).isEqualTo("```===");
    }

    @Test
    void outerFenceClosesEvenWhileAShorterNestedBlockIsOpen() {
        assertThat(onlyCall(split("````save a.md\n```python\nx\n````\nok")).use().content()).isEqualTo("```python\nx");
    }

    @Test
    void nestedBlockOfTheSameLengthClosesBeforeTheOuterOne() {
        assertThat(onlyCall(split("```save a.md\n```js\nx\n```\n```")).use().content()).isEqualTo("```js\nx\n```");
    }

    // --- unclosed blocks ---------------------------------------------------------------------

    @Test
    void unclosedToolBlockIsUnparsedAndNeverACall() {
        List<Segment> s = split("Writing:\n```save big.py\nprint(1)\nprint(2)");
        assertThat(calls(s)).isEmpty();
        Segment.Unparsed u = onlyUnparsed(s);
        assertThat(u.problem()).startsWith("unclosed fence").contains("```save");
        assertThat(u.raw()).isEqualTo("```save big.py\nprint(1)\nprint(2)");
    }

    @Test
    void unclosedLanguageBlockIsProse() {
        assertThat(kinds(split("Example:\n```json\n{\"a\": 1}\n"))).containsExactly("prose");
    }

    @Test
    void unclosedAliasBlockEndingTheReplyIsReportedAsAnAlias() {
        assertThat(onlyUnparsed(split("```python\nprint(1)\n")).problem()).startsWith("```python blocks are not run");
    }

    @Test
    void unclosedBlockAfterACompleteCallKeepsTheCall() {
        List<Segment> s = split("```shell\nls\n```\n```save x.py\ncut off here");
        assertThat(kinds(s)).containsExactly("call", "unparsed");
    }

    @Test
    void unclosedOuterBlockWithClosedNestedBlockIsUnparsed() {
        assertThat(kinds(split("```save a.md\n```python\nx\n```\n"))).containsExactly("unparsed");
    }

    @Test
    void openingFenceAloneAtTheEndIsUnparsed() {
        assertThat(kinds(split("Let me run:\n```shell"))).containsExactly("prose", "unparsed");
    }

    // --- fences hide other dialects ----------------------------------------------------------

    @Test
    void atCallInsideAFencedBlockIsNotACallInToolFormat() {
        String msg = "The format:\n```json\n@shell(c1): {\"command\": \"ls\"}\n```\n";
        assertThat(kinds(Splitting.split(msg, ToolFormat.TOOL))).containsExactly("prose");
    }

    @Test
    void atCallRunsInMarkdownFormatAsATcall() {
        assertThat(onlyCall(split("@shell(c1): {\"command\": \"ls\"}\n")).dialect().name()).isEqualTo("tool");
    }

    @Test
    void xmlRunsInMarkdownFormatAsXml() {
        assertThat(onlyCall(split("<tool-use>\n<shell>\nls\n</shell>\n</tool-use>\n")).dialect().name()).isEqualTo("xml");
    }

    @Test
    void aFencedCallIsProseInToolFormat() {
        assertThat(kinds(Splitting.split("```shell\nls\n```", ToolFormat.TOOL))).containsExactly("prose");
    }

    @Test
    void aFencedCallIsProseInXmlFormat() {
        assertThat(kinds(Splitting.split("```shell\nls\n```\n", ToolFormat.XML))).containsExactly("prose");
    }

    @Test
    void aFencedAliasIsProseInXmlFormatEvenWhenItEndsTheReply() {
        assertThat(kinds(Splitting.split("```python\n1\n```", ToolFormat.XML))).containsExactly("prose");
    }

    @Test
    void languageBlockIsProseInXmlFormat() {
        assertThat(kinds(Splitting.split("```json\n{}\n```", ToolFormat.XML))).containsExactly("prose");
    }
}
