package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class DoublePressTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final DoublePress presses = new DoublePress(now::get);

    @Test
    void secondPressWithinTwoSecondsCounts() {
        assertThat(presses.press()).isFalse();
        now.addAndGet(1_500_000_000L);
        assertThat(presses.press()).isTrue();
    }

    @Test
    void pressAfterTheWindowIsAFirstPressAgain() {
        presses.press();
        now.addAndGet(2_500_000_000L);
        assertThat(presses.press()).isFalse();
        now.addAndGet(100_000_000L);
        assertThat(presses.press()).isTrue();
    }

    @Test
    void somethingElseInBetweenStartsOver() {
        presses.press();
        presses.reset();
        assertThat(presses.press()).isFalse();
    }

    @Test
    void aThirdPressAfterASecondIsAFirst() {
        presses.press();
        assertThat(presses.press()).isTrue();
        assertThat(presses.press()).isFalse();
    }
}
