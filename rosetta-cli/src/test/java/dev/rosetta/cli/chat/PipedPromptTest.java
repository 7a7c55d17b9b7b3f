package dev.rosetta.cli.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/** Piped stdin joins the prompt as a fenced block, fenced by the same rule as the markdown dialect's calls. */
class PipedPromptTest {

    @Test
    void aBacktickRunInsideALineDoesNotLengthenTheFence() {
        // The wrapper used to count every run of backticks (here it wrote `````); no reader takes this one for a fence.
        assertThat(ChatRun.withPiped("what is this?", "use ```` for code\n"))
                .isEqualTo("what is this?\n\n```\nuse ```` for code\n```");
    }

    @Test
    void theFenceIsTheDialectsForTheSameText() {
        String piped = "notes\n   ````\nindented fence\n";
        String fence = "`".repeat(MarkdownDialect.fenceLength(piped));
        assertThat(ChatRun.withPiped("", piped)).isEqualTo(fence + "\n" + piped + fence).startsWith("`````\n");
    }

    @Test
    void thePipedTextIsOneBlockThatNoLineOfItCloses() {
        String piped = "```\nnot the end\n````\n";
        String prompt = ChatRun.withPiped("", piped);
        List<Segment> segments = StreamSplitter.split(prompt, ToolFormat.MARKDOWN, BuiltinTools.catalog());
        assertThat(segments).singleElement().isInstanceOfSatisfying(Segment.Prose.class,
                p -> assertThat(p.blocks()).singleElement()
                        .satisfies(b -> assertThat(b.end()).isEqualTo(prompt.length())));
    }
}
