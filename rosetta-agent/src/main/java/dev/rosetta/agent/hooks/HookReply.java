package dev.rosetta.agent.hooks;

import java.util.Map;

import dev.rosetta.agent.hooks.HookVerdict.Permission;
import dev.rosetta.core.json.Json;

/**
 * What one run of a hook said, read as Claude Code reads it: the exit status, and the JSON object
 * its stdout holds when that starts with <code>{</code> (read on every exit status). Exit status 2
 * blocks, whatever the JSON says, its reason the JSON's or else stderr; any other status but 0 is
 * a failure to report unless the JSON decides; plain stdout is context for the events whose plain
 * stdout the model sees.
 *
 * @param blocks        the hook blocks what the event is about (exit 2, {@code decision: "block"},
 *                      {@code permissionDecision: "deny"})
 * @param reason        why it blocks, or what it asks the model to do (Stop, PostToolUse); may be empty
 * @param context       {@code additionalContext}, or plain stdout where that is context; empty when none
 * @param stop          {@code continue: false}: the turn ends after this
 * @param stopReason    {@code stopReason}, for the user
 * @param systemMessage {@code systemMessage}, for the user; null when none
 * @param permission    a PreToolUse hook's decision
 * @param permissionReason {@code permissionDecisionReason}, for the user ("ask", "allow") or the model ("deny")
 * @param updatedInput  {@code updatedInput}: the call's arguments to use instead; null when none
 * @param updatedOutput {@code updatedToolOutput}: the result the model gets instead; null when none
 * @param problem       what went wrong with the hook, for the user; null when nothing did
 */
record HookReply(boolean blocks, String reason, String context, boolean stop, String stopReason, String systemMessage,
        Permission permission, String permissionReason, Map<String, Object> updatedInput, String updatedOutput,
        String problem) {

    static final HookReply SILENT = new HookReply(false, "", "", false, "", null, Permission.NONE, "", null, null, null);

    static HookReply failed(String problem) {
        return new HookReply(false, "", "", false, "", null, Permission.NONE, "", null, null, problem);
    }

    /** How {@code run} of a hook for {@code event} reads. */
    static HookReply of(HookEvent event, HookRun run) {
        if (!run.ended()) {
            return failed(run.failure());
        }
        String out = run.stdout().strip();
        Map<String, Object> json = out.startsWith("{") ? object(out) : null;
        if (json != null) {
            try {
                return HookJson.read(event, json, run);
            } catch (IllegalArgumentException e) {
                HookReply invalid = failed("its JSON output is not what a " + event.hookName() + " hook answers: "
                        + e.getMessage());
                return run.exitCode() == 2 ? blocking(event, run.stderr().strip(), invalid.problem()) : invalid;
            }
        }
        if (run.exitCode() == 2) {
            return blocking(event, run.stderr().strip(), null);
        }
        if (run.exitCode() != 0) {
            String line = run.firstStderrLine();
            return failed("it failed with status " + run.exitCode() + (line.isEmpty() ? "" : ": " + line));
        }
        return plainContext(event) ? SILENT.withContext(out) : SILENT;
    }

    /** Whether the model sees a hook's plain stdout (Claude Code: SessionStart and UserPromptSubmit only). */
    static boolean plainContext(HookEvent event) {
        return event == HookEvent.SESSION_START || event == HookEvent.USER_PROMPT_SUBMIT;
    }

    private static HookReply blocking(HookEvent event, String why, String problem) {
        return new HookReply(true, why, "", false, "", null,
                event == HookEvent.PRE_TOOL_USE ? Permission.DENY : Permission.NONE, why, null, null, problem);
    }

    private HookReply withContext(String text) {
        return new HookReply(blocks, reason, text, stop, stopReason, systemMessage, permission, permissionReason,
                updatedInput, updatedOutput, problem);
    }

    /** The stdout as a JSON object, or null when it is not one (then it is plain text). */
    private static Map<String, Object> object(String text) {
        try {
            return Json.readObject(text);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
