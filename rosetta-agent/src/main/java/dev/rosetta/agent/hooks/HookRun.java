package dev.rosetta.agent.hooks;

/**
 * How one run of a hook's command went.
 *
 * @param exitCode its exit status; -1 when it did not end by itself (timed out, stopped) or never started
 * @param stdout   what it wrote to stdout, decoded as UTF-8 (bad bytes replaced), up to a bound
 * @param stderr   the same for stderr
 * @param failure  why it did not run to an exit status of its own (it could not start, it ran past its
 *                 timeout, the turn was stopped), for the user; null when it did
 */
public record HookRun(int exitCode, String stdout, String stderr, String failure) {

    /** A hook that could not start, or was stopped before it ended. */
    static HookRun failed(String why, String stdout, String stderr) {
        return new HookRun(-1, stdout, stderr, why);
    }

    /** Whether it ran to an exit status of its own. */
    public boolean ended() {
        return failure == null;
    }

    /** Its stderr's first line that is not blank, for a one-line report; empty when there is none. */
    public String firstStderrLine() {
        return stderr.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    }
}
