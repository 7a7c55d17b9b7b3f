package dev.rosetta.cli.e2e;

import java.util.List;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;
import tools.jackson.databind.JsonNode;

/**
 * One provider API as it looks on the wire, both ways: the event stream a reply is sent as, and
 * where a request keeps its system prompt, its earlier calls and their results.
 */
sealed interface Wire permits ChatCompletionsWire, ResponsesWire, MessagesWire {

    /** The request path, e.g. {@code /v1/chat/completions}. */
    String path();

    /** A complete reply as the API streams it (text, then native calls, then the usage and the end). */
    String stream(Streamed reply);

    /** The start of a stream carrying {@code text}, without anything that ends it. */
    String streamStart(String text);

    /** The API's error body for an HTTP error status. */
    String errorBody(int status, String message);

    /** The API's own error event inside a 200 stream, with the error's type or code. */
    String errorEvent(String code, String message);

    String systemPrompt(JsonNode request);

    /** The tool results in the request, in order. */
    List<WireResult> results(JsonNode request);

    /** The native calls of earlier assistant turns in the request, in order. */
    List<ModelCall> calls(JsonNode request);

    /** Text of all the messages the request carries (not the system prompt), in order. */
    List<String> messageTexts(JsonNode request);

    /** A JSON string value, or the texts of an array of content parts joined. */
    static String text(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        if (node.isString()) {
            return node.stringValue();
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode part : node) {
            out.append(part.isString() ? part.stringValue() : part.path("text").asString(""));
        }
        return out.toString();
    }
}
