package dev.rosetta.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.RosettaException;

class DurationSettingTest {

    @Test
    void aBareNumberIsSeconds() {
        assertThat(DurationSetting.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationSetting.parse(" 1.5 ")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationSetting.parse("0.0015")).isEqualTo(Duration.ofMillis(2));
    }

    @Test
    void aNumberWithAUnitIsThatMany() {
        assertThat(DurationSetting.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationSetting.parse("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationSetting.parse("20m")).isEqualTo(Duration.ofMinutes(20));
        assertThat(DurationSetting.parse("2H")).isEqualTo(Duration.ofHours(2));
        assertThat(DurationSetting.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DurationSetting.parse("20 m")).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void partsAddUpLargestFirst() {
        assertThat(DurationSetting.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DurationSetting.parse("2m 30s")).isEqualTo(Duration.ofSeconds(150));
        assertThat(DurationSetting.parse("1h2m3s4ms")).isEqualTo(Duration.ofMillis(3_723_004));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "-5", "+5", "1e3", "5d", "NaN", "Infinity", "0x10", "1h30", "30m1h", "1m1m",
            "5 min", "1,5", ".5", "5.", "m"})
    void anythingElseIsAnErrorSayingWhatIsAccepted(String text) {
        assertThatThrownBy(() -> DurationSetting.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'" + text + "' is not a duration; write " + DurationSetting.FORMS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0s", "0.0001", "0ms", "24h1ms", "25h", "99999999999999999999"})
    void durationsOutsideOneMillisecondToADayAreErrors(String text) {
        assertThatThrownBy(() -> DurationSetting.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'" + text + "' is out of range; a duration is from 1ms to 24h");
    }

    @Test
    void theLongestIsADay() {
        assertThat(DurationSetting.parse("24h")).isEqualTo(DurationSetting.MAX);
        assertThat(DurationSetting.parse("86400")).isEqualTo(DurationSetting.MAX);
    }

    @Test
    void aSettingsErrorNamesWhereItWasSet() {
        assertThatThrownBy(() -> DurationSetting.read("ROSETTA_SHELL_TIMEOUT in the environment", "soon"))
                .isInstanceOf(RosettaException.class)
                .hasMessage("ROSETTA_SHELL_TIMEOUT in the environment: 'soon' is not a duration; write seconds (90, 1.5)"
                        + " or a number with a unit: 500ms, 90s, 20m, 1h30m");
    }
}
