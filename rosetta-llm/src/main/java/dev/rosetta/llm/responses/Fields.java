package dev.rosetta.llm.responses;

import tools.jackson.databind.JsonNode;

/** Tolerant reads from the API's JSON: a missing or mistyped field is absent, never an exception. */
final class Fields {

    private Fields() {}

    /** The string at {@code field}, or null. */
    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }

    /** The string at {@code field}, or "". */
    static String textOrEmpty(JsonNode node, String field) {
        String text = text(node, field);
        return text == null ? "" : text;
    }

    /** The whole number at {@code field}, or 0. */
    static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNumber() ? value.asLong() : 0;
    }
}
