package dev.rosetta.llm.stream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** A body that is one reply (not streamed, or JSON where a stream was asked for): a single frame. */
final class WholeBody implements Frames {

    private final InputStream in;
    private final int max;
    private boolean read;

    WholeBody(InputStream in, int max) {
        this.in = in;
        this.max = max;
    }

    @Override
    public Frame next() throws IOException {
        if (read) {
            return null;
        }
        read = true;
        byte[] bytes = in.readNBytes(max + 1);
        if (bytes.length > max) {
            throw new FrameTooLargeException("a body", max);
        }
        return new Frame(null, new String(bytes, StandardCharsets.UTF_8));
    }
}
