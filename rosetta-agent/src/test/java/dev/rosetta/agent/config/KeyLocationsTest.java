package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.config.KeyLocations.Location;

/** Finding the line of a key after the fact, for errors that TOML syntax does not catch. */
class KeyLocationsTest {

    private static final String TEXT = """
            # comment
            top = 1
            [models]
              default = "x"
            "quoted key" = 2
            [[providers]]
            name = "a"
            [[providers]]
            name = "b"
            notes = \"\"\"
            fake = 1
            \"\"\"
            after = 3
            [env]
            site.url = 'x'
            """;

    private final KeyLocations locations = KeyLocations.of(TEXT);

    @Test
    void keysAreFoundInTheirTables() {
        assertThat(locations.find(List.of("top"))).contains(new Location(2, 1));
        assertThat(locations.find(List.of("models", "default"))).contains(new Location(4, 3));
        assertThat(locations.find(List.of("models", "quoted key"))).contains(new Location(5, 1));
    }

    @Test
    void eachTableOfAnArrayIsCountedApart() {
        assertThat(locations.find(List.of("providers", "0", "name"))).contains(new Location(7, 1));
        assertThat(locations.find(List.of("providers", "1", "name"))).contains(new Location(9, 1));
    }

    @Test
    void linesInsideAMultiLineStringAreNotKeys() {
        assertThat(locations.find(List.of("providers", "1", "fake"))).contains(new Location(8, 1));
        assertThat(locations.find(List.of("providers", "1", "after"))).contains(new Location(13, 1));
    }

    @Test
    void dottedKeysAreSplit() {
        assertThat(locations.find(List.of("env", "site", "url"))).contains(new Location(15, 1));
    }

    @Test
    void theFirstKeySetTwiceIsFound() {
        assertThat(locations.firstRepeat()).isEmpty();
        assertThat(KeyLocations.of("a = 1\n[t]\na = 2\nb = 1\n  a = 3\n").firstRepeat()).contains(new Location(5, 3));
    }

    @Test
    void anUnknownKeyFallsBackToItsTable() {
        assertThat(locations.find(List.of("env", "NOPE"))).contains(new Location(14, 1));
        assertThat(locations.find(List.of("nowhere"))).isEmpty();
    }
}
