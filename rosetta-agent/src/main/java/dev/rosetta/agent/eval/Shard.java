package dev.rosetta.agent.eval;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.RosettaException;

/**
 * {@code --shard K/N}: the K-th of N parts of a matrix (K from 1), made of the runs whose place in
 * the whole matrix is K-1 modulo N. Every run is in exactly one part, the parts differ in size by
 * one at most, and a part depends only on the matrix, so N machines given the same command line
 * and K = 1…N run it all once.
 */
public record Shard(int k, int n) {

    public static final Shard WHOLE = new Shard(1, 1);
    private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

    public Shard {
        if (n < 1 || k < 1 || k > n) {
            throw new RosettaException("--shard " + k + "/" + n + ": shards are numbered 1/N to N/N");
        }
    }

    public static Shard parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new RosettaException("--shard " + text + ": give K/N, e.g. 2/4 for the second of four parts"
                    + " (in a Kubernetes Indexed Job: $((JOB_COMPLETION_INDEX + 1))/N)");
        }
        return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** This shard's runs, in matrix order. */
    public List<PlannedRun> of(List<PlannedRun> matrix) {
        return matrix.stream().filter(r -> r.index() % n == k - 1).toList();
    }

    @Override
    public String toString() {
        return k + "/" + n;
    }
}
