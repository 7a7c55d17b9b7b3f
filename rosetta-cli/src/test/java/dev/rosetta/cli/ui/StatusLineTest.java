package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;

import dev.rosetta.cli.render.TerminalStyle;

/** The status line: what it says, and what it leaves out when the screen is narrow. */
class StatusLineTest {

    private static final Counts COUNTS = new Counts(12_345, 30_500, 2_100, 0.0123, false);

    private static String line(Duration running, int width, Counts counts) {
        return AttributedString.fromAnsi(StatusLine.of(new StatusLine.Facts("gpt-4.1", "markdown", 1_047_576, counts,
                running, "⠋"), width, TerminalStyle.plain())).toString();
    }

    @Test
    void betweenTurnsItSaysModelFormatContextTokensAndCost() {
        assertThat(line(null, 200, COUNTS)).isEqualTo("gpt-4.1 · markdown · 12k/1.0M (1%) · 30k in · 2.1k out · $0.0123");
    }

    @Test
    void duringATurnItLeadsWithTheTimeAndHowToStop() {
        assertThat(line(Duration.ofSeconds(75), 200, COUNTS)).startsWith("⠋ 1m 15s · Esc interrupts · gpt-4.1 · ");
    }

    @Test
    void aNarrowScreenLosesTheCostFirstThenTheTokensAndNeverWraps() {
        String narrow = line(Duration.ofSeconds(3), 60, COUNTS);
        assertThat(narrow).isEqualTo("⠋ 3s · Esc interrupts · gpt-4.1 · markdown · 12k/1.0M (1%)");
        assertThat(narrow.length()).isLessThan(60);
        assertThat(line(null, 30, COUNTS).length()).isLessThan(30);
    }

    @Test
    void estimatesAreMarkedAndAnUnknownCostIsLeftOut() {
        assertThat(line(null, 200, new Counts(900, 1_200, 40, null, true)))
                .isEqualTo("gpt-4.1 · markdown · ≈900/1.0M (0%) · ≈1.2k in · ≈40 out");
    }

    @Test
    void countsAreShortenedToWhatTheEyeTakesIn() {
        assertThat(StatusLine.compact(999)).isEqualTo("999");
        assertThat(StatusLine.compact(1_240)).isEqualTo("1.2k");
        assertThat(StatusLine.compact(128_000)).isEqualTo("128k");
        assertThat(StatusLine.compact(2_000_000)).isEqualTo("2.0M");
    }
}
