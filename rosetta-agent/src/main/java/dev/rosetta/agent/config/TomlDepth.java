package dev.rosetta.agent.config;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Where a TOML text nests deepest, for the one parse error Jackson reports without a location:
 * a document nested more deeply than its limit. Arrays, inline tables, table headers and the
 * parts of dotted keys each count a level; strings and comments are skipped. It is a count, not
 * a parser: it finds the place to look, which is all the message needs.
 */
final class TomlDepth {

    private final String text;
    private final int limit;
    private final Deque<Character> open = new ArrayDeque<>();
    private int line = 1;
    private int column;
    private int tableLevels;
    private int keyLevels;
    private int headerStart = -1;
    private boolean inKey = true;
    private int deepest = -1;
    private KeyLocations.Location where = new KeyLocations.Location(1, 1);

    private TomlDepth(String text, int limit) {
        this.text = text;
        this.limit = limit;
    }

    /** How deep a text nests (the document itself is the first level), and where. */
    record Deepest(int levels, KeyLocations.Location where) {}

    /**
     * How deep the text nests, and where it first goes beyond {@code limit} levels — or, if it
     * never does, where it first gets deepest.
     */
    static Deepest of(String text, int limit) {
        TomlDepth depth = new TomlDepth(text, limit);
        depth.scan();
        return new Deepest(depth.deepest, depth.where);
    }

    private void scan() {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                i = skipString(i);
                continue;
            }
            column++;
            switch (c) {
                case '\n' -> newLine();
                case '#' -> i = skipComment(i) - 1;
                case '[', '{' -> opening(c);
                case ']', '}' -> closing();
                case '=' -> inKey = false;
                case ',' -> inKey = !open.isEmpty() && open.peek() == '{';
                case '.' -> {
                    if (inKey || headerStart >= 0) {
                        keyLevels++;
                    }
                }
                default -> {
                    // part of a key or a value
                }
            }
            mark();
            i++;
        }
    }

    private void opening(char c) {
        if (open.isEmpty() && inKey && c == '[') {
            headerStart = open.size();
            tableLevels = 0;
            keyLevels = 0;
        }
        open.push(c);
        inKey = c == '{' || headerStart >= 0;
    }

    private void closing() {
        if (!open.isEmpty()) {
            open.pop();
        }
        if (headerStart >= 0 && open.size() <= headerStart) {
            tableLevels = keyLevels + 1; // [a.b.c] puts what follows three tables deep
            keyLevels = 0;
            headerStart = -1;
        }
    }

    private void newLine() {
        line++;
        column = 0;
        if (open.isEmpty()) {
            inKey = true;
            keyLevels = 0;
        }
    }

    private void mark() {
        int depth = 1 + tableLevels + keyLevels + open.size();
        if (depth > deepest) {
            if (deepest <= limit) {
                where = new KeyLocations.Location(line, Math.max(1, column));
            }
            deepest = depth;
        }
    }

    /** The index after a string starting at {@code i}: basic or literal, on one line or on several. */
    private int skipString(int i) {
        char quote = text.charAt(i);
        String triple = String.valueOf(quote).repeat(3);
        boolean multiline = text.startsWith(triple, i);
        int j = i + (multiline ? 3 : 1);
        column += multiline ? 3 : 1;
        while (j < text.length()) {
            char c = text.charAt(j);
            if (c == '\\' && quote == '"' && j + 1 < text.length()) {
                j += 2;
                column += 2;
                continue;
            }
            if (multiline ? text.startsWith(triple, j) : c == quote) {
                column += multiline ? 3 : 1;
                return j + (multiline ? 3 : 1);
            }
            if (c == '\n') {
                if (!multiline) {
                    return j; // an unclosed string ends at the line's end
                }
                line++;
                column = 0;
            } else {
                column++;
            }
            j++;
        }
        return j;
    }

    private int skipComment(int i) {
        int end = text.indexOf('\n', i);
        return end < 0 ? text.length() : end;
    }
}
