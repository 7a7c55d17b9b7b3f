package dev.rosetta.tools.repl;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolContext;

/**
 * Writes a REPL call's result for the model: the output, cut by the context's limit, and the
 * sentences that say what happened to the interpreter (interrupted, killed, exited, never
 * started) and whether its state survived. The tool supplies what the interpreter's own reply
 * means; this class handles everything that happens around it.
 */
public final class TurnReport {

    /**
     * How a tool names things.
     *
     * @param tool     the tool's name (the saved output's file name starts with it)
     * @param process  what the process is to the user: "interpreter", "JShell session"
     * @param state    what a restart loses: "variables, imports and functions"
     * @param exitHint how code usually ends the process: "os._exit", "System.exit"
     */
    public record Terms(String tool, String process, String state, String exitHint) {}

    private final ReplSession.Turn turn;
    private final ReplTimeouts timeouts;
    private final ToolContext context;
    private final Terms terms;

    public TurnReport(ReplSession.Turn turn, ReplTimeouts timeouts, ToolContext context, Terms terms) {
        this.turn = turn;
        this.timeouts = timeouts;
        this.context = context;
        this.terms = terms;
    }

    public ReplSession.Turn turn() {
        return turn;
    }

    /**
     * What the code printed, after a note when the interpreter it meant to use had died since
     * the last call: the model must not think its earlier definitions still exist.
     */
    public String output() {
        return turn.diedIdle().map(ended -> "(The previous " + terms.process() + " " + ending(ended.status())
                + " after the last call, so this code ran in a fresh one: the " + terms.state()
                + " defined before are gone.)\n").orElse("") + turn.output();
    }

    /** A success: the output (or a note that there was none). */
    public ToolResult ok(String text) {
        return ToolResult.ok(limit(text.isEmpty() ? "(no output)" : text));
    }

    public ToolResult error(ErrorCode code, String text) {
        return ToolResult.error(code, limit(text));
    }

    /** The interpreter stopped the code on our request and kept its state. */
    public ToolResult stopped(String text) {
        return error(stopCode(), join(text, stopReason() + "; the " + terms.process() + " and its " + terms.state()
                + " are kept."));
    }

    /** Whether Rosetta cut this call short (timeout or cancel), as opposed to the code failing by itself. */
    public boolean wasStopped() {
        return turn.stop() != ReplProcess.Stop.NONE;
    }

    /** The process is gone: it never started, was killed after a timeout, or exited by itself. */
    public ToolResult ended(Reply.Ended ended) {
        if (!turn.started()) {
            String why = ended.killed() ? " (it was not ready within a minute)"
                    : ended.status() >= 0 ? " (exit status " + ended.status() + ")" : "";
            return error(ErrorCode.UNAVAILABLE, join("the " + terms.process() + " failed to start" + why + ":",
                    join(turn.stderr(), output())));
        }
        String lost = "; a fresh " + terms.process() + " was started: the " + terms.state() + " defined so far are lost.";
        if (wasStopped()) {
            String what = ended.killed() ? ", and it did not stop within " + ReplTimeouts.describe(timeouts.grace())
                    + " of being interrupted, so the " + terms.process() + " was killed"
                    : ", and the interrupt ended the " + terms.process();
            return error(stopCode(), join(output(), stopReason() + what + lost));
        }
        String text = join(output(), "The " + terms.process() + " " + ending(ended.status()) + " ("
                + terms.exitHint() + ", a crash or an outside kill)" + lost);
        return ended.status() == 0 ? ok(text) : error(ErrorCode.exitCode(ended.status() > 0 ? ended.status() : 1), text);
    }

    private static String ending(int status) {
        if (status > 128) {
            return "was killed by signal " + (status - 128);
        }
        return status >= 0 ? "exited with status " + status : "stopped answering";
    }

    private ErrorCode stopCode() {
        return turn.stop() == ReplProcess.Stop.CANCELED ? ErrorCode.CANCELED : ErrorCode.TIMEOUT;
    }

    private String stopReason() {
        return turn.stop() == ReplProcess.Stop.CANCELED ? "The call was canceled"
                : "The code ran longer than " + ReplTimeouts.describe(timeouts.run()) + " and was interrupted";
    }

    private String limit(String text) {
        return context.outputLimit().apply(text, terms.tool(), context.outputs());
    }

    /** Two pieces of output, the second starting on its own line. */
    public static String join(String first, String second) {
        if (first.isEmpty() || second.isEmpty()) {
            return first + second;
        }
        return first.endsWith("\n") ? first + second : first + "\n" + second;
    }
}
