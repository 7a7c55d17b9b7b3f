package dev.rosetta.llm.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpHeaders;
import java.util.Locale;

/**
 * A successful response whose body is still arriving. Closing it closes the connection, which
 * is how a reply is stopped mid-generation.
 */
public final class OpenResponse implements AutoCloseable {

    private final int status;
    private final HttpHeaders headers;
    private final BodyWatch body;
    private volatile boolean closedByUs;

    OpenResponse(int status, HttpHeaders headers, BodyWatch body) {
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

    /** The content type without its parameters, lower case, or "" when the server sent none. */
    public String contentType() {
        String type = headers.firstValue("content-type").orElse("");
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
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
        return body.fired() == BodyWatch.Timeout.IDLE;
    }

    /** Whether the body was closed because the reply's deadline passed. */
    public boolean deadlinePassed() {
        return body.fired() == BodyWatch.Timeout.REPLY;
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
