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
}
