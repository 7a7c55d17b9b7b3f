package dev.rosetta.tools.mcp;

import dev.rosetta.core.tool.ErrorCode;

/**
 * A server that could not be started or reached, or a call that did not get an answer: its code
 * ({@code Unavailable}, {@code Timeout}, …) and a one-line message with every secret taken out.
 */
public final class McpFailure extends Exception {

    /** The server answered a call with a JSON-RPC error. */
    public static final ErrorCode SERVER_ERROR = new ErrorCode("McpError");

    private final ErrorCode code;

    public McpFailure(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    /** A failure {@code cause} led to; its message is still the one line the user sees. */
    public McpFailure(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
