package dev.rosetta.agent.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DollarsTest {

    @Test
    void dollarsAreRoundedToWhatMatters() {
        assertThat(Dollars.of(0.25)).isEqualTo("$0.25");
        assertThat(Dollars.of(0)).isEqualTo("$0.00");
        assertThat(Dollars.of(0.00004)).isEqualTo("<$0.0001");
        assertThat(Dollars.of(12.345678)).isEqualTo("$12.35");
        assertThat(Dollars.of(0.123456)).isEqualTo("$0.1235");
    }
}
