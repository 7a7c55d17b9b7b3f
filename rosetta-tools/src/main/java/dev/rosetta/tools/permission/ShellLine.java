package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell command line as permission rules see it. An allow rule for {@code git status*} must
 * not let {@code git status; rm -rf ~} through, so the line is split into its simple commands at
 * {@code ;}, {@code &&}, {@code ||}, {@code |}, {@code &}, newlines and parentheses (outside
 * quotes), and each must be allowed on its own. Each is normalised — words unquoted, joined by
 * one space — so that equivalent spellings ({@code git  status}, {@code git "status"}) match the
 * same rules. A line whose effect its words do not show — a command substitution ({@code $(…)},
 * backticks, {@code <(…)}) or output redirected to a file — is {@code opaque}: only a rule for
 * exactly that line allows it.
 *
 * @param commands   the simple commands, normalised, in order
 * @param normalized the whole line, normalised
 * @param opaque     whether it substitutes commands or writes a file by redirection
 */
record ShellLine(List<String> commands, String normalized, boolean opaque) {

    static ShellLine parse(String line) {
        List<String> commands = new ArrayList<>();
        List<String> words = new ArrayList<>();
        List<String> all = new ArrayList<>();
        StringBuilder word = null;
        boolean opaque = false;
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == '\'') {
                int close = line.indexOf('\'', i + 1);
                int end = close < 0 ? n : close;
                word = (word == null ? new StringBuilder() : word).append(line, i + 1, end);
                i = end + 1;
            } else if (c == '"') {
                word = word == null ? new StringBuilder() : word;
                i++;
                while (i < n && line.charAt(i) != '"') {
                    char d = line.charAt(i);
                    if (d == '\\' && i + 1 < n) {
                        word.append(line.charAt(++i));
                    } else {
                        opaque |= d == '`' || d == '$' && i + 1 < n && line.charAt(i + 1) == '(';
                        word.append(d);
                    }
                    i++;
                }
                i++;
            } else if (c == '\\' && i + 1 < n) {
                if (line.charAt(i + 1) != '\n') {
                    word = (word == null ? new StringBuilder() : word).append(line.charAt(i + 1));
                }
                i += 2;
            } else if (Character.isWhitespace(c) && c != '\n') {
                word = flush(word, words);
                i++;
            } else if (c == ';' || c == '\n' || c == '|' || c == '&' || c == '(' || c == ')') {
                if (c == '&' && (i > 0 && line.charAt(i - 1) == '>' || i + 1 < n && line.charAt(i + 1) == '>')) {
                    word = (word == null ? new StringBuilder() : word).append(c); // 2>&1, &>file
                    i++;
                    continue;
                }
                opaque |= c == '(' && i > 0 && (line.charAt(i - 1) == '$' || line.charAt(i - 1) == '<'
                        || line.charAt(i - 1) == '>');
                word = flush(word, words);
                end(words, commands, all);
                i++;
            } else {
                opaque |= c == '`' || c == '>' && writesFile(line, i);
                word = (word == null ? new StringBuilder() : word).append(c);
                i++;
            }
        }
        flush(word, words);
        end(words, commands, all);
        return new ShellLine(commands, String.join(" ; ", all), opaque);
    }

    private static StringBuilder flush(StringBuilder word, List<String> words) {
        if (word != null) {
            words.add(word.toString());
        }
        return null;
    }

    private static void end(List<String> words, List<String> commands, List<String> all) {
        // A "$" or "<" left before "(" belongs to the substitution, not to the command.
        if (!words.isEmpty() && (words.getLast().equals("$") || words.getLast().equals("<"))) {
            words.removeLast();
        }
        if (!words.isEmpty()) {
            String command = String.join(" ", words);
            commands.add(command);
            all.add(command);
            words.clear();
        }
    }

    /**
     * Whether the {@code >} at {@code at} sends output to a file: not {@code 2>&1}, {@code >&2}
     * or {@code >/dev/null}, which write none.
     */
    private static boolean writesFile(String line, int at) {
        int j = at + 1;
        if (j < line.length() && line.charAt(j) == '>') {
            j++;
        }
        if (j < line.length() && line.charAt(j) == '&') {
            return false;
        }
        while (j < line.length() && line.charAt(j) == ' ') {
            j++;
        }
        return !line.startsWith("/dev/null", j);
    }

    /** Whether the line is one simple command. */
    boolean simple() {
        return commands.size() == 1;
    }
}
