package dev.rosetta.tools.shell;

/**
 * The lines the session writes to bash. A command travels as one single-quoted word handed to
 * {@code eval}, so bash parses the text whole (heredocs, multi-line scripts, unbalanced quotes
 * that bash itself reports) and nothing of ours can be cut apart by it. The redirections on that
 * one line give the command {@code /dev/null} as stdin and the output pipe as stdout and stderr,
 * and bash undoes them afterwards, also when the command ran {@code exec >file}. The marker goes
 * out on the next line, so it is never visible to the command while it runs.
 */
final class BashScript {

    private BashScript() {}

    /**
     * Quiet prompts, no history (its file, {@code !} expansion), then marker 0 carrying the
     * shell's pid.
     */
    static String init(String key) {
        return "set +o history +H; unset HISTFILE PROMPT_COMMAND MAILCHECK; PS1=''; PS2=''; PS0=''\n"
                + marker(key, 0, "$$");
    }

    static String call(String key, long sequence, String command) {
        return "builtin eval " + quote(command) + " </dev/null >>/dev/stdout 2>&1\n"
                + marker(key, sequence, "$?");
    }

    /** Prints {@code \001<key>:<sequence>:<value>\n}; printf makes the \001, so this line never matches itself. */
    static String marker(String key, long sequence, String value) {
        return "builtin printf '\\001%s:%s:%s\\n' " + key + " " + sequence + " \"" + value + "\"\n";
    }

    /** One single-quoted bash word: everything is literal inside, and a quote is closed, escaped and reopened. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
