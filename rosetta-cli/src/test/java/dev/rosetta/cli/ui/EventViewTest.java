package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** A turn's events into the scrollback and the live region, as a frame takes them. */
class EventViewTest {

    private final UiState state = new UiState(TerminalStyle.plain(), () -> 1_000_000_000L);
    private final EventView view = new EventView(state);

    private static final ToolUse SAVE = new ToolUse("save", List.of("notes.md"),
            IntStream.rangeClosed(1, 20).mapToObj(i -> "note " + i + "\n").collect(Collectors.joining()), Map.of(), null);

    private String committed() {
        return state.frame(80, 24).committed();
    }

    /** The live region and the prompt, without taking what waits for the scrollback. */
    private String live() {
        return state.promptLines(80, 24).toString();
    }

    @Test
    void proseGoesAheadLineByLineAndTheLineBeingWrittenStaysLive() {
        view.accept(new AgentEvent.ProseDelta("First line.\nSecond li"));

        assertThat(committed()).isEqualTo("First line.\n");
        assertThat(live()).startsWith("Second li");
        view.accept(new AgentEvent.ProseDelta("ne.\n"));
        assertThat(committed()).isEqualTo("Second line.\n");
    }

    @Test
    void aCallIsWrittenLiveThenFoldedIntoTheScrollback() {
        view.accept(new AgentEvent.ProseDelta("Saving.\n"));
        view.accept(new AgentEvent.CallStarted("save", "markdown"));
        assertThat(live()).contains("writing a save call");

        view.accept(new AgentEvent.CallRead(SAVE, "markdown", "```save notes.md\n…```"));
        String shown = committed();
        assertThat(shown).contains("Saving.\n\n▶ save notes.md · 20 lines\n  note 1\n", "  note 8\n",
                "  … 12 more lines · Ctrl-O shows all\n").doesNotContain("note 9\n");
        assertThat(live()).doesNotContain("writing");
    }

    @Test
    void collapseNeverWritesEveryLineOut() {
        state.change(s -> s.scrollback().folding(new Scrollback.Folding(false, 8)));
        view.accept(new AgentEvent.CallRead(SAVE, "markdown", ""));
        assertThat(committed()).contains("note 20").doesNotContain("more lines");
    }

    @Test
    void aRunningToolShowsItsLastLinesLiveUntilItsResultFolds() {
        ToolUse shell = new ToolUse("shell", List.of(), "make", Map.of(), null);
        view.accept(new AgentEvent.ToolStarted(shell));
        view.accept(new AgentEvent.ToolOutput(shell, "one\ntwo\nthree\nfour\nfive\nsix\nseven\n".getBytes()));

        String live = live();
        assertThat(live).contains("shell: make · 0s", "  three", "  seven").doesNotContain("two");
        view.accept(new AgentEvent.ToolFinished(shell, ToolResult.ok("one\ntwo\nthree")));
        assertThat(committed()).contains("✓ shell · exit 0 · 3 lines");
        assertThat(live()).doesNotContain("seven");
    }

    @Test
    void reasoningMovesOnOneLineAndFoldsToOneDimmedLine() {
        view.accept(new AgentEvent.ThinkingDelta("Let me think about "));
        view.accept(new AgentEvent.ThinkingDelta("the files first."));
        assertThat(live()).contains("thinking · 7 words · …Let me think about the files first.");

        view.accept(new AgentEvent.ProseDelta("Answer.\n"));
        assertThat(committed()).isEqualTo("┊ thought · 7 words · Let me think about the files first.\n\nAnswer.\n");
    }

    @Test
    void theTranscriptGetsEveryBlockTheProseAsRuns() {
        view.accept(new AgentEvent.ProseDelta("Before.\n"));
        view.accept(new AgentEvent.CallRead(SAVE, "markdown", ""));
        view.accept(new AgentEvent.ToolFinished(SAVE, ToolResult.ok("Saved notes.md")));
        view.accept(new AgentEvent.ProseDelta("After.\n"));
        view.endTurn();

        List<Block> blocks = state.read(s -> s.scrollback().blocks());
        assertThat(blocks).extracting(Block::kind).containsExactly(Block.Kind.PROSE, Block.Kind.CALL,
                Block.Kind.RESULT, Block.Kind.PROSE);
        assertThat(blocks.get(0).body()).containsExactly("Before.");
    }

    @Test
    void aLineTooLongForTheLiveRegionSendsItsFirstRowsAhead() {
        String words = IntStream.range(0, 400).mapToObj(i -> "w" + i).collect(Collectors.joining(" "));
        view.accept(new AgentEvent.ProseDelta(words));

        String ahead = committed();
        String live = live();
        assertThat(ahead).isNotEmpty();
        assertThat(live.lines().count()).isLessThan(24);
        assertThat((ahead + live).replace("\n", "")).contains(words);
        view.accept(new AgentEvent.ProseDelta("\n"));
        assertThat((ahead + committed()).replace("\n", "")).isEqualTo(words);
    }

    @Test
    void aQueuedMessageShowsUnderTheLiveRegion() {
        state.change(s -> s.queued(List.of("and then this")));
        assertThat(AttributedString.fromAnsi(live()).toString()).contains("↳ queued: and then this");
    }
}
