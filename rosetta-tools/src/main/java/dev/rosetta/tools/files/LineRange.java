package dev.rosetta.tools.files;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Which lines of a file to show, 1-based and inclusive: {@code 120-180}, {@code 120-} (to the
 * end), {@code -50} (from the start), {@code 42} (one line). {@code :}, {@code ..} and an en dash
 * work as the separator too, and an {@code L} before a number is allowed ({@code L10-L20}).
 *
 * @param first the first line, at least 1
 * @param last  the last line, or {@link Integer#MAX_VALUE} for the end of the file
 */
record LineRange(int first, int last) {

    static final LineRange ALL = new LineRange(1, Integer.MAX_VALUE);

    private static final Pattern RANGE = Pattern.compile("^(?:lines?\\s*)?l?(\\d*)\\s*(?:-|–|:|\\.\\.)\\s*l?(\\d*)$");
    private static final Pattern SINGLE = Pattern.compile("^(?:lines?\\s*)?l?(\\d+)$");

    static LineRange parse(String text) throws ToolFailure {
        String spec = text.strip().toLowerCase(Locale.ROOT);
        Matcher single = SINGLE.matcher(spec);
        if (single.matches()) {
            int line = Math.max(1, number(single.group(1), text));
            return new LineRange(line, line);
        }
        Matcher range = RANGE.matcher(spec);
        if (!range.matches() || range.group(1).isEmpty() && range.group(2).isEmpty()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "'" + text.strip() + "' is not a line range; write it as 120-180,"
                    + " 120- (to the end), -50 (from the start) or 42 (one line)");
        }
        int first = range.group(1).isEmpty() ? 1 : Math.max(1, number(range.group(1), text));
        int last = range.group(2).isEmpty() ? Integer.MAX_VALUE : number(range.group(2), text);
        if (last < first) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "the line range " + text.strip() + " ends before it starts;"
                    + " write the first line, then the last, e.g. " + last + "-" + first);
        }
        return new LineRange(first, last);
    }

    boolean isAll() {
        return first == 1 && last == Integer.MAX_VALUE;
    }

    boolean contains(int line) {
        return line >= first && line <= last;
    }

    @Override
    public String toString() {
        return first + "-" + (last == Integer.MAX_VALUE ? "" : String.valueOf(last));
    }

    private static int number(String digits, String text) throws ToolFailure {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "the line numbers in '" + text.strip() + "' are too large");
        }
    }
}
