package dev.rosetta.agent.hooks;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The points of the loop a hook can run at, named as Claude Code names them, so that a hook written
 * for Claude Code is configured with the same word and gets the same input.
 */
public enum HookEvent {

    /** The conversation opened: a new one ({@code source} "startup") or a resumed one ("resume"). */
    SESSION_START("SessionStart", "source"),
    /** The user sent a message, before the model sees it. */
    USER_PROMPT_SUBMIT("UserPromptSubmit", null),
    /** A call is about to run (before the permission rules and the confirmation). */
    PRE_TOOL_USE("PreToolUse", "tool_name"),
    /** A call ran and did not fail. */
    POST_TOOL_USE("PostToolUse", "tool_name"),
    /** Rosetta waits for the user: a call to confirm, a form to fill in. */
    NOTIFICATION("Notification", "notification_type"),
    /** The model has answered without calling a tool: the turn is about to end. */
    STOP("Stop", null),
    /** The conversation is about to be compacted ({@code trigger} "auto" or "manual"). */
    PRE_COMPACT("PreCompact", "trigger");

    /** Claude Code's default for a command hook. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    /** A prompt hook holds up every message, so Claude Code gives it less. */
    private static final Duration PROMPT_TIMEOUT = Duration.ofSeconds(30);

    private final String hookName;
    private final String matchedField;

    HookEvent(String hookName, String matchedField) {
        this.hookName = hookName;
        this.matchedField = matchedField;
    }

    /** The event's name in config files and in the hook's input ({@code hook_event_name}). */
    public String hookName() {
        return hookName;
    }

    /** The input field a matcher is tested against; empty for an event a matcher does not filter. */
    public Optional<String> matchedField() {
        return Optional.ofNullable(matchedField);
    }

    /** How long a hook of this event may run when its entry does not say. */
    public Duration defaultTimeout() {
        return this == USER_PROMPT_SUBMIT ? PROMPT_TIMEOUT : DEFAULT_TIMEOUT;
    }

    /** The event a config file names, exactly as written. */
    public static Optional<HookEvent> named(String name) {
        return Arrays.stream(values()).filter(e -> e.hookName.equals(name)).findFirst();
    }

    /** Every event's name, for messages that list them. */
    public static String names() {
        return Arrays.stream(values()).map(HookEvent::hookName).collect(Collectors.joining(", "));
    }
}
