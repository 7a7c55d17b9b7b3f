package dev.rosetta.core.dialect.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the elements of a JSON list end, each with the comma after it: how several calls in one
 * list become several segments that cover the list.
 */
final class ListElements {

    private ListElements() {}

    /** For each top-level element of {@code list} (from its '[' to its ']'), its start and the end of it and its comma. */
    static List<int[]> spans(String list) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        boolean escaped = false;
        int elementStart = -1;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (quote != 0) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if (c == '"' || c == '\'') {
                quote = c;
            }
            if (depth == 1 && elementStart < 0 && !Character.isWhitespace(c) && c != ',' && c != ']') {
                elementStart = i;
            }
            if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
                if (depth == 0 && elementStart >= 0) {
                    out.add(new int[] {elementStart, i});
                }
            } else if (c == ',' && depth == 1 && elementStart >= 0) {
                out.add(new int[] {elementStart, i + 1});
                elementStart = -1;
            }
        }
        return out;
    }
}
