package dev.rosetta.llm.stream;

import java.io.IOException;
import java.io.InputStream;

/** Newline-delimited JSON (application/x-ndjson): each non-blank line is a frame. */
final class JsonLines implements Frames {

    private final LineReader lines;

    JsonLines(InputStream in, int maxFrame) {
        this.lines = new LineReader(in, maxFrame);
    }

    @Override
    public Frame next() throws IOException {
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (!line.isBlank()) {
                return new Frame(null, line);
            }
        }
        return null;
    }
}
