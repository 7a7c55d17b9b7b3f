package dev.rosetta.llm.openai;

import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.Frame;
import dev.rosetta.llm.stream.Framing;
import dev.rosetta.llm.stream.ReplyDecoder;
import dev.rosetta.llm.stream.WireFormat;
import tools.jackson.databind.JsonNode;

/**
 * How Chat Completions replies are read: SSE {@code data:} chunks up to {@code data: [DONE]}, or
 * one {@code chat.completion} body. Servers report errors inside a 200 as a chunk or body of
 * their own: OpenAI and most servers {@code {"error": {…}}}, OpenRouter with a numeric code,
 * vLLM {@code {"object": "error", …}}, MiniMax {@code {"base_resp": {"status_code": 1008, …}}} with a
 * code other than 0 (and no choices) instead of a reply.
 */
final class ChatCompletionsReplies {

    private ChatCompletionsReplies() {}

    static WireFormat format(String provider) {
        return new WireFormat(Framing.SSE, () -> new Streamed(provider), () -> new Whole(provider));
    }

    static boolean isError(JsonNode json) {
        JsonNode error = json.get("error");
        return (error != null && !error.isNull()) || "error".equals(json.path("object").asString(""))
                || json.path("base_resp").path("status_code").asInt(0) != 0;
    }

    private static List<ChatEvent> failed(String provider, JsonNode error) {
        return List.of(new Finished(StopReason.INTERRUPTED, "error", ProviderErrors.reported(provider, error)));
    }

    /** A stream of chunks; the Finished waits for [DONE] or the end of the body, as usage comes after the finish reason. */
    private static final class Streamed implements ReplyDecoder {

        private final String provider;
        private final ChunkDecoder chunks = new ChunkDecoder();

        Streamed(String provider) {
            this.provider = provider;
        }

        @Override
        public List<ChatEvent> frame(Frame frame) {
            if (frame.data().startsWith("[DONE]")) {
                return chunks.done();
            }
            JsonNode chunk = frame.json();
            if (chunk == null) {
                return List.of(); // not JSON: nothing to read in it
            }
            if ("error".equals(frame.type()) || isError(chunk)) {
                return failed(provider, chunk);
            }
            return chunks.chunk(chunk);
        }

        @Override
        public List<ChatEvent> ended() {
            return chunks.finishSeen() ? chunks.done() : List.of();
        }
    }

    /** A whole chat.completion, or an error body. */
    private static final class Whole implements ReplyDecoder {

        private final String provider;

        Whole(String provider) {
            this.provider = provider;
        }

        @Override
        public List<ChatEvent> frame(Frame frame) {
            JsonNode json = frame.json();
            return isError(json) ? failed(provider, json) : new ChunkDecoder().completion(json);
        }

        @Override
        public List<ChatEvent> ended() {
            return List.of();
        }
    }
}
