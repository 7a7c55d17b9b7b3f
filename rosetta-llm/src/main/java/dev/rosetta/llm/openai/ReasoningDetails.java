package dev.rosetta.llm.openai;

import tools.jackson.databind.JsonNode;

/**
 * The thinking MiniMax streams in {@code delta.reasoning_details} (asked with {@code
 * reasoning_split}): a list of {@code {"type": "reasoning.text", "text": …}}. MiniMax's own
 * streaming example treats each text as everything thought so far and prints what is new, while
 * its API has been seen sending only the new part (MiniMax-AI/MiniMax-M2 issue 95). Both are read:
 * a text that extends everything so far (and is longer) is the whole so far, and from then on
 * every text is; a text that does not is a piece, and from then on every text is one.
 */
final class ReasoningDetails {

    private enum Form { UNKNOWN, WHOLE_SO_FAR, PIECES }

    private final StringBuilder seen = new StringBuilder();
    private Form form = Form.UNKNOWN;

    /** What the details of one delta add to the thinking, or null when nothing. */
    String next(JsonNode details) {
        StringBuilder added = new StringBuilder();
        for (JsonNode detail : details) {
            JsonNode text = detail.get("text");
            if (text != null && text.isString() && !text.stringValue().isEmpty()) {
                added.append(newPart(text.stringValue()));
            }
        }
        return added.isEmpty() ? null : added.toString();
    }

    private String newPart(String text) {
        if (form == Form.UNKNOWN && !seen.isEmpty()) {
            form = text.length() > seen.length() && text.startsWith(seen.toString()) ? Form.WHOLE_SO_FAR : Form.PIECES;
        }
        String part = form == Form.WHOLE_SO_FAR ? (text.length() > seen.length() ? text.substring(seen.length()) : "")
                : text;
        seen.append(part);
        return part;
    }
}
