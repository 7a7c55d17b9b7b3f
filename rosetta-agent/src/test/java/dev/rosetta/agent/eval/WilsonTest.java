package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WilsonTest {

    @Test
    void lowerBoundAtZEqualsOneMatchesTheFormula() {
        assertThat(Wilson.lowerBound(3, 3)).isCloseTo(0.75, within(1e-9));
        assertThat(Wilson.lowerBound(40, 44)).isCloseTo(0.8562, within(1e-4));
        assertThat(Wilson.lowerBound(0, 5)).isZero();
        assertThat(Wilson.lowerBound(0, 0)).isZero();
    }

    @Test
    void manyPassesRankAboveAFewPerfectOnes() {
        assertThat(Wilson.lowerBound(40, 44)).isGreaterThan(Wilson.lowerBound(3, 3));
        assertThat(Wilson.lowerBound(19, 20)).isGreaterThan(Wilson.lowerBound(4, 4));
    }

    @Test
    void moreRunsAtTheSameRateRaiseTheBound() {
        double previous = 0;
        for (int n = 2; n <= 64; n *= 2) {
            double bound = Wilson.lowerBound(n / 2, n);
            assertThat(bound).isGreaterThan(previous).isLessThan(0.5);
            previous = bound;
        }
    }
}
