package dev.rosetta.llm.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpHeaders;

/**
 * A successful response whose body is still arriving. Closing it closes the connection, which
 * is how a reply is stopped mid-generation.
 */
public final class OpenResponse implements AutoCloseable {

    private final int status;
    private final HttpHeaders headers;
    private final InputStream body;
    private volatile boolean closedByUs;

    OpenResponse(int status, HttpHeaders headers, InputStream body) {
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    public int status() {
        return status;
    }

    public HttpHeaders headers() {
        return headers;
    }

    public InputStream body() {
        return body;
    }

    /** Whether {@link #close()} was called (so a failed read is a cancel, not a cut). */
    public boolean closedByUs() {
        return closedByUs;
    }

    /** Whether the body was closed because no byte came for the idle timeout. */
    public boolean idleTimedOut() {
        return body instanceof IdleGuard guard && guard.timedOut();
    }

    @Override
    public void close() {
        closedByUs = true;
        try {
            body.close();
        } catch (IOException ignored) {
            // the connection is going away either way
        }
    }
}
