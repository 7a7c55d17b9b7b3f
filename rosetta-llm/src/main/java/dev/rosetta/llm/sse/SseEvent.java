package dev.rosetta.llm.sse;

/**
 * One server-sent event.
 *
 * @param type the {@code event:} field, or "message" when absent (as the spec says)
 * @param data the {@code data:} lines joined with '\n'
 * @param id   the last {@code id:} seen, or null
 */
public record SseEvent(String type, String data, String id) {}
