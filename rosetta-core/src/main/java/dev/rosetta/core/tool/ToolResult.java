package dev.rosetta.core.tool;

import java.util.Objects;

/**
 * What running a tool call produced.
 *
 * @param output  the text for the model (an error's text starts with {@code [ERROR:CODE]})
 * @param isError whether the call failed
 * @param code    why it failed; null on success, and for a failure logged before codes were recorded
 *                (the failure is known, its code is not, and none is made up)
 */
public record ToolResult(String output, boolean isError, ErrorCode code) {

    public ToolResult {
        Objects.requireNonNull(output, "output");
        if (!isError && code != null) {
            throw new IllegalArgumentException("a successful result has no ErrorCode");
        }
    }

    public static ToolResult ok(String output) {
        return new ToolResult(output, false, null);
    }

    /**
     * An error whose text starts with the code's tag, as models are told to expect. A tool whose
     * message is raw output (a shell's) puts the tag on a line of its own first, so the tag is not
     * read as part of the output.
     */
    public static ToolResult error(ErrorCode code, String message) {
        String text = message.startsWith(code.tag()) ? message : code.tag() + " " + message;
        return new ToolResult(text, true, code);
    }
}
