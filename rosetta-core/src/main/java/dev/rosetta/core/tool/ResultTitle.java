package dev.rosetta.core.tool;

/**
 * How a call's result is named for people, whatever front end shows it: the outcome after the tool's
 * name ({@code ✓ shell · exit 0}, {@code ✗ shell · exit 2}, {@code ✗ patch · [ERROR:ENOENT]}) and the
 * output without the error tag the outcome already says. Nothing here is made safe: whoever shows it
 * does that.
 */
public final class ResultTitle {

    private static final String EXIT = "ExitCode:";

    private ResultTitle() {}

    /**
     * "exit 0" for a command that succeeded, "exit N" for one that failed with status N, the error tag
     * for another failure, "" for another success (and for a failure from a log older than error codes).
     */
    public static String outcome(ToolUse use, ToolResult result) {
        if (!result.isError()) {
            return use.tool().equals("shell") ? "exit 0" : "";
        }
        if (result.code() == null) {
            return "";
        }
        String code = result.code().code();
        return code.startsWith(EXIT) ? "exit " + code.substring(EXIT.length()) : result.code().tag();
    }

    /** The output, less the error tag it starts with (and the blank that follows it) when it has one. */
    public static String output(ToolResult result) {
        String output = result.output();
        if (result.isError() && result.code() != null && output.startsWith(result.code().tag())) {
            return output.substring(result.code().tag().length()).replaceFirst("^[ \t]*\n?", "");
        }
        return output;
    }
}
