package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Looks.describe;
import static dev.rosetta.cli.render.Screens.colour;
import static dev.rosetta.cli.render.Screens.withoutSgr;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.core.dialect.ToolFormat;

/**
 * Prose on a colour terminal: markdown rendered line by line as it streams, code blocks where the
 * splitter found them. Outputs are compared as what the user sees ({@link Looks}), not as bytes.
 */
class MarkdownColourTest {

    static final String DOCUMENT = """
            # Plan

            Some **bold**, some *italic*, a `code span` and 2 * 3 = 6 and snake_case_name.
            ## Steps
            - first *item*
              - nested
            1. one
            10) ten
            > quoted **words**
            | Tool | Calls | Notes |
            |:-----|------:|:-----:|
            | `save` | 12 | **new** |
            | shell | 3 |
            ---
            ```java
            public class Hello { // greet
                String s = "hi"; int n = 42;
            }
            ```
            ~~~
            plain fence
            ~~~
            Escaped \\*stars\\* and a backslash \\d.
            Last line without break""";

    /** The reply as the renderer gets it: read by the splitter, streamed in these chunks. */
    private static List<AgentEvent> reply(String... chunks) {
        return Replies.events(List.of(chunks), ToolFormat.MARKDOWN);
    }

    private static String shown(String text) {
        return describe(colour(reply(text)));
    }

    @Test
    void headingsAreBoldWithoutTheirMarks() {
        assertThat(shown("# Title\n## Sub\n")).isEqualTo("[bold+underline:Title]\n[bold:Sub]\n");
    }

    @Test
    void emphasisAndCodeSpansAreStyled() {
        assertThat(shown("a **b** *c* `d`\n")).isEqualTo("a [bold:b] [italic:c] [cyan:d]\n");
    }

    @Test
    void listItemsGetBullets() {
        assertThat(shown("- one\n  - two\n* three\n1. four\n"))
                .isEqualTo("[yellow:•] one\n  [yellow:•] two\n[yellow:•] three\n[yellow:1.] four\n");
    }

    @Test
    void quotesAreDimmed() {
        assertThat(shown("> careful **now**\n")).isEqualTo("[dim:│] [dim:careful ][bold+dim:now]\n");
    }

    @Test
    void aRuleIsDrawn() {
        assertThat(shown("---\n")).isEqualTo("[dim:" + "─".repeat(40) + "]\n");
    }

    @Test
    void lonelyStarsUnderscoresAndBackticksStayText() {
        assertThat(shown("2 * 3 = 6, snake_case_name, a ` tick\n")).isEqualTo("2 * 3 = 6, snake_case_name, a ` tick\n");
    }

    @Test
    void unclosedEmphasisEndsWithTheLine() {
        assertThat(shown("**never closed\nnext line\n")).isEqualTo("[bold:never closed]\nnext line\n");
    }

    @Test
    void fencedCodeIsHighlightedAndItsFencesDimmed() {
        assertThat(shown("```java\npublic int x = 42; // note\n```\n")).isEqualTo("""
                [dim:```java]
                [magenta:public] [magenta:int] x = [cyan:42]; [grey:// note]
                [dim:```]
                """);
    }

    @Test
    void markupInsideCodeIsNotMarkdown() {
        assertThat(shown("```\n# not a heading\n**not bold**\n```\n"))
                .isEqualTo("[dim:```]\n# not a heading\n**not bold**\n[dim:```]\n");
    }

    @Test
    void aProseBlockHoldingANestedLangBlockRendersAsOneCodeBlock() {
        // The old renderer closed the block at the nested block's bare fence and drew the rest as markdown.
        String text = "A README:\n```markdown\n# Title\n```bash\nmake\n```\n**Usage** below.\n```\nafter **it**\n";
        assertThat(shown(text)).isEqualTo("""
                A README:
                [dim:```markdown]
                # Title
                ```bash
                make
                ```
                **Usage** below.
                [dim:```]
                after [bold:it]
                """);
    }

