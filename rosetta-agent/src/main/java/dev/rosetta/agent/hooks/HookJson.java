package dev.rosetta.agent.hooks;

import java.util.Locale;
import java.util.Map;

import dev.rosetta.agent.hooks.HookVerdict.Permission;
import dev.rosetta.core.json.Json;

/**
 * A hook's JSON answer, field by field as Claude Code's hooks reference defines them: the universal
 * {@code continue}, {@code stopReason} and {@code systemMessage}; the top-level {@code decision} and
 * {@code reason}; and {@code hookSpecificOutput} with {@code additionalContext}, a PreToolUse hook's
 * {@code permissionDecision}, {@code permissionDecisionReason} and {@code updatedInput}, and a
 * PostToolUse hook's {@code updatedToolOutput}. A field of the wrong shape makes the whole answer
 * invalid, as Claude Code's schema check does; fields Rosetta has no use for are ignored.
 */
final class HookJson {

    private HookJson() {}

    /** @throws IllegalArgumentException naming the field that is not as the reference defines it */
    static HookReply read(HookEvent event, Map<String, Object> json, HookRun run) {
        boolean stop = Boolean.FALSE.equals(bool(json, "continue"));
        String stopReason = text(json, "stopReason");
        String systemMessage = text(json, "systemMessage");
        String decision = text(json, "decision");
        String reason = text(json, "reason");
        Map<String, Object> specific = specific(event, json);
        String context = specific == null ? "" : orEmpty(text(specific, "additionalContext"));
        Permission permission = Permission.NONE;
        String permissionReason = "";
        Map<String, Object> updatedInput = null;
        String updatedOutput = null;
        boolean decisionBlocks = false;
        if (decision != null) {
            decisionBlocks = switch (decision) {
                case "block" -> true;
                case "approve" -> false; // Claude Code's old spelling of a PreToolUse allow
                default -> throw new IllegalArgumentException("\"decision\" must be \"block\", not \"" + decision + "\"");
            };
            if (event == HookEvent.PRE_TOOL_USE) {
                permission = decisionBlocks ? Permission.DENY : Permission.ALLOW;
                permissionReason = orEmpty(reason);
            }
        }
        if (specific != null && event == HookEvent.PRE_TOOL_USE) {
            String said = text(specific, "permissionDecision");
            permission = said != null ? permission(said) : permission;
            String why = text(specific, "permissionDecisionReason");
            permissionReason = why != null ? why : permissionReason;
            updatedInput = map(specific, "updatedInput");
        }
        if (specific != null && event == HookEvent.POST_TOOL_USE) {
            Object output = specific.get("updatedToolOutput");
            updatedOutput = output == null || output instanceof String ? (String) output : Json.write(output);
        }
        boolean exitBlocks = run.exitCode() == 2; // blocks whatever the JSON says
        if (exitBlocks && event == HookEvent.PRE_TOOL_USE) {
            permission = Permission.DENY;
        }
        boolean blocks = exitBlocks || (event == HookEvent.PRE_TOOL_USE ? permission == Permission.DENY : decisionBlocks);
        String blockReason = event == HookEvent.PRE_TOOL_USE && blocks && !permissionReason.isEmpty() ? permissionReason
                : decisionBlocks && reason != null ? reason
                : exitBlocks ? run.stderr().strip()
                : orEmpty(reason);
        if (event == HookEvent.PRE_TOOL_USE && blocks) {
            permissionReason = blockReason;
        }
        return new HookReply(blocks, blockReason, context, stop, orEmpty(stopReason), systemMessage, permission,
                permissionReason, updatedInput, updatedOutput, null);
    }

    /** {@code hookSpecificOutput}, when it is for this event (it names the event it answers). */
    private static Map<String, Object> specific(HookEvent event, Map<String, Object> json) {
        Map<String, Object> specific = map(json, "hookSpecificOutput");
        if (specific == null) {
            return null;
        }
        String name = text(specific, "hookEventName");
        if (name != null && !name.equals(event.hookName())) {
            throw new IllegalArgumentException("\"hookSpecificOutput\" is for " + name + ", not " + event.hookName());
        }
        return specific;
    }

    private static Permission permission(String said) {
        return switch (said) {
            case "allow", "deny", "ask", "defer" -> Permission.valueOf(said.toUpperCase(Locale.ROOT));
            default -> throw new IllegalArgumentException("\"permissionDecision\" must be \"allow\", \"deny\", \"ask\""
                    + " or \"defer\", not \"" + said + "\"");
        };
    }

    private static String text(Map<String, Object> json, String key) {
        Object value = json.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new IllegalArgumentException("\"" + key + "\" must be a string");
    }

    private static Boolean bool(Map<String, Object> json, String key) {
        Object value = json.get(key);
        if (value == null || value instanceof Boolean) {
            return (Boolean) value;
        }
        throw new IllegalArgumentException("\"" + key + "\" must be true or false");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> json, String key) {
        Object value = json.get(key);
        if (value == null || value instanceof Map) {
            return (Map<String, Object>) value;
        }
        throw new IllegalArgumentException("\"" + key + "\" must be an object");
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }
}
