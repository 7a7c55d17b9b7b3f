package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class CostGuardTest {

    @Test
    void noRunStartsOnceTheEstimateWouldPassTheLimit() {
        CostGuard guard = new CostGuard(1.0);
        assertThat(guard.mayStart("m")).isTrue();
        guard.finished("m", 0.4);
        assertThat(guard.mayStart("m")).isTrue();
        guard.finished("m", 0.4);
        assertThat(guard.mayStart("m")).as("0.8 spent + 0.4 expected passes 1.0").isFalse();
    }

    @Test
    void runsUnderWayCountAtTheirEstimate() {
        CostGuard guard = new CostGuard(1.0);
        guard.mayStart("m");
        guard.finished("m", 0.3);
        assertThat(guard.mayStart("m")).isTrue();
        assertThat(guard.mayStart("m")).as("0.3 spent, 0.3 under way, 0.3 more").isTrue();
        assertThat(guard.mayStart("m")).as("0.3 spent, 0.6 under way, 0.3 more").isFalse();
    }

    @Test
    void aModelIsEstimatedByItsOwnRunsOnceItHasSome() {
        CostGuard guard = new CostGuard(1.0);
        guard.mayStart("cheap");
        guard.finished("cheap", 0.01);
        guard.mayStart("dear");
        guard.finished("dear", 0.6);
        assertThat(guard.mayStart("cheap")).isTrue();
        guard.finished("cheap", 0.01);
        assertThat(guard.mayStart("dear")).isFalse();
    }

    @Test
    void withoutALimitOrWithUnknownCostsEveryRunStarts() {
        CostGuard unlimited = new CostGuard(null);
        CostGuard unknown = new CostGuard(0.0);
        for (int i = 0; i < 100; i++) {
            assertThat(unlimited.mayStart("m")).isTrue();
            unlimited.finished("m", 5.0);
            assertThat(unknown.mayStart("m")).isTrue();
            unknown.finished("m", null);
        }
    }

    @Test
    void withALimitParallelRunsDoNotStartBlindBeforeOneHasFinished() {
        CostGuard guard = new CostGuard(1.0);
        assertThat(guard.mayStart("m")).isTrue();
        CompletableFuture<Boolean> second = new CompletableFuture<>();
        Thread waiting = Thread.ofPlatform().start(() -> second.complete(guard.mayStart("m")));
        while (waiting.getState() != Thread.State.WAITING) {
            assertThat(second).as("the second run waits for the first one's cost").isNotDone();
            Thread.onSpinWait();
        }
        guard.finished("m", 0.7);
        assertThat(second.join()).as("0.7 spent + 0.7 expected passes 1.0").isFalse();
    }

    @Test
    void aRunThatEndedWithoutARowLetsTheNextOneStart() {
        CostGuard guard = new CostGuard(1.0);
        guard.mayStart("m");
        guard.ended("m");
        assertThat(guard.mayStart("m")).isTrue();
    }
}
