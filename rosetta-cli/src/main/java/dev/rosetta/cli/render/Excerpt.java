package dev.rosetta.cli.render;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a long text worth putting on the screen: all of a short one; the head and the tail
 * of a long one, with how many lines were left out between (so a build's first error and its
 * summary both show), and very long lines cut. The model gets the whole text anyway; this is only
 * what the user sees.
 *
 * @param head    the first lines (all of them when nothing is left out)
 * @param omitted how many lines are left out after the head
 * @param tail    the last lines, empty when nothing is left out
 */
public record Excerpt(List<String> head, int omitted, List<String> tail) {

    static final int MAX_LINES = 20;
    static final int HEAD = 12;
    static final int TAIL = 5;
    static final int MAX_LINE_CHARS = 500;

    public static Excerpt of(String text) {
        String trimmed = text.stripTrailing();
        if (trimmed.isEmpty()) {
            return new Excerpt(List.of(), 0, List.of());
        }
        String[] lines = trimmed.split("\n", -1);
        if (lines.length <= MAX_LINES) {
            return new Excerpt(cut(lines, 0, lines.length), 0, List.of());
        }
        return new Excerpt(cut(lines, 0, HEAD), lines.length - HEAD - TAIL,
                cut(lines, lines.length - TAIL, lines.length));
    }

    /** The line that stands for the lines left out. */
    public String omission() {
        return "… " + omitted + " more lines";
    }

    private static List<String> cut(String[] lines, int from, int to) {
        List<String> shown = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            shown.add(cut(lines[i]));
        }
        return shown;
    }

    /** A line cut after {@link #MAX_LINE_CHARS} characters, saying how many more there were. */
    public static String cut(String line) {
        if (line.length() <= MAX_LINE_CHARS) {
            return line;
        }
        int end = MAX_LINE_CHARS;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(0, end) + " … " + (line.length() - end) + " more characters";
    }
}
