package dev.rosetta.tools.mcp;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import dev.rosetta.core.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * What a stream of server-sent events has said so far, as much as resuming it needs: the id of
 * the last event, the reconnection time the server asked for, whether the stream stands between
 * two events, and whether a JSON-RPC response went by. It reads the bytes beside the SDK's own
 * reader and changes nothing; the fields follow the WHATWG rules for {@code text/event-stream}.
 */
final class EventStreamScan {

    /** A line longer than this is not looked into (the SDK bounds a message at 16 MiB too). */
    private static final int LINE_LIMIT = 16 * 1024 * 1024;

    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final StringBuilder data = new StringBuilder();
    private boolean afterCr;
    private boolean lineTooLong;
    private boolean inEvent;
    private String idBuffer;
    private String lastId;
    private Long retryMillis;
    private boolean responseSeen;
    private long events;

    /** Reads {@code bytes} without moving its position. */
    void feed(ByteBuffer bytes) {
        ByteBuffer b = bytes.duplicate();
        while (b.hasRemaining()) {
            byte c = b.get();
            if (afterCr && c == '\n') {
                afterCr = false;
                continue;
            }
            afterCr = c == '\r';
            if (c == '\r' || c == '\n') {
                endLine();
            } else if (line.size() < LINE_LIMIT) {
                line.write(c);
            } else {
                lineTooLong = true;
            }
        }
    }

    /** The id of the last event dispatched, or null when none had one. */
    String lastId() {
        return lastId == null || lastId.isEmpty() ? null : lastId;
    }

    /** The reconnection time the server last asked for, in milliseconds, or null. */
    Long retryMillis() {
        return retryMillis;
    }

    /** Whether the stream stands between events: what came last was a whole event (or nothing). */
    boolean betweenEvents() {
        return !inEvent && line.size() == 0 && !lineTooLong;
    }

    /** Whether a JSON-RPC response (a message with {@code result} or {@code error}, no {@code method}) went by. */
    boolean responseSeen() {
        return responseSeen;
    }

    /** How many events were dispatched, empty ones (a server's priming event) too. */
    long events() {
        return events;
    }

    private void endLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        boolean cut = lineTooLong;
        line.reset();
        lineTooLong = false;
        if (text.isEmpty() && !cut) {
            dispatch();
            return;
        }
        inEvent = true;
        if (cut || text.startsWith(":")) {
            return;
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    idBuffer = value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.length() < 10 && value.chars().allMatch(Character::isDigit)) {
                    retryMillis = Long.parseLong(value);
                }
            }
            case "data" -> data.append(value).append('\n');
            default -> {
                // event names and unknown fields change nothing here
            }
        }
    }

    private void dispatch() {
        if (!inEvent) {
            return;
        }
        inEvent = false;
        events++;
        if (idBuffer != null) {
            lastId = idBuffer;
        }
        if (!data.isEmpty() && isResponse(data.toString())) {
            responseSeen = true;
        }
        data.setLength(0);
    }

    /** Whether a message is a response, from its top-level names alone (its result is skipped, not read). */
    static boolean isResponse(String json) {
        boolean result = false;
        try (JsonParser parser = Json.MAPPER.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                if (name.equals("method")) {
                    return false;
                }
                result |= name.equals("result") || name.equals("error");
                parser.nextToken();
                parser.skipChildren();
            }
            return result;
        } catch (JacksonException e) {
            return false;
        }
    }
}
