package dev.rosetta.llm.responses;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.message.Reasoning;
import tools.jackson.databind.JsonNode;

/** Reading the finished output items the API returns (in {@code output_item.done} and {@code output}). */
final class OutputItems {

    private OutputItems() {}

    /** A reasoning item's summary parts, joined by blank lines as they are shown. */
    static String summary(JsonNode reasoningItem) {
        List<String> parts = new ArrayList<>();
        for (JsonNode part : reasoningItem.path("summary")) {
            String text = Fields.text(part, "text");
            if (text != null && !text.isEmpty()) {
                parts.add(text);
            }
        }
        return String.join("\n\n", parts);
    }

    /**
     * The reasoning to keep with the message: the summary as its text and the encrypted content
     * (the only way to send it back with {@code store: false}) as its opaque data. Empty when
     * there is neither.
     */
    static Optional<Reasoning> keep(JsonNode reasoningItem) {
        String summary = summary(reasoningItem);
        String encrypted = Fields.text(reasoningItem, "encrypted_content");
        if (summary.isEmpty() && encrypted == null) {
            return Optional.empty();
        }
        return Optional.of(new Reasoning(ResponsesProvider.REASONING_ORIGIN, summary.isEmpty() ? null : summary, null, encrypted));
    }

    /** The id results must answer a function call with; some compatible servers only send {@code id}. */
    static String callId(JsonNode callItem) {
        String callId = Fields.text(callItem, "call_id");
        return callId != null ? callId : Fields.text(callItem, "id");
    }

    /** The arguments of a function call, "{}" when the model sent none. */
    static String arguments(JsonNode callItem) {
        String args = Fields.textOrEmpty(callItem, "arguments");
        return args.isBlank() ? "{}" : args;
    }
}
