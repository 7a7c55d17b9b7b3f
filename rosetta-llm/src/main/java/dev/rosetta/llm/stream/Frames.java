package dev.rosetta.llm.stream;

import java.io.IOException;

/** The frames of one body, read as they arrive. */
public interface Frames {

    /** The next frame, blocking until it is whole; null at the end of the body. */
    Frame next() throws IOException;
}
