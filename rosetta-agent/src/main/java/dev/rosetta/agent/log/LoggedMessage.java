package dev.rosetta.agent.log;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatEvent.Usage;

/**
 * One message of a conversation as the log keeps it: the message, when, and what is needed to
 * send it again to a different model — the format its text was read in and which of its calls
 * came natively — plus what it cost.
 *
 * @param message       the message (an assistant message keeps its text exactly as written)
 * @param timestamp     when it was added
 * @param model         {@code provider/model} that wrote an assistant message; null otherwise
 * @param format        the tool format in effect when it was written
 * @param nativeCallIds ids of the calls that arrived as native tool calls (not in the text)
 * @param usage         tokens of the request that produced it, or null
 * @param cost          its price in US dollars, or null when unknown
 */
public record LoggedMessage(Message message, Instant timestamp, String model, ToolFormat format,
        Set<String> nativeCallIds, Usage usage, Double cost) {

    public LoggedMessage {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(format, "format");
        nativeCallIds = nativeCallIds == null ? Set.of() : Set.copyOf(nativeCallIds);
    }

    /** A message that is not the model's (user text, a tool result, a note). */
    public static LoggedMessage of(Message message, ToolFormat format) {
        return new LoggedMessage(message, Instant.now(), null, format, Set.of(), null, null);
    }
}
