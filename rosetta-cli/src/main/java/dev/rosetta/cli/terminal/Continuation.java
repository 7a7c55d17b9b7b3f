package dev.rosetta.cli.terminal;

/** Whether a typed line goes on at the next one. */
final class Continuation {

    private Continuation() {}

    /**
     * A single backslash at the very end continues the line; two are a backslash the user meant
     * (a Windows path, a regex), and send.
     */
    static boolean endsWithBackslash(String line) {
        return line.endsWith("\\") && !line.endsWith("\\\\");
    }
}
