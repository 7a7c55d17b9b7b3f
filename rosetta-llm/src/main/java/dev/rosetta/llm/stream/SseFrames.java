package dev.rosetta.llm.stream;

import java.io.IOException;
import java.io.InputStream;

/**
 * Server-sent events as the WHATWG spec frames them: a blank line dispatches; {@code :} lines are
 * comments; one space after a field's colon is dropped; {@code data} lines join with '\n'; an
 * event cut off by the end of the stream is dropped; {@code id} and {@code retry} mean nothing to
 * a reply and are skipped. An event's data is capped like its lines.
 */
final class SseFrames implements Frames {

    private final LineReader lines;
    private final int maxEvent;

    SseFrames(InputStream in, int maxFrame) {
        this.lines = new LineReader(in, maxFrame);
        this.maxEvent = maxFrame;
    }

    @Override
    public Frame next() throws IOException {
        String type = null;
        StringBuilder data = null;
        while (true) {
            String text = lines.next();
            if (text == null) {
                return null;
            }
            if (text.isEmpty()) {
                if (data != null) {
                    return new Frame(type, data.toString());
                }
                type = null;
                continue;
            }
            if (text.charAt(0) == ':') {
                continue;
            }
            int colon = text.indexOf(':');
            String field = colon < 0 ? text : text.substring(0, colon);
            String value = colon < 0 ? "" : text.substring(colon + (colon + 1 < text.length() && text.charAt(colon + 1) == ' ' ? 2 : 1));
            switch (field) {
                case "event" -> type = value;
                case "data" -> data = append(data, value);
                default -> { } // id, retry and unknown fields: nothing to do for a reply
            }
        }
    }

    private StringBuilder append(StringBuilder data, String value) throws FrameTooLargeException {
        if (data == null) {
            return new StringBuilder(value);
        }
        if ((long) data.length() + 1 + value.length() > maxEvent) {
            throw new FrameTooLargeException("an event", maxEvent);
        }
        return data.append('\n').append(value);
    }
}
