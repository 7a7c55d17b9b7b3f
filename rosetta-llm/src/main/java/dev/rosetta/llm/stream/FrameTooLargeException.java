package dev.rosetta.llm.stream;

import java.io.IOException;

/** A line, an event or a body past the size a reply may have: the server is not sending what it should. */
public final class FrameTooLargeException extends IOException {

    private final String what;
    private final int limit;

    /** @param what "a line", "an event" or "a body" */
    FrameTooLargeException(String what, int limit) {
        super(what + " longer than " + limit + " bytes");
        this.what = what;
        this.limit = limit;
    }

    /** In words: "a line longer than 16 MiB". */
    String describe() {
        return what + " longer than " + (limit >= 1 << 20 && limit % (1 << 20) == 0 ? (limit >> 20) + " MiB"
                : limit + " bytes");
    }
}
