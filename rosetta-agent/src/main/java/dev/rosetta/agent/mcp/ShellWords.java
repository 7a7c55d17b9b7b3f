package dev.rosetta.agent.mcp;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.RosettaException;

/**
 * A command line split into words as a POSIX shell would — blanks separate words, '…' keeps
 * everything literally, "…" keeps blanks (a backslash escapes {@code " \ $ `} in it), a backslash
 * outside quotes keeps the next character — without running a shell: no variables, globs or
 * redirections, which {@code --mcp 'NAME=COMMAND ARGS…'} does not need and must not do.
 */
public final class ShellWords {

    private ShellWords() {}

    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw unclosed("'");
                }
                word.append(line, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                i = doubleQuoted(line, i + 1, word);
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** Reads a "…" word part starting after its quote; returns the index of the closing quote. */
    private static int doubleQuoted(String line, int from, StringBuilder word) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                word.append(line.charAt(++i));
            } else {
                word.append(c);
            }
        }
        throw unclosed("\"");
    }

    private static RosettaException unclosed(String quote) {
        return new RosettaException("a " + quote + " is not closed in the command; close it, or escape it with \\");
    }
}
