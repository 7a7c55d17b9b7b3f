package dev.rosetta.tools.files;

import java.util.Arrays;

/**
 * How alike two lines are: the Sørensen–Dice coefficient of their character bigrams, 0 to 1.
 * Linear in the lines' length, and forgiving of the small differences models make when they
 * retype a line (a renamed variable, a changed literal, spacing).
 */
final class Similarity {

    private Similarity() {}

    static double of(String a, String b) {
        if (a.equals(b)) {
            return 1;
        }
        int[] x = bigrams(a);
        int[] y = bigrams(b);
        if (x.length == 0 || y.length == 0) {
            return 0;
        }
        int shared = 0;
        for (int i = 0, j = 0; i < x.length && j < y.length; ) {
            if (x[i] == y[j]) {
                shared++;
                i++;
                j++;
            } else if (x[i] < y[j]) {
                i++;
            } else {
                j++;
            }
        }
        return 2.0 * shared / (x.length + y.length);
    }

    /** The line's character bigrams, sorted. */
    private static int[] bigrams(String s) {
        int[] out = new int[Math.max(0, s.length() - 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (s.charAt(i) << 16) | s.charAt(i + 1);
        }
        Arrays.sort(out);
        return out;
    }

    /** 256 bits, one set per bigram hash: a line's bigrams in a form that compares in constant time. */
    static long[] signature(String s) {
        long[] bits = new long[4];
        for (int i = 0; i + 1 < s.length(); i++) {
            int h = (s.charAt(i) * 31 + s.charAt(i + 1)) * 0x9E3779B1;
            int bit = h >>> 24;
            bits[bit >>> 6] |= 1L << (bit & 63);
        }
        return bits;
    }

    /** The Dice coefficient of two signatures: close to {@link #of} for lines of ordinary length. */
    static double estimate(long[] a, long[] b) {
        int shared = 0;
        int total = 0;
        for (int k = 0; k < 4; k++) {
            shared += Long.bitCount(a[k] & b[k]);
            total += Long.bitCount(a[k]) + Long.bitCount(b[k]);
        }
        return total == 0 ? 0 : 2.0 * shared / total;
    }
}
