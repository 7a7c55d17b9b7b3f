package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Screens.colour;
import static dev.rosetta.cli.render.Screens.prose;
import static dev.rosetta.cli.render.Screens.withoutSgr;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;

/** Prose on a colour terminal: markdown rendered line by line as it streams. */
class MarkdownColourTest {

    private static final String B = Tone.BOLD.on();
    private static final String I = Tone.ITALIC.on();
    private static final String R = TerminalStyle.RESET;

    static final String DOCUMENT = """
            # Plan

            Some **bold**, some *italic*, a `code span` and 2 * 3 = 6 and snake_case_name.
            ## Steps
            - first *item*
              - nested
            1. one
            10) ten
            > quoted **words**
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

    @Test
    void headingsAreBoldWithoutTheirMarks() {
        assertThat(colour(prose("# Title\n## Sub\n")))
                .isEqualTo(B + Tone.UNDERLINE.on() + "Title" + R + "\n" + B + "Sub" + R + "\n");
    }

    @Test
    void emphasisAndCodeSpansAreStyled() {
        String out = colour(prose("a **b** *c* `d`\n"));
        assertThat(out).isEqualTo(
                "a " + R + B + "b" + R + " " + R + I + "c" + R + " " + R + Tone.CYAN.on() + "d" + R + "\n");
    }

    @Test
    void listItemsGetBullets() {
        assertThat(withoutSgr(colour(prose("- one\n  - two\n* three\n1. four\n"))))
                .isEqualTo("• one\n  • two\n• three\n1. four\n");
    }

    @Test
    void quotesAreDimmed() {
        String out = colour(prose("> careful\n"));
        assertThat(out).startsWith(Tone.DIM.on() + "│" + R + " " + Tone.DIM.on() + "careful");
        assertThat(withoutSgr(out)).isEqualTo("│ careful\n");
    }

    @Test
    void lonelyStarsUnderscoresAndBackticksStayText() {
        assertThat(withoutSgr(colour(prose("2 * 3 = 6, snake_case_name, a ` tick\n"))))
                .isEqualTo("2 * 3 = 6, snake_case_name, a ` tick\n");
    }

    @Test
    void unclosedEmphasisEndsWithTheLine() {
        String out = colour(prose("**never closed\nnext line\n"));
        assertThat(out).endsWith(R + "\nnext line\n");
    }

    @Test
    void fencedCodeIsHighlightedAndItsFencesDimmed() {
        String out = colour(prose("```java\npublic int x = 42; // note\n```\n"));
        assertThat(out).isEqualTo(Tone.DIM.on() + "```java" + R + "\n"
                + Tone.MAGENTA.on() + "public" + R + " " + Tone.MAGENTA.on() + "int" + R + " x = "
                + Tone.CYAN.on() + "42" + R + "; " + Tone.GREY.on() + "// note" + R + "\n"
                + Tone.DIM.on() + "```" + R + "\n");
    }

    @Test
    void markupInsideCodeIsNotMarkdown() {
        assertThat(withoutSgr(colour(prose("```\n# not a heading\n**not bold**\n```\n"))))
                .isEqualTo("```\n# not a heading\n**not bold**\n```\n");
    }

    @Test
    void renderedDocumentReadsWell() {
        assertThat(withoutSgr(colour(prose(DOCUMENT)))).isEqualTo("""
                Plan

                Some bold, some italic, a code span and 2 * 3 = 6 and snake_case_name.
                Steps
                • first item
                  • nested
                1. one
                10) ten
                │ quoted words
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
    void everySplitRendersExactlyLikeTheWhole() {
        String whole = colour(prose(DOCUMENT));
        for (int cut = 1; cut < DOCUMENT.length(); cut++) {
            assertThat(colour(prose(DOCUMENT.substring(0, cut), DOCUMENT.substring(cut)))).as("cut at %d", cut)
                    .isEqualTo(whole);
        }
    }

    @Test
    void smallRandomDeltasRenderExactlyLikeTheWhole() {
        String whole = colour(prose(DOCUMENT));
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            List<AgentEvent> events = new ArrayList<>();
            for (int i = 0; i < DOCUMENT.length(); ) {
                int end = Math.min(DOCUMENT.length(), i + 1 + random.nextInt(4));
                events.add(new AgentEvent.ProseDelta(DOCUMENT.substring(i, end)));
                i = end;
            }
            assertThat(colour(events)).isEqualTo(whole);
        }
    }

    @Test
    void plainTextIsWrittenPromptlyButAnUndecidedLineStartIsHeld() {
        StringBuilder out = new StringBuilder();
        TerminalRenderer renderer = new TerminalRenderer(out, Screens.COLOUR);
        renderer.accept(new AgentEvent.ProseDelta("Hello wor"));
        assertThat(out).hasToString("Hello wor");
        renderer.accept(new AgentEvent.ProseDelta("ld\n#"));
        assertThat(out).hasToString("Hello world\n");
        renderer.accept(new AgentEvent.ProseDelta("# Head"));
        assertThat(out).hasToString("Hello world\n" + B + "Head");
        renderer.accept(new AgentEvent.ProseDelta("ing and *"));
        assertThat(out).hasToString("Hello world\n" + B + "Heading and ");
    }

    @Test
    void noColorMeansNoEscapes() {
        TerminalStyle style = TerminalStyle.detect(Screens.env("NO_COLOR", "1"), true);
        String out = Screens.render(new TerminalStyle(style.colour(), false), prose(DOCUMENT));
        assertThat(out).doesNotContain("\u001b").isEqualTo(DOCUMENT + "\n");
    }
}
