package dev.rosetta.tools.files;

import java.util.List;

/**
 * A unified diff between two texts, as {@code diff -u} and {@code git diff} write it: {@code ---}
 * and {@code +++} headers, {@code @@ -a,b +c,d @@} hunks with three lines of context, and
 * {@code \ No newline at end of file} where a text ends without a line break. Identical texts
 * give an empty string.
 */
public final class UnifiedDiff {

    static final int CONTEXT = 3;

    private UnifiedDiff() {}

    /** Old → new counts of changed lines, for "+5 -3". */
    public record Stat(int added, int removed) {}

    public static String of(String oldText, String newText, String oldLabel, String newLabel) {
        List<String> a = Lines.of(oldText).terminated();
        List<String> b = Lines.of(newText).terminated();
        List<LineDiff.Edit> edits = LineDiff.between(a, b);
        StringBuilder out = new StringBuilder();
        int i = nextChange(edits, 0);
        if (i < 0) {
            return "";
        }
        out.append("--- ").append(oldLabel).append('\n').append("+++ ").append(newLabel).append('\n');
        while (i >= 0) {
            int from = Math.max(0, i - CONTEXT);
            int to = hunkEnd(edits, i);
            hunk(edits, from, to, a, b, out);
            i = nextChange(edits, to);
        }
        return out.toString();
    }

    public static Stat stat(String oldText, String newText) {
        int added = 0;
        int removed = 0;
        for (LineDiff.Edit e : LineDiff.between(Lines.of(oldText).terminated(), Lines.of(newText).terminated())) {
            switch (e.op()) {
                case INSERT -> added++;
                case DELETE -> removed++;
                case EQUAL -> { }
            }
        }
        return new Stat(added, removed);
    }

    /** Where the hunk containing the change at {@code i} ends (exclusive): changes closer than twice the context join it. */
    private static int hunkEnd(List<LineDiff.Edit> edits, int i) {
        int lastChange = i;
        for (int j = i + 1; j < edits.size(); j++) {
            if (edits.get(j).op() != LineDiff.Op.EQUAL) {
                if (j - lastChange - 1 > 2 * CONTEXT) {
                    break;
                }
                lastChange = j;
            }
        }
        return Math.min(edits.size(), lastChange + 1 + CONTEXT);
    }

    private static int nextChange(List<LineDiff.Edit> edits, int from) {
        for (int j = from; j < edits.size(); j++) {
            if (edits.get(j).op() != LineDiff.Op.EQUAL) {
                return j;
            }
        }
        return -1;
    }

    private static void hunk(List<LineDiff.Edit> edits, int from, int to, List<String> a, List<String> b, StringBuilder out) {
        int oldCount = 0;
        int newCount = 0;
        for (int j = from; j < to; j++) {
            LineDiff.Op op = edits.get(j).op();
            oldCount += op == LineDiff.Op.INSERT ? 0 : 1;
            newCount += op == LineDiff.Op.DELETE ? 0 : 1;
        }
        out.append("@@ -").append(start(edits, from, true, oldCount)).append(',').append(oldCount)
                .append(" +").append(start(edits, from, false, newCount)).append(',').append(newCount).append(" @@\n");
        for (int j = from; j < to; j++) {
            LineDiff.Edit e = edits.get(j);
            switch (e.op()) {
                case EQUAL -> line(out, ' ', a.get(e.oldIndex()));
                case DELETE -> line(out, '-', a.get(e.oldIndex()));
                case INSERT -> line(out, '+', b.get(e.newIndex()));
            }
        }
    }

    /** 1-based first line of a side of the hunk; for an empty side, the line before it (0 at the top). */
    private static int start(List<LineDiff.Edit> edits, int from, boolean old, int count) {
        int before = linesBefore(edits, from, old);
        return count == 0 ? before : before + 1;
    }

    /**
     * How many lines of one side come before edit {@code from}: the index of the next edit
     * that has a line on that side, or one past the previous one's.
     */
    private static int linesBefore(List<LineDiff.Edit> edits, int from, boolean old) {
        for (int j = from; j < edits.size(); j++) {
            int index = old ? edits.get(j).oldIndex() : edits.get(j).newIndex();
            if (index >= 0) {
                return index;
            }
        }
        for (int j = from - 1; j >= 0; j--) {
            int index = old ? edits.get(j).oldIndex() : edits.get(j).newIndex();
            if (index >= 0) {
                return index + 1;
            }
        }
        return 0;
    }

    private static void line(StringBuilder out, char prefix, String terminated) {
        out.append(prefix);
        if (terminated.endsWith("\n")) {
            out.append(terminated);
        } else {
            out.append(terminated).append("\n\\ No newline at end of file\n");
        }
    }
}
