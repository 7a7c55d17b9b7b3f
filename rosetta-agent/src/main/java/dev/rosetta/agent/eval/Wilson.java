package dev.rosetta.agent.eval;

/**
 * The Wilson score interval's lower bound at z = 1: a pass rate discounted for how few runs it
 * rests on, so that 3 of 3 (0.75) ranks below 40 of 44 (0.86) — the rule gptme's leaderboard
 * ranks by.
 */
public final class Wilson {

    public static final double Z = 1.0;

    private Wilson() {}

    /** The lower bound for {@code passed} of {@code total}; 0 for no runs. */
    public static double lowerBound(int passed, int total) {
        if (total <= 0) {
            return 0;
        }
        double n = total;
        double p = passed / n;
        double z2 = Z * Z;
        double centre = p + z2 / (2 * n);
        double margin = Z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
        return Math.max(0, (centre - margin) / (1 + z2 / n));
    }
}
