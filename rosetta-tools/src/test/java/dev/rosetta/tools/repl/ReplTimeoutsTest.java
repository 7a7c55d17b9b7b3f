package dev.rosetta.tools.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class ReplTimeoutsTest {

    @Test
    void settingIsSecondsOrANumberWithAUnit() {
        assertThat(ReplTimeouts.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(ReplTimeouts.parse("1.5")).isEqualTo(Duration.ofMillis(1500));
        assertThat(ReplTimeouts.parse(" 500ms ")).isEqualTo(Duration.ofMillis(500));
        assertThat(ReplTimeouts.parse("20m")).isEqualTo(Duration.ofMinutes(20));
        assertThat(ReplTimeouts.parse("2H")).isEqualTo(Duration.ofHours(2));
        Duration forever = ReplTimeouts.parse("99999999999999999999");
        assertThat(forever).isGreaterThan(Duration.ofDays(3650));
        assertThat(forever.toNanos()).as("an absurd setting still fits a wait in nanoseconds").isPositive();
    }

    @Test
    void missingMalformedOrZeroSettingMeansTwentyMinutes() {
        assertThat(ReplTimeouts.parse(null)).isEqualTo(Duration.ofMinutes(20));
        assertThat(ReplTimeouts.parse("soon")).isEqualTo(Duration.ofMinutes(20));
        assertThat(ReplTimeouts.parse("-5")).isEqualTo(Duration.ofMinutes(20));
        assertThat(ReplTimeouts.parse("0")).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void durationsAreDescribedForPeople() {
        assertThat(ReplTimeouts.describe(Duration.ofSeconds(1))).isEqualTo("1 s");
        assertThat(ReplTimeouts.describe(Duration.ofMillis(1500))).isEqualTo("1.5 s");
        assertThat(ReplTimeouts.describe(Duration.ofMinutes(20))).isEqualTo("20 min");
        assertThat(ReplTimeouts.describe(Duration.ofSeconds(90))).isEqualTo("90 s");
    }
}
