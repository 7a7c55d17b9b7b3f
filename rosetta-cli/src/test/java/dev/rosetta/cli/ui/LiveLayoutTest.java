package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolUse;

/** The live region never outgrows the screen: it leaves the prompt and the status line their rows. */
class LiveLayoutTest {

    private final LiveLayout layout = new LiveLayout(TerminalStyle.plain());

    private List<String> lines(LiveLayout.Content content, int width, int rows) {
        return layout.lines(content, width, rows).stream().map(AttributedString::toString).toList();
    }

    @Test
    void aConfirmationTooLongForTheScreenIsCutInTheMiddleAndTheQuestionStaysLast() {
        String diff = IntStream.rangeClosed(1, 80).mapToObj(i -> "  +line " + i + "\n").collect(Collectors.joining());
        Question q = new Question(new ToolUse("save", List.of("a"), "x", Map.of(), null), diff, "Run save? [y]es");
        List<String> lines = lines(new LiveLayout.Content("", Activity.IDLE, q, List.of(), "•", 0), 80, 24);

        assertThat(lines.size()).isLessThanOrEqualTo(24 - 3);
        assertThat(lines).contains("  +line 1", "  +line 80").anyMatch(l -> l.contains("more lines · Ctrl-O shows all"));
        assertThat(lines).last().isEqualTo("Run save? [y]es");
    }

    @Test
    void aLongQueueShowsItsFirstMessagesAndHowManyMore() {
        List<String> lines = lines(new LiveLayout.Content("", Activity.IDLE, null,
                List.of("one", "two", "three", "four", "five"), "•", 0), 80, 24);
        assertThat(lines).containsExactly("↳ queued: one", "↳ queued: two", "↳ queued: three", "↳ and 2 more queued");
    }

    @Test
    void everyLineFitsTheWidth() {
        String wide = "界🚀".repeat(50) + "e\u0301"; // wide, emoji, and a combining accent
        List<AttributedString> lines = layout.lines(new LiveLayout.Content("", new Activity.Waiting(wide), null,
                List.of(wide), "•", 0), 40, 24);
        assertThat(lines).allMatch(l -> l.columnLength() < 40);
    }
}
