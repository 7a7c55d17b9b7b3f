package dev.rosetta.core.dialect.markdown;

import static dev.rosetta.core.split.Splitting.kinds;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.CodeBlock;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.CodeBlockClosing;
import dev.rosetta.core.split.StreamEvent.CodeBlockOpened;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/**
 * The splitter says where the code blocks of prose are, so the renderer never detects a fence
 * itself: what is drawn as code is exactly what no reader claims. Each case is checked in batch
 * and in many streamed chunkings (events included).
 */
class ProseCodeBlockTest {

    private static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.MARKDOWN);
    }

    private static List<CodeBlock> blocks(String message) {
        List<CodeBlock> blocks = new ArrayList<>();
        split(message).forEach(s -> {
            if (s instanceof Prose p) {
                blocks.addAll(p.blocks());
            }
        });
        return blocks;
    }

    @Test
    void aProseBlockHoldingANestedLangBlockIsOneCodeBlock() {
        String msg = "A README:\n```markdown\n# Title\n```python\nprint(1)\n```\nMore.\n```\nDone.";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("prose");
        int start = msg.indexOf("```markdown");
        int close = msg.lastIndexOf("```\n");
        assertThat(((Prose) s.get(0)).blocks()).containsExactly(
                new CodeBlock("markdown", "```", start, msg.indexOf("# Title"), close, close + 4));
    }

    @Test
    void aLongerFenceHoldsBareShorterFencesAsCode() {
        String msg = "````\n```\nnot closed by this\n````\n";
        assertThat(blocks(msg)).containsExactly(new CodeBlock("", "````", 0, 5, msg.length() - 5, msg.length()));
    }

    @Test
    void tildeFencesAreNotCodeBlocks() {
        assertThat(blocks("~~~python\nx = 1\n~~~\n")).isEmpty();
    }

    @Test
    void indentedFencesAreNotCodeBlocks() {
        assertThat(blocks("Steps:\n  ```bash\n  make\n  ```\n")).isEmpty();
    }

    @Test
    void anUnclosedBlockRunsToTheEndOfTheMessage() {
        String msg = "Here:\n```java\nint x;";
        assertThat(blocks(msg)).containsExactly(new CodeBlock("java", "```", 6, 14, msg.length(), msg.length()));
    }

    @Test
    void theInfoStringIsKeptWholeAndStripped() {
        assertThat(blocks("```  kotlin title=\"x.kt\" \nx\n```")).extracting(CodeBlock::info)
                .containsExactly("kotlin title=\"x.kt\"");
    }

    @Test
    void aClosingFenceGluedToTheNextOpeningClosesOneBlockAndOpensTheNext() {
        String msg = "```\na\n``````text\nb\n```\n";
        int glued = msg.indexOf("``````");
        assertThat(blocks(msg)).containsExactly(
                new CodeBlock("", "```", 0, 4, glued, glued + 3),
                new CodeBlock("text", "```", glued + 3, glued + 11, msg.length() - 4, msg.length()));
    }

    @Test
    void callsAndReportedBlocksAreNotCodeBlocks() {
        List<Segment> s = split("```shell\nls\n```\n```python\nprint(1)\n```\n");
        assertThat(kinds(s)).containsExactly("call", "unparsed");
        assertThat(events("```shell\nls\n```\n```python\nprint(1)\n```\n"))
                .noneMatch(e -> e instanceof CodeBlockOpened || e instanceof CodeBlockClosing);
    }

    @Test
    void fencesInsideThinkingMarkNoCodeBlock() {
        String msg = "<think>\n```java\nint x;\n```\n</think>\nok";
        assertThat(blocks(msg)).isEmpty();
        assertThat(events(msg)).noneMatch(e -> e instanceof CodeBlockOpened || e instanceof CodeBlockClosing);
    }

    @Test
    void eachProseSegmentCarriesItsOwnBlocks() {
        String msg = "```js\na\n```\n```shell\nls\n```\n```\nb\n```";
        List<Segment> s = split(msg);
        assertThat(kinds(s)).containsExactly("prose", "call", "prose");
        assertThat(((Prose) s.get(0)).blocks()).extracting(CodeBlock::info).containsExactly("js");
        assertThat(((Prose) s.get(2)).blocks()).extracting(CodeBlock::start).containsExactly(msg.lastIndexOf("```\nb"));
    }

    @Test
    void xmlModeReportsItsProseBlocksToo() {
        List<Segment> s = Splitting.split("Like so:\n```json\n{}\n```\n", ToolFormat.XML);
        assertThat(((Prose) s.get(0)).blocks()).extracting(CodeBlock::info).containsExactly("json");
    }

    @Test
    void aBlockOpensBeforeItsFenceLineAndClosingIsAnnouncedBeforeTheClosingFence() {
        assertThat(events("Hi\n```text\necho\n```\nbye")).containsExactly(
                new ProseDelta("Hi\n"),
                new CodeBlockOpened("text", "```", 3, 11),
                new ProseDelta("```text\necho\n"),
                new CodeBlockClosing(16, 20),
                new ProseDelta("```\nbye"));
    }

    @Test
    void theOpeningEventWaitsForTheWholeFenceLine() {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(splitter.feed("```ja")).isEmpty();
        assertThat(splitter.feed("va\nint")).containsExactly(new CodeBlockOpened("java", "```", 0, 8),
                new ProseDelta("```java\nint"));
    }

    @Test
    void theDisplayEventsOfTheBatchSegmentAreTheStreamedOnes() {
        String msg = "Intro\n````md\n```py\nx\n```\n````\nmid\n```\nopen";
        Prose prose = (Prose) split(msg).get(0);
        assertThat(prose.displayEvents()).containsExactly(
                new ProseDelta("Intro\n"),
                new CodeBlockOpened("md", "````", 6, 13),
                new ProseDelta("````md\n```py\nx\n```\n"),
                new CodeBlockClosing(25, 30),
                new ProseDelta("````\nmid\n"),
                new CodeBlockOpened("", "```", 34, 38),
                new ProseDelta("```\nopen"),
                new CodeBlockClosing(42, 42));
    }

    /** The prose display events of the message fed one character at a time, prose deltas joined. */
    private static List<StreamEvent> events(String msg) {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.MARKDOWN, BuiltinTools.catalog());
        List<StreamEvent> events = new ArrayList<>();
        for (int i = 0; i < msg.length(); i++) {
            events.addAll(splitter.feed(msg.substring(i, i + 1)));
        }
        events.addAll(splitter.finish());
        return Splitting.merged(events);
    }
}
