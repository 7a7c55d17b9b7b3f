package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.tool.ToolSpec;

/**
 * The arguments after a tool's tag, shared by the markdown fence line and the xml {@code args}
 * attribute. A tool with one positional parameter (a path) takes the whole rest as that one
 * argument, spaces included, with one pair of surrounding quotes removed; other tools take
 * words, where quotes group words.
 */
public final class InfoString {

    private InfoString() {}

    public static List<String> parse(String rest, ToolSpec spec) {
        String text = rest.strip();
        if (text.isEmpty()) {
            return List.of();
        }
        return spec.takesWholeLine() ? List.of(unquote(text)) : words(text);
    }

    /** The text that {@link #parse} reads back as {@code args}. */
    public static String format(List<String> args, ToolSpec spec) {
        if (args.isEmpty()) {
            return "";
        }
        if (spec.takesWholeLine()) {
            String arg = String.join(" ", args);
            return needsQuotesAsLine(arg) ? quote(arg) : arg;
        }
        return args.stream().map(a -> needsQuotesAsWord(a) ? quote(a) : a).collect(Collectors.joining(" "));
    }

    static String unquote(String text) {
        if (text.length() >= 2) {
            char first = text.charAt(0);
            if ((first == '"' || first == '\'') && text.charAt(text.length() - 1) == first) {
                return text.substring(1, text.length() - 1);
            }
        }
        return text;
    }

    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int end;
            if (c == '"' || c == '\'') {
                int close = text.indexOf(c, i + 1);
                end = close < 0 ? n : close + 1;
                out.add(close < 0 ? text.substring(i) : text.substring(i + 1, close));
            } else {
                end = i;
                while (end < n && !Character.isWhitespace(text.charAt(end))) {
                    end++;
                }
                out.add(text.substring(i, end));
            }
            i = end;
        }
        return out;
    }

    private static boolean needsQuotesAsLine(String arg) {
        return arg.isEmpty() || !arg.equals(arg.strip()) || !unquote(arg).equals(arg);
    }

    private static boolean needsQuotesAsWord(String arg) {
        return arg.isEmpty() || arg.chars().anyMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\'');
    }

    /** Quotes with whichever quote character the text does not hold (a path rarely holds both). */
    private static String quote(String arg) {
        char q = arg.indexOf('"') < 0 ? '"' : '\'';
        return q + arg + q;
    }
}
