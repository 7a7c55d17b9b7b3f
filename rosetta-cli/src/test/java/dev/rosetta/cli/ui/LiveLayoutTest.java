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
import dev.rosetta.core.tool.ToolUse;

/** The live region never outgrows the screen: it leaves the prompt and the status line their rows. */
class LiveLayoutTest {

    private final LiveLayout layout = new LiveLayout(TerminalStyle.plain());

    private List<String> lines(LiveLayout.Content content, int width, int rows) {
        return layout.lines(content, width, rows).stream().map(AttributedString::toString).toList();
    }

    /** Issue 25 §1: at a question nothing is folded — an 81-line command is paged through, every line of it. */
    @Test
    void aConfirmationTooLongForTheScreenIsNeverFoldedItsWindowScrollsThroughEveryLine() {
        String command = IntStream.rangeClosed(1, 81).mapToObj(i -> "  " + (i == 41 ? "rm -rf victim" : "echo " + i)
                + "\n").collect(Collectors.joining());
        Question q = new Question(new ToolUse("shell", List.of(), command, Map.of(), null), command,
                "Run shell? [y]es");
        List<String> seen = new ArrayList<>();
        List<String> lines = lines(q, 80, 24);
        assertThat(lines.size()).isLessThanOrEqualTo(24 - 3);
        assertThat(lines).last().isEqualTo("Run shell? [y]es");
        assertThat(lines).noneMatch(l -> l.contains("more lines")).contains("  echo 1")
                .anyMatch(l -> l.startsWith("  lines 1–") && l.contains(" of 81 · ▼ more below: ↓ PgDn Space"));
        for (int pages = 0; q.scrollable() && pages < 20; pages++) {
            seen.addAll(lines);
            q.scroll(0, 1);
            lines = lines(q, 80, 24);
        }
        seen.addAll(lines);
        assertThat(lines).anyMatch(l -> l.contains(" of 81 (the end) · ↑ PgUp scroll back")).contains("  echo 81");
        for (int i = 1; i <= 81; i++) {
            assertThat(seen).contains(i == 41 ? "  rm -rf victim" : "  echo " + i);
        }
    }

    @Test
    void aWindowScrollsByARowBackToTheStartAndNoFurther() {
        String command = IntStream.rangeClosed(1, 40).mapToObj(i -> "  line " + i + "\n").collect(Collectors.joining());
        Question q = new Question(new ToolUse("shell", List.of(), command, Map.of(), null), command, "Run shell?");
        lines(q, 80, 12);
        q.scroll(1, 0);
        assertThat(lines(q, 80, 12)).first().isEqualTo("  line 2");
        q.scroll(-5, 0);
        assertThat(lines(q, 80, 12)).first().isEqualTo("  line 1");
        q.scroll(0, 100);
        assertThat(lines(q, 80, 12)).contains("  line 40").anyMatch(l -> l.contains("(the end)"));
    }

    @Test
    void aConfirmationThatFitsShowsWholeAndDoesNotScroll() {
        Question q = new Question(new ToolUse("shell", List.of(), "ls", Map.of(), null), "  ls\n", "Run shell?");
        assertThat(lines(q, 80, 24)).containsExactly("  ls", "Run shell?");
        assertThat(q.scrollable()).isFalse();
    }

    private List<String> lines(Question q, int width, int rows) {
        return lines(new LiveLayout.Content("", Activity.IDLE, q, List.of(), "•", 0), width, rows);
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
