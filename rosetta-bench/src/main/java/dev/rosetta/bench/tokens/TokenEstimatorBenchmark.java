package dev.rosetta.bench.tokens;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import dev.rosetta.agent.tokens.TokenEstimator;

/**
 * What the first token count costs in a fresh JVM: {@link TokenEstimator} loads the o200k_base
 * vocabulary then, not at start-up. Each fork is a new JVM that counts once, so every sample is a
 * cold first count (class loading, the vocabulary, an unwarmed JIT), as a chat pays it.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(20)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class TokenEstimatorBenchmark {

    @Benchmark
    public int firstCount() {
        return TokenEstimator.shared().count("hello world");
    }
}
