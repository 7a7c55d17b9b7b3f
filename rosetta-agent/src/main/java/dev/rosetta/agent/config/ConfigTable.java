package dev.rosetta.agent.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.size.ByteSize;
import dev.rosetta.core.time.DurationSetting;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One table of a config file, read key by key with its type checked: a value of the wrong type is
 * an error naming the file, line and key; a key nobody asked for is a warning (a typo, or a setting
 * of a newer Rosetta), reported by {@link #finish()}.
 */
final class ConfigTable {

    private final TomlDocument document;
    private final ObjectNode node;
    private final List<String> path;
    private final List<String> warnings;
    private final Set<String> read = new LinkedHashSet<>();

    private ConfigTable(TomlDocument document, ObjectNode node, List<String> path, List<String> warnings) {
        this.document = document;
        this.node = node;
        this.path = List.copyOf(path);
        this.warnings = warnings;
    }

    static ConfigTable root(TomlDocument document, List<String> warnings) {
        return new ConfigTable(document, document.root(), List.of(), warnings);
    }

    boolean has(String key) {
        return node.has(key);
    }

    /** The keys of this table, in the file's order (the names of {@code [mcp.servers.NAME]}). */
    List<String> keys() {
        List<String> keys = new ArrayList<>();
        node.propertyNames().forEach(keys::add);
        return keys;
    }

    String string(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            throw error(key, "must be a string, like " + key + " = \"…\"");
        }
        return value.stringValue();
    }

    /** A string that must not be blank. */
    String text(String key) {
        String value = string(key);
        if (value != null && value.isBlank()) {
            throw error(key, "must not be empty");
        }
        return value;
    }

    List<String> strings(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            throw error(key, "must be a list of strings, like " + key + " = [\"a\", \"b\"]");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isString()) {
                throw error(key, "must be a list of strings, like " + key + " = [\"a\", \"b\"]");
            }
            out.add(item.stringValue());
        }
        return out;
    }

    /** A list of paths, each absolute or from the home folder ({@code ~/…}): a file may be read from anywhere. */
    List<String> paths(String key) {
        return paths(key, false);
    }

    /**
     * A list of paths, each absolute, from the home folder or, where {@code relative}, from the
     * workspace ({@code ".git"}: each workspace's own).
     */
    List<String> paths(String key, boolean relative) {
        List<String> paths = strings(key);
        if (paths != null) {
            for (String p : paths) {
                boolean anchored = p.equals("~") || p.startsWith("~/") || p.startsWith("/");
                if (!(anchored || relative && !p.isBlank() && !p.startsWith("~")) || p.indexOf('\0') >= 0) {
                    throw error(key, "must list absolute paths or paths from your home folder (~/.cache/pip)"
                            + (relative ? " or from the workspace (.git)" : "") + ", not " + TomlText.string(p));
                }
            }
        }
        return paths;
    }

    Boolean bool(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            throw error(key, "must be true or false (without quotes)");
        }
        return value.booleanValue();
    }

    /**
     * A {@link DurationSetting}: a number of seconds ({@code 1200}, {@code 1.5}) or a string with
     * units ({@code "20m"}, {@code "1h30m"}).
     */
    Duration duration(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isNumber() && !value.isString()) {
            throw error(key, "must be a duration: " + DurationSetting.FORMS + " (in quotes when it has a unit: \"20m\")");
        }
        try {
            return DurationSetting.parse(value.isString() ? value.stringValue() : value.asString());
        } catch (IllegalArgumentException e) {
            throw error(key, "is invalid: " + e.getMessage());
        }
    }

    /** A whole number in {@code [min, max]}. */
    Long integer(String key, long min, long max) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min
                || value.longValue() > max) {
            throw error(key, "must be a whole number from " + min + " to " + max);
        }
        return value.longValue();
    }

    /** A {@link ByteSize}: a whole number of bytes or a string with a unit ({@code "4 MiB"}), in {@code [min, max]}. */
    Long size(String key, long min, long max) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        long bytes;
        try {
            if (value.isIntegralNumber() && value.canConvertToLong()) {
                bytes = value.longValue();
            } else if (value.isString()) {
                bytes = ByteSize.parse(value.stringValue());
            } else {
                throw new IllegalArgumentException("is not a size");
            }
        } catch (IllegalArgumentException e) {
            throw error(key, "must be a size: " + ByteSize.FORMS + " (in quotes when it has a unit: \"4MiB\")");
        }
        if (bytes < min || bytes > max) {
            throw error(key, "must be from " + ByteSize.of(min) + " to " + ByteSize.of(max) + ", not "
                    + ByteSize.of(bytes));
        }
        return bytes;
    }

    /** A number in {@code [min, max]}; a whole number is taken too. */
    Double number(String key, double min, double max) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isNumber() || value.doubleValue() < min || value.doubleValue() > max) {
            throw error(key, "must be a number from " + min + " to " + max);
        }
        return value.doubleValue();
    }

    /** A string or a whole number, as text ({@code "high"}, {@code 4096}); null when absent. */
    String stringOrInteger(String key, String shape) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (value.isString()) {
            return value.stringValue();
        }
        if (value.isIntegralNumber()) {
            return value.asString();
        }
        throw error(key, "must be " + shape);
    }

    /** One of the given words; the error lists them. */
    <T> T choice(String key, Map<String, T> choices) {
        String value = string(key);
        if (value == null) {
            return null;
        }
        T chosen = choices.get(value);
        if (chosen == null) {
            throw error(key, "must be one of " + choices.keySet().stream().map(c -> "\"" + c + "\"")
                    .collect(Collectors.joining(", ")) + ", not " + TomlText.string(value));
        }
        return chosen;
    }

    /** A table of string values, like {@code [env]}. */
    Map<String, String> stringTable(String key) {
        ConfigTable table = table(key);
        if (table == null) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (var entry : table.node.properties()) {
            String name = entry.getKey();
            if (!entry.getValue().isString()) {
                throw table.error(name, "must be a string, like " + TomlText.key(name) + " = \"…\" (in [" + key
                        + "] every value is text)");
            }
            table.read.add(name);
            out.put(name, entry.getValue().stringValue());
        }
        return out;
    }

    /** A sub-table, or null when absent. */
    ConfigTable table(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof ObjectNode object)) {
            throw error(key, "must be a table, written [" + key + "] on a line of its own");
        }
        return new ConfigTable(document, object, append(key), warnings);
    }

    /** An array of tables ({@code [[key]]}); empty when absent. */
    List<ConfigTable> tables(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray()) {
            throw error(key, "must be a list of tables, each written [[" + key + "]]");
        }
        List<ConfigTable> out = new ArrayList<>();
        int index = 0;
        for (JsonNode item : value) {
            if (!(item instanceof ObjectNode object)) {
                throw error(key, "must be a list of tables, each written [[" + key + "]]");
            }
            List<String> itemPath = new ArrayList<>(path);
            itemPath.add(key);
            itemPath.add(String.valueOf(index++));
            out.add(new ConfigTable(document, object, itemPath, warnings));
        }
        return out;
    }

    /** Marks {@code key} as handled without reading it (a section the caller ignores, with its own warning). */
    void skip(String key) {
        read.add(key);
    }

    /** Warns about every key of this table that was not read. */
    void finish(String... known) {
        for (String key : node.propertyNames()) {
            if (!read.contains(key)) {
                warn(key, "unknown setting " + display(key) + " is ignored"
                        + (known.length == 0 ? "" : " (the settings here are: " + String.join(", ", known) + ")"));
            }
        }
    }

    void warn(String key, String text) {
        warnings.add(document.where(append(key)) + ": " + text);
    }

    /** A warning about {@code key} of the sub-table {@code table}. */
    void warn(String table, String key, String text) {
        List<String> where = append(table);
        where.add(key);
        warnings.add(document.where(where) + ": " + text);
    }

    RosettaException error(String key, String problem) {
        return document.error(append(key), display(key) + " " + problem);
    }

    /**
     * The key as a reader finds it in the file: {@code [models] 'default'}, {@code [[providers]] #2
     * 'name'}; one that is not plain text is shown as TOML spells it, so that no control character
     * from the file reaches the terminal.
     */
    private String display(String key) {
        String shown = TomlText.quoted(key);
        if (path.isEmpty()) {
            return shown;
        }
        String last = path.getLast();
        if (path.size() >= 2 && last.chars().allMatch(Character::isDigit)) {
            String table = String.join(".", path.subList(0, path.size() - 1));
            return "[[" + table + "]] #" + (Integer.parseInt(last) + 1) + " " + shown;
        }
        return "[" + String.join(".", path) + "] " + shown;
    }

    private JsonNode take(String key) {
        read.add(key);
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? null : value;
    }

    private List<String> append(String key) {
        List<String> all = new ArrayList<>(path);
        all.add(key);
        return all;
    }
}
