package dev.rosetta.tools.mcp;

import dev.rosetta.core.size.ByteSize;

/**
 * What a stdio server wrote on its standard output that Rosetta cannot read, in words: each is
 * said in the one line a call's result or a failed start carries, so the user (and the model)
 * learn why at once instead of after a time limit.
 */
final class ServerOutput {

    /** How much of an unreadable line is quoted. */
    private static final int QUOTED = 120;
    /** How much of the parser's complaint is kept. */
    private static final int PROBLEM = 100;

    private ServerOutput() {}

    static String tooLarge(int limit) {
        return "sent a message larger than " + ByteSize.of(limit) + ", the most Rosetta reads in one MCP message";
    }

    /**
     * A line that is no JSON-RPC message. Before the server's first message it is most often a
     * banner or a log line printed to the wrong stream, and the user is told where it belongs.
     */
    static String notJsonRpc(String line, Exception problem, boolean afterFirstMessage) {
        String quoted = quote(line);
        if (!afterFirstMessage) {
            return "wrote something that is not a JSON-RPC message to its standard output before it answered"
                    + " initialize (" + quoted + "); a stdio server may write only JSON-RPC messages there, its logs"
                    + " belong on its standard error";
        }
        return "wrote a line to its standard output that is not a JSON-RPC message (" + why(problem) + "): " + quoted;
    }

    private static String quote(String line) {
        String stripped = line.strip();
        return "«" + (stripped.length() <= QUOTED ? stripped : stripped.substring(0, QUOTED) + "…") + "»"
                + (stripped.length() > QUOTED ? " (" + ByteSize.of(ByteSize.utf8(stripped)) + ")" : "");
    }

    /** The parser's first sentence, without its location and its hints: "Document nesting depth (1001) exceeds…". */
    private static String why(Exception problem) {
        Throwable t = problem;
        while (t.getCause() != null && t.getCause() != t && t.getCause().getMessage() != null) {
            t = t.getCause(); // the innermost says what: "Failed to read value" wraps "nesting depth (501) exceeds…"
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int cut = message.length();
        for (String end : new String[] {"\n", " at [Source", ", from `"}) {
            int at = message.indexOf(end);
            if (at > 0 && at < cut) {
                cut = at;
            }
        }
        String first = message.substring(0, Math.min(cut, PROBLEM)).strip();
        if (cut > PROBLEM) {
            return first + "…";
        }
        long open = first.chars().filter(c -> c == '(').count() - first.chars().filter(c -> c == ')').count();
        return first + ")".repeat((int) Math.max(0, open));
    }
}
