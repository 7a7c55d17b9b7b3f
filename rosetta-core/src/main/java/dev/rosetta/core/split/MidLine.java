package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

/**
 * Where, inside a prose line, a construct may open: at a character some reader lists in
 * {@link Reader#midLineStarts()}, outside inline code. Inline code is kept simple: a run of N
 * backticks opens a span that the next run of exactly N backticks on the same line closes, and
 * an unclosed span hides the rest of its line (streaming cannot wait for a closer that may
 * never come). Each character is looked at once, so the search is linear in the message.
 */
final class MidLine {

    /** For each listed character, the readers to ask there. */
    private final AskingTable byChar;
    /** For characters below 128: whether the search must stop there (a listed character, '`', '\n'). */
    private final boolean[] stops = new boolean[128];
    /** The listed characters from 128 up, or null when there are none. */
    private final String wide;
    /** By the low byte of a character from 128 up: whether some listed character shares it (most text is passed on that alone). */
    private final boolean[] wideLowByte = new boolean[256];
    private int scan;
    private int skipAt = -1;
    /** The length of the open inline-code span, or 0. */
    private int codeSpan;
    /** The backticks seen in a row just before {@link #scan}. */
    private int ticks;

    private MidLine(List<Reader> readers, List<String> starts) {
        this.byChar = new AskingTable(readers, Reader::midLineStarts);
        StringBuilder wideChars = new StringBuilder();
        for (char c : String.join("", starts).toCharArray()) {
            if (c < 128) {
                stops[c] = true;
            } else {
                wideChars.append(c);
                wideLowByte[c & 0xFF] = true;
            }
        }
        this.wide = wideChars.isEmpty() ? null : wideChars.toString();
        stops['`'] = true;
        stops['\n'] = true;
    }

    /** The mid-line search over {@code readers}, or null when none of them opens mid-line. */
    static MidLine of(List<Reader> readers) {
        List<Reader> listing = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        for (Reader r : readers) {
            String s = r.midLineStarts();
            if (!s.isEmpty()) {
                listing.add(r);
                starts.add(s);
            }
        }
        return listing.isEmpty() ? null : new MidLine(List.copyOf(listing), List.copyOf(starts));
    }

    /**
     * The search resumes at {@code from} with no inline code open: a new line, or the text
     * right after a construct. With {@code askedThere}, {@code from} is a line start the readers
     * were already asked about.
     */
    void restart(int from, boolean askedThere) {
        scan = from;
        skipAt = askedThere ? from : -1;
        codeSpan = 0;
        ticks = 0;
    }

    /**
     * The next candidate at or after {@code from} in this line, or -1 when there is none before
     * the end of the line or of the visible text; then {@link #scanned} tells how far it looked.
     */
    int nextCandidate(Input in, int from) {
        int i = Math.max(scan, from);
        int limit = in.limit();
        if (ticks > 0) {
            i = backticks(in, i);
        }
        for (; i < limit; i++) {
            char c = in.charAt(i);
            if (c < 128 ? !stops[c] : !wideLowByte[c & 0xFF] || wide.indexOf(c) < 0) {
                continue;
            }
            if (c == '`') {
                i = backticks(in, i) - 1;
                if (i + 1 == limit) {
                    scan = limit;
                    return -1;
                }
                continue;
            }
            if (c == '\n') {
                scan = i + 1;
                return -1;
            }
            if (codeSpan == 0 && i != skipAt && byChar.of(c).anyMayClaim(in, i)) {
                scan = i;
                return i;
            }
        }
        scan = i;
        return -1;
    }

    /**
     * Counts the run of backticks from {@code i} (it may have begun before the last delta ended)
     * and, once a character after it is visible, opens or closes a span with it. Returns the
     * index after the run.
     */
    private int backticks(Input in, int i) {
        int limit = in.limit();
        while (i < limit && in.charAt(i) == '`') {
            ticks++;
            i++;
        }
        if (i < limit) {
            endTicks();
        }
        return i;
    }

    /** How far the last {@link #nextCandidate} that found none looked. */
    int scanned() {
        return scan;
    }

    /** The candidate at {@code at} opened nothing: the search goes on after it. */
    void skip(int at) {
        scan = at + 1;
    }

    /** Asks the readers that list the character at {@code at} and may claim the text there, in priority order. */
    Opening open(Input in, int at) {
        return byChar.of(in.charAt(at)).open(in, at, false);
    }

    private void endTicks() {
        if (ticks == 0) {
            return;
        }
        if (codeSpan == 0) {
            codeSpan = ticks;
        } else if (codeSpan == ticks) {
            codeSpan = 0;
        }
        ticks = 0;
    }
}
