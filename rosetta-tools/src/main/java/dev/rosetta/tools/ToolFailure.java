package dev.rosetta.tools;

import java.util.Objects;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/** A call that failed for a reason the model can act on: its code and a message for the model. */
public final class ToolFailure extends Exception {

    private final ErrorCode code;

    public ToolFailure(ErrorCode code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public ToolFailure(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    public ErrorCode code() {
        return code;
    }

    public ToolResult toResult() {
        return ToolResult.error(code, getMessage());
    }
}
