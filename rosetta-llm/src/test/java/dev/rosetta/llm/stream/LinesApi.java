package dev.rosetta.llm.stream;

import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import tools.jackson.databind.JsonNode;

/**
 * A made-up API in the shape of Ollama's native one, to show all a new API brings: NDJSON lines
 * {@code {"text": "…"}}, a last {@code {"done": true}}, errors as {@code {"error": "…"}}. The
 * framing, retries, cancel, cuts and limits are {@link ReplyStream}'s.
 */
final class LinesApi {

    private LinesApi() {}

    static WireFormat format() {
        return new WireFormat(Framing.JSON_LINES, Lines::new, Lines::new);
    }

    private static final class Lines implements ReplyDecoder {

        @Override
        public List<ChatEvent> frame(Frame frame) {
            JsonNode line = frame.json();
            if (line == null) {
                return List.of();
            }
            if (line.has("error")) {
                return List.of(new Finished(StopReason.INTERRUPTED, "error", ProviderErrors.reported("lines", line)));
            }
            String text = line.path("text").asString("");
            List<ChatEvent> out = text.isEmpty() ? List.of() : List.of(new TextDelta(text));
            if (line.path("done").asBoolean(false)) {
                return out.isEmpty() ? List.of(new Finished(StopReason.END_TURN, "done", null))
                        : List.of(out.getFirst(), new Finished(StopReason.END_TURN, "done", null));
            }
            return out;
        }

        @Override
        public List<ChatEvent> ended() {
            return List.of();
        }
    }
}
