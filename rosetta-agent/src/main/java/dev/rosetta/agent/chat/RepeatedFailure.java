package dev.rosetta.agent.chat;

import java.util.Objects;

import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * Notices a model going round in circles: the same call (tool and arguments) failing the same way
 * (error code and output) {@link #LIMIT} times in a row. A different call, or a success, starts
 * the count again.
 */
final class RepeatedFailure {

    static final int LIMIT = 3;

    private ToolUse lastCall;
    private ToolResult lastResult;
    private int times;

    /** Counts one result; true when it makes {@link #LIMIT} identical failures in a row. */
    boolean record(ToolUse use, ToolResult result) {
        ToolUse call = use.withCallId(null);
        if (!result.isError()) {
            lastCall = null;
            times = 0;
            return false;
        }
        boolean same = call.equals(lastCall) && sameFailure(result, lastResult);
        times = same ? times + 1 : 1;
        lastCall = call;
        lastResult = result;
        return times >= LIMIT;
    }

    private static boolean sameFailure(ToolResult a, ToolResult b) {
        return b != null && Objects.equals(a.code(), b.code()) && a.output().strip().equals(b.output().strip());
    }

    /** For the user: what kept failing. */
    String describe() {
        String code = lastResult.code() == null ? "" : " (" + lastResult.code().code() + ")";
        return lastCall.tool() + " failed the same way" + code + " " + LIMIT + " times in a row";
    }
}