    @Test
    void aLongerFenceHoldsAShorterBareFenceAsCode() {
        assertThat(shown("````json\n```\n{\"a\": 1}\n````\n**done**\n"))
                .isEqualTo("[dim:````json]\n```\n{[blue:\"a\"]: [cyan:1]}\n[dim:````]\n[bold:done]\n");
    }

    @Test
    void tildeFencesTheSplitterDoesNotReadAreNotDrawnAsCode() {
        assertThat(shown("~~~\n**not code**\n~~~\n")).isEqualTo("~~~\n[bold:not code]\n~~~\n");
    }

    @Test
    void indentedFencesTheSplitterDoesNotReadAreNotDrawnAsCode() {
        assertThat(shown("Steps:\n  ```\n  **not code**\n  ```\n"))
                .isEqualTo("Steps:\n  ```\n  [bold:not code]\n  ```\n");
    }

    @Test
    void aFenceWithBackticksInItsInfoStringOpensNoCodeBlock() {
        assertThat(shown("```a`b\n**bold**\n")).endsWith("\n[bold:bold]\n");
    }

    @Test
    void anUnclosedBlockIsCodeToTheEnd() {
        assertThat(shown("See:\n```js\nlet x = 1;")).isEqualTo("See:\n[dim:```js]\n[magenta:let] x = [cyan:1];\n");
    }

    @Test
    void aClosingFenceGluedToTheNextOpeningEndsOneBlockAndStartsTheNext() {
        assertThat(shown("```\na\n``````js\nlet b\n```\n"))
                .isEqualTo("[dim:```]\na\n[dim:``````js]\n[magenta:let] b\n[dim:```]\n");
    }

    @Test
    void codeBlocksOnEitherSideOfACallAreEachDrawnAsCode() {
        String shown = shown("```js\nlet a\n```\n```shell\nls\n```\nThen:\n```\n**b**\n```\n");
        assertThat(shown).startsWith("[dim:```js]\n[magenta:let] a\n[dim:```]\n")
                .endsWith("Then:\n[dim:```]\n**b**\n[dim:```]\n");
    }

    @Test
    void renderedDocumentReadsWell() {
        assertThat(withoutSgr(colour(reply(DOCUMENT)))).isEqualTo("""
                Plan

                Some bold, some italic, a code span and 2 * 3 = 6 and snake_case_name.
                Steps
                • first item
                  • nested
                1. one
                10) ten
                │ quoted words
                Tool  │ Calls │ Notes
                ──────┼───────┼──────
                save  │    12 │  new
                shell │     3
                ────────────────────────────────────────
                ```java
                public class Hello { // greet
                    String s = "hi"; int n = 42;
                }
                ```
                ~~~
                plain fence
                ~~~
                Escaped *stars* and a backslash \\d.
                Last line without break
                """);
    }

    @Test
    void aTableIsDrawnLinedUpWithItsHeaderBoldAndItsCellsStyled() {
        String shown = shown("| Name | Size |\n|---|--:|\n| a.txt | 12 |\n| **b**.bin | 1,024 |\n\nAfter.\n");

        assertThat(shown).isEqualTo("[bold:Name]  [dim:│]  [bold:Size]\n[dim:──────┼──────]\na.txt [dim:│]    12\n"
                + "[bold:b].bin [dim:│] 1,024\n\nAfter.\n");
    }

    @Test
    void rowsWithoutADelimiterRowAreNoTableAndStayAsWritten() {
        assertThat(withoutSgr(colour(reply("| not | a table |\n| just | pipes |\n")))).isEqualTo(
                "| not | a table |\n| just | pipes |\n");
    }

    @Test
    void pipesInCodeSpansAndEscapedPipesStayInTheirCellAndWideCharactersCountTwice() {
        assertThat(withoutSgr(colour(reply("| a | b |\n|-|-|\n| `x|y` | \\| |\n| 日本 | z |\n")))).isEqualTo(
                "a    │ b\n─────┼──\nx|y  │ |\n日本 │ z\n");
    }

