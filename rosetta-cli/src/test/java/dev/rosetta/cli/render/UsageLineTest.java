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
}
