package dev.rosetta.cli.headless;

import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;

/**
 * One line of {@code --input-format jsonl} (docs/HEADLESS.md, docs/headless-input.schema.json): a
 * message for the conversation, an answer to a question, or an interrupt. A message is
 * {@code {"type": "user", "text": "…"}}, or as Claude Code's stream-json input spells it,
 * {@code {"type": "user", "message": {"role": "user", "content": "…" or [{"type": "text", "text": "…"}]}}}.
 */
sealed interface InputLine {

    /** A message for the model, or a slash command. */
    record Send(String text) implements InputLine {}

    /** An answer to question {@code id}, its fields as written (read against the question, {@link Answers}). */
    record Reply(String id, Map<String, Object> fields) implements InputLine {}

    /** Stop what runs now. */
    record Interrupt() implements InputLine {}

    /** @throws IllegalArgumentException saying what is wrong with the line, for the program that wrote it */
    static InputLine parse(String line) {
        Map<String, Object> json;
        try {
            json = Json.readObject(line);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a JSON object");
        }
        Object type = json.get("type");
        if (!(type instanceof String t)) {
            throw new IllegalArgumentException("no \"type\": say user, answer or interrupt");
        }
        return switch (t) {
            case "user", "message" -> new Send(text(json));
            case "answer" -> {
                if (!(json.get("id") instanceof String id) || id.isBlank()) {
                    throw new IllegalArgumentException("an answer names its question: \"id\": \"q1\"");
                }
                yield new Reply(id, json);
            }
            case "interrupt" -> new Interrupt();
            default -> throw new IllegalArgumentException("unknown \"type\": \"" + t + "\"; the types are user, answer"
                    + " and interrupt");
        };
    }

    private static String text(Map<String, Object> json) {
        if (json.get("text") instanceof String text) {
            return text;
        }
        if (json.get("message") instanceof Map<?, ?> message) {
            Object content = message.get("content");
            if (content instanceof String text) {
                return text;
            }
            if (content instanceof List<?> blocks) {
                StringBuilder text = new StringBuilder();
                for (Object block : blocks) {
                    if (block instanceof Map<?, ?> b && "text".equals(b.get("type")) && b.get("text") instanceof String s) {
                        text.append(text.isEmpty() ? "" : "\n").append(s);
                    }
                }
                if (!text.isEmpty()) {
                    return text.toString();
                }
            }
        }
        throw new IllegalArgumentException("a user message has its text: {\"type\": \"user\", \"text\": \"…\"}");
    }
}
