package dev.rosetta.core.dialect.toolblock;

import java.util.Locale;

import dev.rosetta.core.split.Input;

/**
 * The marker lines of Continue's tool block, matched as Continue's parser matches them: case does
 * not matter and the underscore may be left out ({@code TOOL_NAME:}, {@code toolname:},
 * {@code BEGIN_ARG:}, {@code END_ARG}). Leading spaces are allowed; anything else before a marker
 * makes the line text.
 */
final class ToolBlockLine {

    static final String TOOL_NAME = "TOOL_NAME:";
    static final String BEGIN_ARG = "BEGIN_ARG:";
    static final String END_ARG = "END_ARG";

    private ToolBlockLine() {}

    /** The text after {@code TOOL_NAME:} on this line, stripped, or null when the line is not a name line. */
    static String toolName(String line) {
        return after(line, "tool");
    }

    /** The argument a {@code BEGIN_ARG:} line opens, stripped, or null when the line is not one. */
    static String beginArg(String line) {
        return after(line, "begin");
    }

    /** Whether the line is an {@code END_ARG} line (nothing else on it but spaces). */
    static boolean endArg(String line) {
        String s = line.strip().toLowerCase(Locale.ROOT);
        return s.equals("end_arg") || s.equals("endarg");
    }

    /**
     * How the line at {@code from} compares with the name marker while text may still arrive:
     * 1 when it starts with it, 0 while what is visible is a prefix of it (more text decides), -1
     * when it cannot be one.
     */
    static int startsWithToolName(Input in, int from) {
        int i = from;
        while (in.has(i) && in.charAt(i) == ' ' && i - from < 3) {
            i++;
        }
        boolean prefix = false;
        for (String s : new String[] {"tool_name:", "toolname:"}) {
            int k = 0;
            while (k < s.length() && in.has(i + k) && Character.toLowerCase(in.charAt(i + k)) == s.charAt(k)) {
                k++;
            }
            if (k == s.length()) {
                return 1;
            }
            prefix |= !in.has(i + k);
        }
        return prefix && !in.complete() ? 0 : -1;
    }

    /** {@code word} then an optional underscore, the marker's second word and a colon; the rest, stripped. */
    private static String after(String line, String word) {
        String second = word.equals("tool") ? "name" : "arg";
        String s = line.stripLeading();
        String lower = s.toLowerCase(Locale.ROOT);
        if (!lower.startsWith(word)) {
            return null;
        }
        int i = word.length();
        if (lower.startsWith("_", i)) {
            i++;
        }
        if (!lower.startsWith(second + ":", i)) {
            return null;
        }
        return s.substring(i + second.length() + 1).strip();
    }
}
