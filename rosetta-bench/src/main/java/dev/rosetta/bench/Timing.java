package dev.rosetta.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import dev.rosetta.core.dialect.ToolFormat;

/**
 * One benchmark result: which run (batch, stream4 or naive), on which message, and the mean
 * time per message.
 *
 * @param suite  the benchmark class's simple name
 * @param run    the benchmark method: batch, stream4 or naive
 * @param kind   the message kind
 * @param format the tool format read
 * @param size   the message length in UTF-16 chars
 * @param ms     mean milliseconds per message
 * @param error  the 99.9% confidence half-width JMH reports (NaN with a single iteration)
 * @param iterations the warmup and measurement iterations it ran, e.g. "warmup 5×1 s, measurement 5×1 s"
 */
record Timing(String suite, String run, MessageKind kind, ToolFormat format, int size, double ms, double error,
        String iterations) {

    static Timing of(RunResult result) {
        BenchmarkParams p = result.getParams();
        String name = p.getBenchmark();
        String method = name.substring(name.lastIndexOf('.') + 1);
        String type = name.substring(0, name.lastIndexOf('.'));
        Result<?> primary = result.getPrimaryResult();
        return new Timing(type.substring(type.lastIndexOf('.') + 1), method,
                MessageKind.valueOf(p.getParam("kind")), ToolFormat.valueOf(p.getParam("format")),
                Integer.parseInt(p.getParam("size")), primary.getScore(), primary.getScoreError(),
                "warmup " + p.getWarmup().getCount() + "×" + p.getWarmup().getTime() + ", measurement "
                        + p.getMeasurement().getCount() + "×" + p.getMeasurement().getTime());
    }

    /** Million UTF-16 chars per second; the messages are nearly all ASCII, so about MB/s of UTF-8. */
    double mbPerSecond() {
        return size / 1e6 / (ms / 1000);
    }
}
