package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/**
 * One table of a dialect description, read key by key with its type checked. A value of the wrong
 * type, a missing key and a key no description has are errors naming the key: a description with
 * a typo would otherwise read calls other than the ones its author meant.
 */
final class DescriptionTable {

    private final JsonNode node;
    private final List<Object> path;
    private final Set<String> read = new LinkedHashSet<>();

    DescriptionTable(JsonNode node, List<Object> path) {
        this.node = node;
        this.path = List.copyOf(path);
    }

    boolean has(String key) {
        return node.has(key);
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

    /** A string that must be there and not be empty. */
    String required(String key, String what) {
        String value = string(key);
        if (value == null) {
            throw error(key, "is missing: " + what);
        }
        if (value.isEmpty()) {
            throw error(key, "must not be empty: " + what);
        }
        return value;
    }

    /** A string or a list of strings, none of them empty; an empty list when the key is not there. */
    List<String> strings(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (value.isString()) {
            out.add(value.stringValue());
        } else if (value.isArray()) {
            for (JsonNode item : value) {
                if (!item.isString()) {
                    throw error(key, "must be a string or a list of strings, like " + key + " = [\"a\", \"b\"]");
                }
                out.add(item.stringValue());
            }
        } else {
            throw error(key, "must be a string or a list of strings, like " + key + " = [\"a\", \"b\"]");
        }
        if (out.stream().anyMatch(String::isEmpty)) {
            throw error(key, "must not hold an empty string: an empty marker would match everywhere");
        }
        return out;
    }

    boolean bool(String key, boolean otherwise) {
        JsonNode value = take(key);
        if (value == null) {
            return otherwise;
        }
        if (!value.isBoolean()) {
            throw error(key, "must be true or false (without quotes)");
        }
        return value.booleanValue();
    }

    /** The tables of an array of tables ({@code [[dialects.calls]]}); empty when the key is not there. */
    List<DescriptionTable> tables(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray()) {
            throw error(key, "must be a list of tables, like [[" + pathText() + key + "]]");
        }
        List<DescriptionTable> out = new ArrayList<>();
        int i = 0;
        for (JsonNode item : value) {
            List<Object> at = new ArrayList<>(path);
            at.add(key);
            at.add(i++);
            if (!item.isObject()) {
                throw new DescriptionException(at, "must be a table of keys");
            }
            out.add(new DescriptionTable(item, at));
        }
        return out;
    }

    /** A table ({@code prompt = { … }}), or null when the key is not there. */
    DescriptionTable table(String key) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            throw error(key, "must be a table, like " + key + " = { … }");
        }
        List<Object> at = new ArrayList<>(path);
        at.add(key);
        return new DescriptionTable(value, at);
    }

    /** A list of lists of strings ({@code reasoning = [["<think>", "</think>"]]}), each of {@code size} strings. */
    List<List<String>> pairs(String key, int size, String example) {
        JsonNode value = take(key);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray()) {
            throw error(key, "must be a list of " + size + "-string lists, like " + key + " = " + example);
        }
        List<List<String>> out = new ArrayList<>();
        for (JsonNode item : value) {
            List<String> pair = new ArrayList<>();
            if (item.isArray()) {
                for (JsonNode s : item) {
                    if (s.isString() && !s.stringValue().isEmpty()) {
                        pair.add(s.stringValue());
                    }
                }
            }
            if (pair.size() != size || item.size() != size) {
                throw error(key, "must be a list of " + size + "-string lists, like " + key + " = " + example);
            }
            out.add(pair);
        }
        return out;
    }

    /** The keys of this table that nobody asked for are errors: they are typos, or from a newer Rosetta. */
    void finish(String what, List<String> known) {
        for (String key : node.propertyNames()) {
            if (!read.contains(key)) {
                throw error(key, "is not a key of " + what + "; the keys are: " + String.join(", ", known));
            }
        }
    }

    DescriptionException error(String key, String problem) {
        List<Object> at = new ArrayList<>(path);
        at.add(key);
        return new DescriptionException(at, problem);
    }

    DescriptionException error(String problem) {
        return new DescriptionException(path, problem);
    }

    private JsonNode take(String key) {
        read.add(key);
        JsonNode value = node.get(key);
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }

    private String pathText() {
        String p = DescriptionException.pathText(path);
        return p.isEmpty() ? "" : p + ".";
    }
}
