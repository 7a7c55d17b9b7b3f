package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

class ProgressLinesTest {

    /** A clock that moves only when told. */
    private Instant now = Instant.parse("2026-12-05T03:00:00Z");
    private final InstantSource clock = () -> now;
    private final ProgressLines lines = new ProgressLines("srv.build", clock);

    private static McpSchema.ProgressNotification progress(Double done, Double total, String message) {
        return new McpSchema.ProgressNotification("t", done, total, message);
    }

    private List<String> shown(int count, Duration apart, Double total) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(lines.line(progress((double) i, total, null)));
            now = now.plus(apart);
        }
        return out.stream().filter(Objects::nonNull).toList();
    }

    @Test
    void aFloodAtOneInstantIsItsFirstLineOnly() {
        assertThat(shown(100_000, Duration.ZERO, 100_000.0)).containsExactly("srv.build: 0 of 100000");
    }

    @Test
    void aFloodWithATotalIsAtMostOneLineAWholePercentHoweverSlowlyItComes() {
        List<String> shown = shown(100_000, Duration.ofSeconds(2), 100_000.0);

        assertThat(shown).hasSize(100).startsWith("srv.build: 0 of 100000", "srv.build: 1000 of 100000")
                .endsWith("srv.build: 99000 of 100000");
    }

    @Test
    void withoutATotalItIsOneLineASecond() {
        assertThat(shown(50, Duration.ofMillis(250), null)).hasSize(13).startsWith("srv.build: 0", "srv.build: 4");
    }

    @Test
    void aLongMessageIsCutSayingHowLongItWas() {
        String line = lines.line(progress(3.5, null, "x".repeat(1_000_000)));

        assertThat(line).startsWith("srv.build: 3.5 · xxx").endsWith("… (1,000,000 characters)")
                .hasSizeLessThan(ProgressLines.LONGEST_MESSAGE + 60);
        now = now.plusSeconds(1);
        assertThat(lines.line(progress(4.0, null, "  compiling  "))).isEqualTo("srv.build: 4 · compiling");
    }
}
