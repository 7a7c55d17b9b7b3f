package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Where logs live: ROSETTA_LOGS_HOME, else XDG_DATA_HOME, else ~/.local/share. */
class LogDirectoryTest {

    @Test
    void rosettaLogsHomeWins() {
        assertThat(LogDirectory.of(Map.of("ROSETTA_LOGS_HOME", "/tmp/my-logs", "XDG_DATA_HOME", "/data", "HOME", "/h")))
                .isEqualTo(Path.of("/tmp/my-logs"));
    }

    @Test
    void xdgDataHomeIsUsedNext() {
        assertThat(LogDirectory.of(Map.of("XDG_DATA_HOME", "/data", "HOME", "/h")))
                .isEqualTo(Path.of("/data/rosetta/logs"));
    }

    @Test
    void homeIsTheLastResort() {
        assertThat(LogDirectory.of(Map.of("HOME", "/h"))).isEqualTo(Path.of("/h/.local/share/rosetta/logs"));
    }

    @Test
    void aRelativeOrBlankXdgDataHomeIsIgnoredAsTheSpecSays() {
        assertThat(LogDirectory.of(Map.of("XDG_DATA_HOME", "relative/data", "HOME", "/h")))
                .isEqualTo(Path.of("/h/.local/share/rosetta/logs"));
        assertThat(LogDirectory.of(Map.of("XDG_DATA_HOME", " ", "ROSETTA_LOGS_HOME", "", "HOME", "/h")))
                .isEqualTo(Path.of("/h/.local/share/rosetta/logs"));
    }
}
