package dev.rosetta.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ShortenedTest {

    @Test
    void aShortTextIsItself() {
        assertThat(Shortened.cut("echo", 10)).isEqualTo("echo");
    }

    @Test
    void aLongTextIsItsStartAndItsLength() {
        assertThat(Shortened.cut("n".repeat(100_000), 5)).isEqualTo("nnnnn… (100,000 characters)");
    }

    @Test
    void aCutNeverSplitsACharacterInTwo() {
        assertThat(Shortened.cut("ab😀cd", 3)).isEqualTo("ab… (6 characters)");
    }

    @Test
    void manyItemsAreTheFirstFewAndACount() {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            items.add("t" + i);
        }
        assertThat(Shortened.someOf(items, 3, 10, ", ")).isEqualTo("t0, t1, t2 and 99,997 more");
        assertThat(Shortened.someOf(items.subList(0, 2), 3, 10, "; ")).isEqualTo("t0; t1");
    }
}
