package dev.rosetta.tools.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.RosettaException;

class ReplTimeoutsTest {

    private static Duration run(String setting) {
        return ReplTimeouts.fromEnvironment("ROSETTA_PYTHON_TIMEOUT", Map.of("ROSETTA_PYTHON_TIMEOUT", setting)).run();
    }

    @Test
    void settingIsADuration() {
        assertThat(run("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(run("1.5")).isEqualTo(Duration.ofMillis(1500));
        assertThat(run(" 500ms ")).isEqualTo(Duration.ofMillis(500));
        assertThat(run("20m")).isEqualTo(Duration.ofMinutes(20));
        assertThat(run("1h30m")).isEqualTo(Duration.ofMinutes(90));
    }

    @Test
    void unsetOrBlankMeansTwentyMinutes() {
        assertThat(ReplTimeouts.fromEnvironment("ROSETTA_PYTHON_TIMEOUT", Map.of()).run()).isEqualTo(Duration.ofMinutes(20));
        assertThat(run(" ")).isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void aSettingThatIsNotADurationIsAnErrorNamingTheVariable() {
        for (String bad : new String[] {"soon", "-5", "0", "2 days"}) {
            assertThatThrownBy(() -> run(bad)).as(bad).isInstanceOf(RosettaException.class)
                    .hasMessageStartingWith("ROSETTA_PYTHON_TIMEOUT: '" + bad + "' is ");
        }
    }

    @Test
    void durationsAreDescribedForPeople() {
        assertThat(ReplTimeouts.describe(Duration.ofSeconds(1))).isEqualTo("1 s");
        assertThat(ReplTimeouts.describe(Duration.ofMillis(1500))).isEqualTo("1.5 s");
        assertThat(ReplTimeouts.describe(Duration.ofMinutes(20))).isEqualTo("20 min");
        assertThat(ReplTimeouts.describe(Duration.ofSeconds(90))).isEqualTo("90 s");
    }
}
