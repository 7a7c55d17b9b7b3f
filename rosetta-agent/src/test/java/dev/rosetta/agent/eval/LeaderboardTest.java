package dev.rosetta.agent.eval;

import static dev.rosetta.agent.eval.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LeaderboardTest {

    private static List<RunRow> pair(String run, String at, String model, String format, int tasks, int passing) {
        List<RunRow> rows = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            rows.add(row(run, at, model, format, "t" + i, 1, i < passing, 0.01));
        }
        return rows;
    }

    @Test
    void onlyTheLatestRunOfATaskCounts() {
        List<RunRow> rows = new ArrayList<>(pair("old", "2026-01-01T00:00:00Z", "m", "xml", 4, 4));
        rows.add(row("new", "2026-02-01T00:00:00Z", "m", "xml", "t0", 1, false, 0.01));
        Leaderboard.Pair p = Leaderboard.of(rows).pairs().getFirst();
        assertThat(p.runs()).isEqualTo(4);
        assertThat(p.passed()).isEqualTo(3);
    }

    @Test
    void theLatestRunCountsWhateverOrderTheRowsComeIn() {
        List<RunRow> rows = new ArrayList<>();
        rows.add(row("new", "2026-02-01T00:00:00Z", "m", "xml", "t0", 1, true, 0.01));
        rows.addAll(pair("old", "2026-01-01T00:00:00Z", "m", "xml", 4, 0));
        assertThat(Leaderboard.of(rows).pairs().getFirst().passed()).isEqualTo(1);
    }

    @Test
    void everyRepeatOfTheLatestRunCounts() {
        List<RunRow> rows = new ArrayList<>(pair("r", "2026-01-01T00:00:00Z", "m", "tool", 4, 4));
        rows.add(row("r", "2026-01-01T00:00:01Z", "m", "tool", "t0", 2, false, 0.01));
        Leaderboard.Pair p = Leaderboard.of(rows).pairs().getFirst();
        assertThat(p.runs()).isEqualTo(5);
        assertThat(p.tasks()).isEqualTo(4);
    }

    @Test
    void pairsWithFewerThanFourTasksAreLeftOut() {
        List<RunRow> rows = new ArrayList<>(pair("r", "2026-01-01T00:00:00Z", "m", "xml", 3, 3));
        rows.addAll(pair("r", "2026-01-01T00:00:00Z", "m", "markdown", 4, 1));
        Leaderboard board = Leaderboard.of(rows);
        assertThat(board.pairs()).extracting(Leaderboard.Pair::format).containsExactly("markdown");
        assertThat(board.leftOut()).extracting(Leaderboard.Pair::format).containsExactly("xml");
        assertThat(board.best("m")).get().extracting(Leaderboard.Pair::format).isEqualTo("markdown");
    }

    @Test
    void theBestFormatHasTheHighestLowerBoundNotTheHighestRate() {
        List<RunRow> rows = new ArrayList<>(pair("r", "2026-01-01T00:00:00Z", "m", "xml", 4, 4));
        rows.addAll(pair("r", "2026-01-01T00:00:00Z", "m", "markdown", 40, 37));
        Leaderboard board = Leaderboard.of(rows);
        assertThat(board.best("m")).get().extracting(Leaderboard.Pair::format).isEqualTo("markdown");
        assertThat(board.pairs().getFirst().format()).isEqualTo("markdown");
    }

    @Test
    void costPerPassAndAdherenceComeFromTheRows() {
        Leaderboard.Pair p = Leaderboard.of(pair("r", "2026-01-01T00:00:00Z", "m", "xml", 4, 2)).pairs().getFirst();
        assertThat(p.costPerPass()).isCloseTo(0.02, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(p.adherence()).isEqualTo(1.0);
    }
}
