package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;

/** The [limits] table: sizes and counts, each from the first of the user's files, which a project may only lower. */
class LimitsTest {

    @TempDir
    Path home;

    private Configuration load(String user, String project) throws IOException {
        return ConfigFiles.load(home, user, project);
    }

    @Test
    void withoutAnyFileTheDefaultsHold() throws IOException {
        assertThat(load(null, null).limits()).isEqualTo(new Limits(4L << 20, 50, 1L << 30, 128, 10L << 20));
    }

    @Test
    void sizesAreBytesOrNumbersWithUnits() throws IOException {
        Configuration config = load("""
                [limits]
                reply_size = "1 MiB"
                reply_calls = 10
                tool_outputs = 200000000
                tools = 64
                mcp_log = "500KB"
                """, null);
        assertThat(config.limits()).isEqualTo(new Limits(1L << 20, 10, 200_000_000L, 64, 500_000L));
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void aProjectMayLowerALimitButNeverRaiseOne() throws IOException {
        Configuration config = load("[limits]\nreply_calls = 20\n", """
                [limits]
                reply_calls = 5000
                reply_size = "64 KiB"
                tool_outputs = "1 TiB"
                """);
        assertThat(config.limits()).isEqualTo(new Limits(64L << 10, 20, 1L << 30, 128, 10L << 20));
    }

    @Test
    void aSizeThatIsNoSizeIsAnErrorAtItsLineNamingTheForms() {
        assertThatThrownBy(() -> load("[limits]\nreply_size = \"big\"\n", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("config.toml:2:").hasMessageContaining("[limits] 'reply_size' must be a size")
                .hasMessageContaining("4MiB");
        assertThatThrownBy(() -> load("[limits]\nreply_size = \"5 GiB\"\n", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("must be from 1.0 KiB to 1.0 GiB, not 5.0 GiB");
        assertThatThrownBy(() -> load("[limits]\nreply_calls = 0\n", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("'reply_calls' must be a whole number from 1 to 10000");
    }

    @Test
    void anUnknownLimitIsAWarningNamingTheKnownOnes() throws IOException {
        assertThat(load("[limits]\nreplies = 3\n", null).warnings()).singleElement().asString()
                .contains("[limits] 'replies'").contains("reply_size, reply_calls, tool_outputs, tools, mcp_log");
    }
}
