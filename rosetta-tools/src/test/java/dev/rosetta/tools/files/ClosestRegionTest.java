package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class ClosestRegionTest {

    private static List<String> file(int lines) {
        return IntStream.rangeClosed(1, lines).mapToObj(i -> "    total_" + i + " = total_" + (i - 1) + " + price(" + i + ")").toList();
    }

    @Test
    void sharedLinesPlaceTheRegion() {
        List<String> file = file(500);
        List<String> original = List.of(file.get(300), "    total_302 = total_301 + cost(302)", file.get(302));
        ClosestRegion.Region r = ClosestRegion.find(file, original).orElseThrow();
        assertThat(r.start()).isEqualTo(300);
        assertThat(r.length()).isEqualTo(3);
        assertThat(r.firstDifference()).isEqualTo(1);
    }

    @Test
    void whenNoLineIsSharedTheFuzzilyClosestStillWins() {
        List<String> file = file(500);
        // Every line retyped slightly wrong: nothing matches exactly, even after trimming.
        List<String> original = List.of("total_41 = total_40 + price(41);", "total_42 = total_41 + price(42);");
        ClosestRegion.Region r = ClosestRegion.find(file, original).orElseThrow();
        assertThat(r.start()).isEqualTo(40);
        assertThat(r.firstDifference()).isZero();
        assertThat(r.similarity()).isGreaterThan(0.8);
    }

    @Test
    void anOriginalLongerThanTheFileIsComparedWithAllOfIt() {
        ClosestRegion.Region r = ClosestRegion.find(List.of("a", "b"), List.of("a", "b", "c")).orElseThrow();
        assertThat(r.start()).isZero();
        assertThat(r.length()).isEqualTo(2);
        assertThat(r.firstDifference()).isEqualTo(2);
    }

    @Test
    void anEmptyFileHasNoRegion() {
        assertThat(ClosestRegion.find(List.of(), List.of("a"))).isEmpty();
    }

    /**
     * Quick by count: no line is shared, so a few ORIGINAL lines are compared with every file line
     * and a bounded number of candidates scored, a few steps per file line. Comparing every
     * ORIGINAL line with every file line would be 50 per file line.
     */
    @Test
    void aHundredThousandLineFileIsSearchedQuickly() {
        List<String> file = file(100_000);
        // Fifty lines copied with "price" misremembered as "cost" on every one: no line is shared.
        List<String> original = file.subList(70_000, 70_050).stream().map(l -> l.replace("price", "cost")).toList();
        WorkCount work = new WorkCount();
        ClosestRegion.Region r = ClosestRegion.find(file, original, work).orElseThrow();
        assertThat(r.start()).isEqualTo(70_000);
        assertThat(work.steps()).as("steps of the search").isLessThan(8L * file.size());
    }
}
