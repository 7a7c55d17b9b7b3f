package dev.rosetta.agent.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Counts checked against jtokkit's o200k_base output (the same ids tiktoken gives). */
class TokenEstimatorTest {

    @Test
    void countsKnownStringsInO200kBase() {
        TokenEstimator estimator = TokenEstimator.shared();
        assertThat(estimator.count("hello world")).isEqualTo(2);
        assertThat(estimator.count("The quick brown fox jumps over the lazy dog.")).isEqualTo(10);
        assertThat(estimator.count("def add(a, b):\n    return a + b\n")).isEqualTo(12);
    }

    @Test
    void usesO200kNotTheOlderCl100k() {
        // cl100k_base spends 4 and 13 tokens on these; o200k_base has the larger multilingual vocabulary.
        assertThat(TokenEstimator.shared().count("こんにちは世界")).isEqualTo(2);
        assertThat(TokenEstimator.shared().count("नमस्ते दुनिया")).isEqualTo(5);
    }

    @Test
    void specialTokenTextCountsAsOrdinaryText() {
        // jtokkit's countTokens throws UnsupportedOperationException here; a chat about tokenizers must not.
        assertThat(TokenEstimator.shared().count("<|endoftext|>")).isEqualTo(7);
        assertThat(TokenEstimator.shared().count("say <|im_start|> and <|endoftext|> hello")).isGreaterThan(7);
    }

    @Test
    void emptyAndMissingTextAreNoTokens() {
        assertThat(TokenEstimator.shared().count("")).isZero();
        assertThat(TokenEstimator.shared().count(null)).isZero();
    }

    /** What the load costs is measured by rosetta-bench's TokenEstimatorBenchmark, not here. */
    @Test
    void vocabularyLoadsOnFirstCountNotOnConstruction() {
        TokenEstimator estimator = new TokenEstimator();
        assertThat(estimator.loaded()).isFalse();
        estimator.count("hello world");
        assertThat(estimator.loaded()).isTrue();
    }

    @Test
    void countingUpToALimitGivesTheCountOfATextBelowIt() {
        TokenEstimator estimator = TokenEstimator.shared();
        java.util.Random random = new java.util.Random(25);
        for (int round = 0; round < 20; round++) {
            StringBuilder text = new StringBuilder();
            while (text.length() < 40_000 + random.nextInt(40_000)) {
                text.append(random.nextBoolean() ? "word " : "x".repeat(random.nextInt(200))).append(random.nextInt(99))
                        .append(random.nextInt(10) == 0 ? "\n" : "");
            }
            long whole = estimator.count(text.toString());
            // Each piece boundary may cut one token in two: a few pieces, a few tokens more.
            assertThat(estimator.countUpTo(text, Long.MAX_VALUE)).isBetween(whole, whole + 8);
        }
    }

    /** Issue 25: a pipe of 100 MB was counted whole before anything could say it was too large. */
    @Test
    void countingUpToALimitStopsSoonAfterPassingIt() {
        int length = 100 << 20;
        int[] furthest = {0};
        CharSequence huge = new CharSequence() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public char charAt(int index) {
                furthest[0] = Math.max(furthest[0], index);
                return index % 7 == 6 ? ' ' : 'w';
            }

            @Override
            public CharSequence subSequence(int start, int end) {
                StringBuilder piece = new StringBuilder(end - start);
                for (int i = start; i < end; i++) {
                    piece.append(charAt(i));
                }
                return piece;
            }
        };

        long tokens = TokenEstimator.shared().countUpTo(huge, 10_000);

        assertThat(tokens).isGreaterThan(10_000);
        assertThat(furthest[0]).as("characters looked at").isLessThan(200_000);
    }
}
