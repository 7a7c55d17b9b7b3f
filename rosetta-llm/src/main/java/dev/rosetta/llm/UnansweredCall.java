package dev.rosetta.llm;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/**
 * The result a native call is sent with when the history holds none. Every API rejects a call
 * without one, and the agent records one for every call it reads, refused and interrupted ones
 * too; a call is left unanswered only when Rosetta stopped (a crash, kill -9) between logging the
 * reply and logging the result — possibly while the tool was running. So the model is told that
 * it may have run, partly, and not that it did not.
 */
public final class UnansweredCall {

    /** The result's text, marked as errors are everywhere. */
    public static final String RESULT = ToolResult.error(ErrorCode.CANCELED, "interrupted; it may have run partly"
            + " (Rosetta stopped before its result was recorded): check what it changed before you run it again,"
            + " and do not assume it succeeded").output();

    private UnansweredCall() {}
}
