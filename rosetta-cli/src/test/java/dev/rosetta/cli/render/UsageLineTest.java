package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.ChatEvent.Usage;

class UsageLineTest {

    @Test
    void inputCountsCachedTokensAndSaysHowMany() {
        assertThat(UsageLine.of(new Usage(434, 256, 800, 0), 0.0031))
                .isEqualTo("tokens: 1,234 in (800 cached) · 256 out · $0.0031");
    }

    @Test
    void unknownCostIsLeftOut() {
        assertThat(UsageLine.of(new Usage(1000, 5, 0, 200), null)).isEqualTo("tokens: 1,200 in · 5 out");
    }

    @Test
    void dollarsAreRoundedToWhatMatters() {
        assertThat(UsageLine.dollars(0.25)).isEqualTo("$0.25");
        assertThat(UsageLine.dollars(0)).isEqualTo("$0.00");
        assertThat(UsageLine.dollars(0.00004)).isEqualTo("<$0.0001");
        assertThat(UsageLine.dollars(12.345678)).isEqualTo("$12.35");
        assertThat(UsageLine.dollars(0.123456)).isEqualTo("$0.1235");
    }
}
