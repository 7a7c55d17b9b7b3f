package dev.rosetta.agent.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each key of a TOML text is defined, so that a problem found after parsing (a wrong type,
 * an unknown key) can name its line and column like a syntax error does. Jackson's TOML parser
 * builds a tree without locations; this scan of the lines recovers them. It understands tables,
 * arrays of tables, dotted and quoted keys and skips multi-line strings; for anything it misses,
 * the nearest enclosing key or table is named instead.
 */
final class KeyLocations {

    /** A 1-based line and column. */
    record Location(int line, int column) {}

    private final Map<List<String>, Location> byPath = new HashMap<>();
    private Location firstRepeat;

    private KeyLocations() {}

    static KeyLocations of(String text) {
        KeyLocations locations = new KeyLocations();
        locations.scan(text);
        return locations;
    }

    /**
     * The location of {@code path} (table names, array indexes as decimal strings, then the key),
     * or of its nearest ancestor that was found.
     */
    Optional<Location> find(List<String> path) {
        for (int n = path.size(); n > 0; n--) {
            Location location = byPath.get(path.subList(0, n));
            if (location != null) {
                return Optional.of(location);
            }
        }
        return Optional.empty();
    }

    /** Where a key is first set a second time: Jackson reports that error only after the value. */
    Optional<Location> firstRepeat() {
        return Optional.ofNullable(firstRepeat);
    }

    private void scan(String text) {
        String[] lines = text.split("\n", -1);
        List<String> table = List.of();
        Map<List<String>, Integer> arrayCounts = new HashMap<>();
        String multiline = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (multiline != null) {
                if (line.contains(multiline)) {
                    multiline = null;
                }
                continue;
            }
            int start = indent(line);
            if (start == line.length() || line.charAt(start) == '#') {
                continue;
            }
            if (line.startsWith("[[", start)) {
                List<String> name = new KeyPath(line, start + 2).parse();
                if (name != null) {
                    int index = arrayCounts.merge(name, 1, Integer::sum) - 1;
                    table = append(name, String.valueOf(index));
                    put(table, i, start);
                    byPath.putIfAbsent(name, new Location(i + 1, start + 1));
                }
            } else if (line.charAt(start) == '[') {
                List<String> name = new KeyPath(line, start + 1).parse();
                if (name != null) {
                    table = name;
                    put(table, i, start);
                }
            } else {
                KeyPath key = new KeyPath(line, start);
                List<String> parts = key.parse();
                if (parts != null && key.at('=')) {
                    List<String> path = append(table, parts);
                    if (byPath.containsKey(path) && firstRepeat == null) {
                        firstRepeat = new Location(i + 1, start + 1);
                    }
                    put(path, i, start);
                    multiline = opensMultiline(line.substring(key.position() + 1));
                }
            }
        }
    }

    private void put(List<String> path, int line, int column) {
        byPath.putIfAbsent(path, new Location(line + 1, column + 1));
    }

    /** The closing delimiter when the value starts a multi-line string that does not end on this line. */
    private static String opensMultiline(String value) {
        String v = value.strip();
        for (String delimiter : new String[] {"\"\"\"", "'''"}) {
            if (v.startsWith(delimiter) && !v.substring(3).contains(delimiter)) {
                return delimiter;
            }
        }
        return null;
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t' || line.charAt(i) == '\r')) {
            i++;
        }
        return i;
    }

    private static List<String> append(List<String> head, String... tail) {
        return append(head, List.of(tail));
    }

    private static List<String> append(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return List.copyOf(all);
    }

    /** A dotted key at a position of a line: {@code a.b}, {@code "quoted key".c}, {@code 'literal'}. */
    private static final class KeyPath {
        private final String line;
        private int pos;

        KeyPath(String line, int pos) {
            this.line = line;
            this.pos = pos;
        }

        /** The parts, or null when there is no key here. */
        List<String> parse() {
            List<String> parts = new ArrayList<>();
            while (true) {
                skipSpaces();
                String part = part();
                if (part == null) {
                    return null;
                }
                parts.add(part);
                skipSpaces();
                if (!at('.')) {
                    return parts;
                }
                pos++;
            }
        }

        boolean at(char c) {
            return pos < line.length() && line.charAt(pos) == c;
        }

        int position() {
            return pos;
        }

        private String part() {
            if (at('"') || at('\'')) {
                char quote = line.charAt(pos);
                StringBuilder out = new StringBuilder();
                for (int i = pos + 1; i < line.length(); i++) {
                    char c = line.charAt(i);
                    if (c == quote) {
                        pos = i + 1;
                        return out.toString();
                    }
                    if (c == '\\' && quote == '"' && i + 1 < line.length()) {
                        c = line.charAt(++i);
                    }
                    out.append(c);
                }
                return null;
            }
            int begin = pos;
            while (pos < line.length() && bare(line.charAt(pos))) {
                pos++;
            }
            return pos > begin ? line.substring(begin, pos) : null;
        }

        private static boolean bare(char c) {
            return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-');
        }

        private void skipSpaces() {
            while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
                pos++;
            }
        }
    }
}
