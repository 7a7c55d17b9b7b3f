package dev.rosetta.agent.chat;

import java.time.Duration;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.agent.hooks.HookEvent;
import dev.rosetta.agent.hooks.HookNotes;
import dev.rosetta.agent.hooks.HookVerdict;
import dev.rosetta.agent.hooks.HookedCall;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.PreDecision;

/**
 * The hooks' part in a turn ({@code [[hooks]]}, docs/CONFIG.md): what happens to the user's message
 * (UserPromptSubmit), to each call (PreToolUse, PostToolUse), to a compaction (PreCompact) and to the
 * end of the turn (Stop), and whether a hook ended the turn ({@code continue: false}).
 */
final class TurnHooks {

    /** Claude Code's bound on Stop hooks keeping one turn going in a row. */
    static final int STOP_HOOK_LIMIT = 8;

    private final ChatSession session;
    private final Consumer<AgentEvent> events;
    private final Consumer<Message> add;
    /** Why a hook ended the turn ({@code continue: false}), once the call it ran for is answered; else null. */
    private String stop;
    /** How many times in a row Stop hooks kept this turn going. */
    private int stopHooks;

    TurnHooks(ChatSession session, Consumer<AgentEvent> events, Consumer<Message> add) {
        this.session = session;
        this.events = events;
        this.add = add;
    }

    /** A new turn. */
    void reset() {
        stop = null;
        stopHooks = 0;
    }

    /**
     * The user's message through its UserPromptSubmit hooks: added (with the context they give, as a
     * message of its own), and null returned; or, blocked, not added — Claude Code erases a blocked
     * prompt, and its reason is for the user — and the turn's outcome returned.
     */
    TurnOutcome submit(String userText) {
        HookVerdict prompt = session.hooks().userPromptSubmit(userText);
        if (prompt.blocks() || prompt.stop()) {
            String why = prompt.blocks() ? prompt.reason() : prompt.stopReason();
            return new TurnOutcome(Reason.BLOCKED, "a UserPromptSubmit hook blocked the message; it was not sent"
                    + (why.isBlank() ? "" : ": " + why));
        }
        add.accept(Message.user(userText));
        if (!prompt.context().isBlank()) {
            add.accept(Message.system(HookNotes.context(HookEvent.USER_PROMPT_SUBMIT, prompt.context())));
        }
        return null;
    }

    /**
     * A call through its PreToolUse hooks (which may deny it, approve it, have it asked about or
     * change its arguments), {@code run} (the toolbox), and its PostToolUse hooks.
     */
    ToolResult execute(ToolUse use, BiFunction<ToolUse, PreDecision, ToolResult> run) {
        HookedCall call = HookedCall.before(session.hooks(), session.toolbox(), use);
        stopIf(call.pre());
        if (call.denied() != null) {
            return call.denied();
        }
        if (call.pre().permission() == HookVerdict.Permission.ASK) {
            events.accept(new AgentEvent.Notice("a PreToolUse hook asks you to confirm this call"
                    + (call.pre().permissionReason().isBlank() ? "" : ": " + call.pre().permissionReason())));
        }
        long started = System.nanoTime();
        ToolResult result = run.apply(call.use(), call.decision());
        HookVerdict post = call.after(result, Duration.ofNanos(System.nanoTime() - started));
        stopIf(post);
        return HookNotes.result(result, call.pre(), post);
    }

    /**
     * The model answered without a call: whether its Stop hooks keep the turn going, telling the
     * model why (at most {@link #STOP_HOOK_LIMIT} times in a row, as in Claude Code).
     */
    boolean keepGoing(Reply reply, boolean interrupted) {
        HookVerdict verdict = session.hooks().stop(stopHooks > 0, reply.text());
        stopIf(verdict);
        if (stop != null || interrupted || stopHooks >= STOP_HOOK_LIMIT
                || (!verdict.blocks() && verdict.context().isBlank())) {
            return false;
        }
        stopHooks++;
        add.accept(Message.system(HookNotes.stop(verdict)));
        events.accept(new AgentEvent.Notice("a Stop hook keeps the turn going"
                + (verdict.reason().isBlank() ? "" : ": " + verdict.reason().lines().findFirst().orElse(""))));
        return true;
    }

    /** Why a PreCompact hook blocks this compaction, or null when none does. */
    String compactionVeto(Compaction.Trigger trigger, String keep) {
        HookVerdict verdict = session.hooks().preCompact(trigger == Compaction.Trigger.AUTO ? "auto" : "manual", keep);
        if (!verdict.blocks()) {
            return null;
        }
        return "a PreCompact hook blocked it" + (verdict.reason().isBlank() ? "" : ": " + verdict.reason());
    }

    /** Whether a hook ended the turn. */
    boolean stopped() {
        return stop != null;
    }

    TurnOutcome stoppedOutcome() {
        return new TurnOutcome(Reason.BLOCKED, "a hook stopped the turn" + (stop.isBlank() ? "" : ": " + stop));
    }

    private void stopIf(HookVerdict verdict) {
        if (verdict.stop() && stop == null) {
            stop = verdict.stopReason();
        }
    }
}
