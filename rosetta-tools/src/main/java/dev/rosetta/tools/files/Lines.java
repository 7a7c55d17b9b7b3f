package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.List;

/**
 * A text cut at its {@code \n} line breaks, and whether the last line had one. Only {@code \n}
 * splits: a lone {@code \r} stays part of its line, so nothing is lost when the lines are joined.
 *
 * @param lines         the lines, without their line breaks
 * @param finalNewline  whether the text ended with a line break
 */
record Lines(List<String> lines, boolean finalNewline) {

    Lines {
        lines = List.copyOf(lines);
        finalNewline = finalNewline && !lines.isEmpty();
    }

    static Lines of(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
            out.add(text.substring(start, nl));
            start = nl + 1;
        }
        boolean finalNewline = start == text.length();
        if (!finalNewline) {
            out.add(text.substring(start));
        }
        return new Lines(out, finalNewline);
    }

    /** How many lines a text has, counting a last line without a line break. */
    static int count(String text) {
        int n = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            n++;
        }
        return text.isEmpty() || text.endsWith("\n") ? n : n + 1;
    }

    /** "1 line", "3 lines". */
    static String counted(int n) {
        return n + (n == 1 ? " line" : " lines");
    }

    String join() {
        return String.join("\n", lines) + (finalNewline ? "\n" : "");
    }

    /** The lines with a line break after each one that had one: what a diff compares. */
    List<String> terminated() {
        List<String> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            boolean last = i == lines.size() - 1;
            out.add(last && !finalNewline ? lines.get(i) : lines.get(i) + "\n");
        }
        return out;
    }
}