    @Test
    void aRowWiderThanTheHeaderKeepsEveryCell() {
        assertThat(withoutSgr(colour(reply("| a |\n|-|\n| 1 | 2 | 3 |\n")))).isEqualTo("a\n──┼───┼──\n1 │ 2 │ 3\n");
    }

    @Test
    void everySplitRendersExactlyLikeTheWhole() {
        List<Looks.Cell> whole = Looks.of(colour(reply(DOCUMENT)));
        for (int cut = 1; cut < DOCUMENT.length(); cut++) {
            assertThat(Looks.of(colour(reply(DOCUMENT.substring(0, cut), DOCUMENT.substring(cut)))))
                    .as("cut at %d", cut).isEqualTo(whole);
        }
    }

    @Test
    void smallRandomDeltasRenderExactlyLikeTheWhole() {
        List<Looks.Cell> whole = Looks.of(colour(reply(DOCUMENT)));
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            List<String> chunks = new ArrayList<>();
            for (int i = 0; i < DOCUMENT.length(); ) {
                int end = Math.min(DOCUMENT.length(), i + 1 + random.nextInt(4));
                chunks.add(DOCUMENT.substring(i, end));
                i = end;
            }
            assertThat(Looks.of(colour(Replies.events(chunks, ToolFormat.MARKDOWN)))).isEqualTo(whole);
        }
    }

    @Test
    void aStoredMessageIsShownExactlyAsItStreamed() {
        String nested = "Intro\n````md\n```py\nx = 1\n```\n````\n```shell\nls\n```\n```js\nlet y\n";
        for (String text : List.of(DOCUMENT, nested)) {
            for (int chunk : new int[] {1, 3, 64}) {
                assertThat(Looks.of(colour(Replies.events(text, ToolFormat.MARKDOWN, chunk))))
                        .as("%s in chunks of %d", text, chunk)
                        .isEqualTo(Looks.of(colour(Replies.stored(text, ToolFormat.MARKDOWN))));
            }
        }
    }

    @Test
    void plainTextIsWrittenPromptlyButAnUndecidedLineStartIsHeld() {
        StringBuilder out = new StringBuilder();
        TerminalRenderer renderer = new TerminalRenderer(out, Screens.COLOUR);
        renderer.accept(new AgentEvent.ProseDelta("Hello wor"));
        assertThat(describe(out.toString())).isEqualTo("Hello wor");
        renderer.accept(new AgentEvent.ProseDelta("ld\n#"));
        assertThat(describe(out.toString())).isEqualTo("Hello world\n");
        renderer.accept(new AgentEvent.ProseDelta("# Head"));
        assertThat(describe(out.toString())).isEqualTo("Hello world\n[bold:Head]");
        renderer.accept(new AgentEvent.ProseDelta("ing and *"));
        assertThat(describe(out.toString())).isEqualTo("Hello world\n[bold:Heading and ]");
    }

    @Test
    void aCodeLineIsHeldUntilItEnds() {
        StringBuilder out = new StringBuilder();
        TerminalRenderer renderer = new TerminalRenderer(out, Screens.COLOUR);
        Replies.events(List.of("```java\npublic cl", "ass A {}\n"), ToolFormat.MARKDOWN).forEach(e -> {
            renderer.accept(e);
            if (e instanceof AgentEvent.ProseDelta d && d.text().endsWith("cl")) {
                assertThat(describe(out.toString())).isEqualTo("[dim:```java]\n");
            }
        });
        assertThat(describe(out.toString())).isEqualTo("[dim:```java]\n[magenta:public] [magenta:class] A {}\n");
    }

    @Test
    void noColorMeansNoEscapes() {
        TerminalStyle style = TerminalStyle.detect(Screens.env("NO_COLOR", "1"), true);
        String out = Screens.render(new TerminalStyle(style.colour(), false), reply(DOCUMENT));
        assertThat(out).doesNotContain("\u001b").isEqualTo(DOCUMENT + "\n");
    }

    @Test
    void withoutColourCodeBlocksAreTheTextAsWritten() {
        String text = "```ts\nlet a = 1;\n```\nok";
        assertThat(Screens.plain(reply(text))).isEqualTo(text + "\n");
    }
}
