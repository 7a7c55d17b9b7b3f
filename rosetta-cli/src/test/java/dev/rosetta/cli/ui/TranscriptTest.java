package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** The transcript's state: which block is selected and open, what is on screen, and search. */
class TranscriptTest {

    private static final TerminalStyle PLAIN = TerminalStyle.plain();

    private static List<Block> conversation() {
        Blocks blocks = new Blocks(PLAIN);
        String body = IntStream.rangeClosed(1, 30).mapToObj(i -> "body " + i + "\n").collect(Collectors.joining());
        ToolUse save = new ToolUse("save", List.of("notes.md"), body, Map.of(), null);
        List<Block> all = new ArrayList<>();
        all.add(blocks.user("> ", "write the notes"));
        all.add(Block.text(Block.Kind.PROSE, List.of("I'll write them.")));
        all.add(blocks.call(save));
        all.add(blocks.result(save, ToolResult.ok("Saved notes.md")));
        all.add(Block.text(Block.Kind.PROSE, List.of("Done.")));
        return all;
    }

    private static String screen(Transcript t) {
        return t.screen(80, 40, null).stream().map(AttributedString::toString).collect(Collectors.joining("\n"));
    }

    @Test
    void itOpensAtTheEndWithEveryBlockFolded() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        assertThat(t.selected()).isEqualTo(4);
        assertThat(screen(t)).contains("▸ ▶ save notes.md · 30 lines", "body 8", "… 22 more lines · Enter opens")
                .doesNotContain("body 9\n");
    }

    @Test
    void enterOnABlockOpensItAndAgainFoldsIt() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        t.up();
        t.up();
        t.toggle();
        assertThat(t.isOpen(2)).isTrue();
        assertThat(screen(t)).contains("▾ ▶ save notes.md", "body 30");
        t.toggle();
        assertThat(screen(t)).doesNotContain("body 30");
    }

    @Test
    void blocksThatHideNothingDoNotOpen() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        t.toggle();
        assertThat(t.isOpen(4)).isFalse();
    }

    @Test
    void expandAllAndCollapseAll() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        t.expandAll();
        assertThat(t.isOpen(2)).isTrue();
        t.collapseAll();
        assertThat(t.isOpen(2)).isFalse();
    }

    @Test
    void searchSelectsTheNextBlockHoldingTheTextAndOpensItWhenFoldingHidesIt() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        assertThat(t.find("BODY 27", true)).isTrue();
        assertThat(t.selected()).isEqualTo(2);
        assertThat(t.isOpen(2)).isTrue();
        assertThat(screen(t)).contains("body 27");
        assertThat(t.find("no such words", true)).isFalse();
        assertThat(t.message()).isEqualTo("not found: no such words");
    }

    @Test
    void searchGoesRoundAndBackwards() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        t.find("notes", true);
        int first = t.selected();
        t.find("notes", true);
        int second = t.selected();
        t.find("notes", false);
        assertThat(t.selected()).isEqualTo(first);
        assertThat(second).isNotEqualTo(first);
    }

    @Test
    void theScreenKeepsTheSelectedBlockInViewAndEndsWithTheKeys() {
        Transcript t = new Transcript(conversation(), 8, PLAIN);
        t.expandAll();
        t.home();
        List<AttributedString> lines = t.screen(80, 10, null);
        assertThat(t.screen(40, 10, null).get(9).toString()).as("on a narrow screen too").contains("q back");
        assertThat(lines).hasSize(10);
        assertThat(lines.get(0).toString()).contains("write the notes");
        assertThat(lines.get(9).toString()).startsWith(" transcript · 1/5").contains("q back");
    }
}
