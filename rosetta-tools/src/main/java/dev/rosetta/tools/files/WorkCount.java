package dev.rosetta.tools.files;

/**
 * The steps a search took (lines compared, diagonals visited): what tests pin instead of timing
 * it, so a bound on the work holds on a busy machine and fails on a fast one that does too much.
 * One per call; counted once per loop, not once per step.
 */
final class WorkCount {

    private long steps;

    void add(long n) {
        steps += n;
    }

    long steps() {
        return steps;
    }
}
