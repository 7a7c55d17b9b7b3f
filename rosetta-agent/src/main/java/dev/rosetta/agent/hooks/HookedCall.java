package dev.rosetta.agent.hooks;

import java.time.Duration;
import java.util.Optional;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.PreDecision;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.Toolbox;

/**
 * One call on its way through its hooks: what its PreToolUse hooks said (run with the call's
 * arguments bound, so they see them by name whatever dialect the model wrote), the call to run
 * (changed, when a hook gave {@code updatedInput}), and its PostToolUse hooks once it ran. A call
 * whose tool is unknown or whose arguments do not bind goes to the toolbox unhooked: it fails
 * there, and no hook needs to see it.
 *
 * @param pre      what the PreToolUse hooks said
 * @param use      the call to run
 * @param args     its arguments, bound; null when they do not bind
 * @param denied   the result of a call a hook denied; null when it runs
 * @param decision what the toolbox is told the hooks decided
 */
public record HookedCall(Hooks hooks, HookVerdict pre, ToolUse use, Arguments args, ToolResult denied,
        PreDecision decision) {

    public static HookedCall before(Hooks hooks, Toolbox toolbox, ToolUse use) {
        Optional<ToolSpec> spec = toolbox.tool(use.tool()).map(Tool::spec);
        Arguments args = spec.map(s -> bind(s, use)).orElse(null);
        if (args == null) {
            return new HookedCall(hooks, HookVerdict.NONE, use, null, null, PreDecision.NONE);
        }
        HookVerdict pre = hooks.preToolUse(use, args);
        if (pre.permission() == HookVerdict.Permission.DENY) {
            ToolResult denied = ToolResult.error(ErrorCode.DENIED, "a PreToolUse hook blocked this call; it was not run"
                    + (pre.reason().isBlank() ? "" : ": " + pre.reason()));
            return new HookedCall(hooks, pre, use, args, denied, PreDecision.NONE);
        }
        ToolUse run = use;
        Arguments runArgs = args;
        if (pre.updatedInput() != null) {
            run = ToolUse.named(use.tool(), hooks.updatedArguments(pre.updatedInput(), args), use.callId());
            runArgs = bind(spec.get(), run);
        }
        PreDecision decision = switch (pre.permission()) {
            case ALLOW -> new PreDecision.Approved("a PreToolUse hook");
            case ASK -> new PreDecision.MustAsk("a PreToolUse hook asks for it to be confirmed"
                    + (pre.permissionReason().isBlank() ? "" : " (" + pre.permissionReason() + ")"));
            default -> PreDecision.NONE;
        };
        return new HookedCall(hooks, pre, run, runArgs, null, decision);
    }

    /** The call ran: its PostToolUse hooks, when it did not fail (Claude Code runs them after a success only). */
    public HookVerdict after(ToolResult result, Duration took) {
        if (args == null || result.isError()) {
            return HookVerdict.NONE;
        }
        return hooks.postToolUse(use, args, result, took);
    }

    private static Arguments bind(ToolSpec spec, ToolUse use) {
        try {
            return spec.bind(use);
        } catch (InvalidArgumentsException e) {
            return null;
        }
    }
}
