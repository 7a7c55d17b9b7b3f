package dev.rosetta.tools.files;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * A file's lines as {@code read} shows them: {@code number<TAB>text}, numbers right-aligned to
 * the widest one shown, within the range asked for and the output budget, with a last line
 * saying what was left out and which range to read next.
 */
final class NumberedText {

    /** Longer lines (minified code, data) are cut: one line must not use up the output. */
    static final int MAX_LINE = 2_000;
    /** After the output is full, lines are still counted (for "of N lines"), up to this many characters. */
    private static final long MAX_COUNTED_CHARS = 64L << 20;

    private NumberedText() {}

    static String of(Utf8LineReader reader, String shown, LineRange range, int budget) throws IOException, ToolFailure {
        List<String> kept = new ArrayList<>();
        int first = 0;
        int last = 0;
        int used = 0;
        boolean full = false;
        boolean budgetHit = false;
        long countedAfterFull = 0;
        int total = 0;
        for (String line = reader.next(); line != null; line = reader.next()) {
            total++;
            if (full) {
                countedAfterFull += line.length() + 1;
                if (countedAfterFull > MAX_COUNTED_CHARS) {
                    return render(kept, first, last, "of over " + total, range, budgetHit, reader.sawInvalidBytes(), false);
                }
                continue;
            }
            if (!range.contains(total)) {
                if (total > range.last()) {
                    full = true; // past the range: only counting from here
                }
                continue;
            }
            String text = line.length() > MAX_LINE
                    ? line.substring(0, MAX_LINE) + " … [" + (line.length() - MAX_LINE) + " more characters]"
                    : line;
            int cost = text.length() + 8;
            if (used + cost > budget && !kept.isEmpty()) {
                full = true;
                budgetHit = true;
                continue;
            }
            kept.add(text);
            used += cost;
            first = first == 0 ? total : first;
            last = total;
        }
        if (kept.isEmpty()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, shown + " has " + Lines.counted(total) + ", so lines "
                    + range + " are past its end; read 1-" + total + " or a range within it");
        }
        boolean whole = first == 1 && last == total;
        return render(kept, first, last, "of " + total, whole ? LineRange.ALL : range, budgetHit, reader.sawInvalidBytes(),
                range.last() > total);
    }

    /**
     * @param range     the range asked for, or {@link LineRange#ALL} when it covered the whole file
     * @param of        "of 1234" lines, or "of over 1234" when counting was given up
     * @param cut       whether the output limit stopped the lines short of the range's end
     * @param endsEarly whether the file ends before the range does
     */
    private static String render(List<String> kept, int first, int last, String of, LineRange range, boolean cut,
            boolean invalidBytes, boolean endsEarly) {
        int width = String.valueOf(last).length();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < kept.size(); i++) {
            String number = String.valueOf(first + i);
            out.append(" ".repeat(width - number.length())).append(number).append('\t').append(kept.get(i)).append('\n');
        }
        if (cut) {
            int next = last + 1;
            out.append("[… output limit reached: lines ").append(first).append('-').append(last).append(' ').append(of)
                    .append(" shown; read on with lines ").append(next).append('-').append(next + kept.size() - 1)
                    .append(" …]\n");
        } else if (!range.isAll()) {
            out.append("(lines ").append(first).append('-').append(last).append(' ').append(of)
                    .append(endsEarly && range.last() != Integer.MAX_VALUE ? "; the file ends there" : "")
                    .append(")\n");
        }
        if (invalidBytes) {
            out.append("(the file is not valid UTF-8: bytes that are not are shown as \uFFFD)\n");
        }
        return out.toString();
    }
}
