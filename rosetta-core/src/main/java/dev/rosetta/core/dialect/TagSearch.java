package dev.rosetta.core.dialect;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * Looks for the first of a few tags in raw text ({@code </parameter>}, {@code <arg_key>}, …),
 * resuming where it stopped: each character is read once, and the search holds at a {@code <}
 * only while the visible text could still become one of the tags. Everything else is text,
 * look-alikes such as {@code </toolbox>} or {@code <parameters>} included.
 */
public final class TagSearch {

    private final String[] tags;
    private int scan;
    private int found = -1;

    /** A search from {@code from} for {@code tags}, which all start with '<'. */
    public TagSearch(int from, String... tags) {
        for (String t : tags) {
            if (t.isEmpty() || t.charAt(0) != '<') {
                throw new IllegalArgumentException("a tag starts with '<': " + t);
            }
        }
        this.tags = tags.clone();
        this.scan = from;
    }

    /**
     * The index where one of the tags starts, or -1 when none is in the visible text yet (with
     * complete input: none at all). {@link #found()} tells which tag it was.
     */
    public int find(Input in) {
        int i = scan;
        while (true) {
            i = in.indexOf('<', i);
            if (i < 0) {
                scan = in.limit();
                return -1;
            }
            boolean partial = false;
            for (int t = 0; t < tags.length; t++) {
                Match m = in.match(i, tags[t]);
                if (m == Match.YES) {
                    scan = i;
                    found = t;
                    return i;
                }
                partial |= m == Match.PARTIAL;
            }
            if (partial) {
                scan = i;
                return -1;
            }
            i++;
        }
    }

    /** The search goes on from {@code from} (past a tag that turned out not to be one). */
    public void resume(int from) {
        scan = from;
    }

    /** The index in the constructor's tags of the tag {@link #find} found last. */
    public int found() {
        return found;
    }

    /** The tag {@link #find} found last. */
    public String foundTag() {
        return tags[found];
    }
}
