package dev.rosetta.agent.hooks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * A conversation's hooks: commands the user configured to run at points of the loop, each given on
 * stdin the JSON Claude Code gives its hooks for that event, so scripts written for Claude Code run
 * unchanged. The hooks an occurrence matches run in parallel; what they say is combined
 * ({@link HookVerdict}). A hook that fails — cannot start, exits with a status other than 0 or 2
 * without a JSON answer, answers JSON of the wrong shape, runs past its timeout — is reported to
 * the user in one line (the same failure of the same hook once), and the turn goes on as if it had
 * said nothing. docs/CONFIG.md, "Hooks", is the user's side of this.
 */
public final class Hooks {

    /** No hooks: every event passes without a process started. */
    public static final Hooks NONE = new Hooks(List.of(), null, line -> { });

    /** Claude Code's bound on what one hook adds to the model's context. */
    static final int CONTEXT_LIMIT = 10_000;

    private volatile List<HookEntry> entries;
    /** A project's hooks the user has not approved: not run until {@link #enable} (listed by {@code /hooks}). */
    private volatile List<HookEntry> pending = List.of();
    /** Records the approval of the pending hooks, so later conversations of the project run them too. */
    private volatile Runnable recordApproval = () -> { };
    private final HookSession session;
    private final Consumer<String> notices;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    /**
     * @param entries the hooks, in the order the config files give them (a project's only once approved)
     * @param notices where a line for the user goes: a failed hook, a hook's {@code systemMessage}
     */
    public Hooks(List<HookEntry> entries, HookSession session, Consumer<String> notices) {
        this.entries = distinct(entries);
        this.session = session;
        this.notices = notices;
    }

    /** The hooks that run. */
    public List<HookEntry> entries() {
        return entries;
    }

    /** A project's hooks waiting for the user's approval before they run. */
    public List<HookEntry> pending() {
        return pending;
    }

    /**
     * Hooks of a project, not run until the user approves them.
     *
     * @param record records the approval once it is given
     */
    public void hold(List<HookEntry> unapproved, Runnable record) {
        pending = List.copyOf(unapproved);
        recordApproval = record;
    }

    /** The user approves the held hooks ({@code /hooks approve}): recorded, and run from now on. */
    public void approve() {
        recordApproval.run();
        enable();
    }

    /** The held hooks run from now on (their approval is recorded already). */
    public void enable() {
        List<HookEntry> all = new ArrayList<>(entries);
        all.addAll(pending);
        entries = distinct(all);
        pending = List.of();
    }

    public boolean none(HookEvent event) {
        return entries.stream().noneMatch(e -> e.event() == event);
    }

    /** The conversation opened ({@code source} "startup" or "resume"): what the hooks add to the model's context. */
    public String sessionStart(String source, String model) {
        Map<String, Object> input = input(HookEvent.SESSION_START);
        input.put("source", source);
        input.put("model", model);
        HookVerdict verdict = run(HookEvent.SESSION_START, List.of(source), input);
        if (verdict.blocks()) {
            say("a SessionStart hook said: " + verdict.reason()); // exit 2 here is shown to the user only
        }
        return verdict.context();
    }

    /** The user's message, before the model sees it: blocked (the reason is for the user), or context added. */
    public HookVerdict userPromptSubmit(String prompt) {
        Map<String, Object> input = input(HookEvent.USER_PROMPT_SUBMIT);
        input.put("prompt", prompt);
        return run(HookEvent.USER_PROMPT_SUBMIT, List.of(), input);
    }

    /** A call about to run, with its arguments bound: allowed, denied, asked about, or changed. */
    public HookVerdict preToolUse(ToolUse use, Arguments args) {
        if (none(HookEvent.PRE_TOOL_USE)) {
            return HookVerdict.NONE;
        }
        Map<String, Object> input = input(HookEvent.PRE_TOOL_USE);
        HookTools.describe(input, use.tool(), use.callId(), args, session.workspace());
        return run(HookEvent.PRE_TOOL_USE, HookTools.names(use.tool()), input);
    }

    /** A call that ran and did not fail: what the hooks tell the model about it. */
    public HookVerdict postToolUse(ToolUse use, Arguments args, ToolResult result, Duration took) {
        if (none(HookEvent.POST_TOOL_USE)) {
            return HookVerdict.NONE;
        }
        Map<String, Object> input = input(HookEvent.POST_TOOL_USE);
        HookTools.describe(input, use.tool(), use.callId(), args, session.workspace());
        input.put("tool_response", HookTools.response(result, args, session.workspace()));
        input.put("duration_ms", took.toMillis());
        return run(HookEvent.POST_TOOL_USE, HookTools.names(use.tool()), input);
    }

    /**
     * Rosetta waits for the user ({@code type} "permission_prompt", "elicitation_dialog"). The hooks run
     * on a thread of their own: a notification never holds up the question it is about.
     */
    public void notification(String message, String title, String type) {
        if (none(HookEvent.NOTIFICATION)) {
            return;
        }
        Map<String, Object> input = input(HookEvent.NOTIFICATION);
        input.put("message", message);
        input.put("title", title);
        input.put("notification_type", type);
        Thread.ofVirtual().name("hook-notification").start(() -> run(HookEvent.NOTIFICATION, List.of(type), input));
    }

    /**
     * The model answered without a call. A hook that blocks, or adds context, keeps the turn going
     * with what it said for the model.
     *
     * @param active whether the turn goes on already because of a Stop hook ({@code stop_hook_active})
     */
    public HookVerdict stop(boolean active, String lastAssistantMessage) {
        Map<String, Object> input = input(HookEvent.STOP);
        input.put("stop_hook_active", active);
        input.put("last_assistant_message", lastAssistantMessage);
        return run(HookEvent.STOP, List.of(), input);
    }

    /** The conversation is about to be compacted ({@code trigger} "auto" or "manual"): blocked, or not. */
    public HookVerdict preCompact(String trigger, String instructions) {
        Map<String, Object> input = input(HookEvent.PRE_COMPACT);
        input.put("trigger", trigger);
        input.put("custom_instructions", instructions == null ? "" : instructions);
        return run(HookEvent.PRE_COMPACT, List.of(trigger), input);
    }

    /** A PreToolUse hook's {@code updatedInput} as the call's arguments by name (its {@code file_path} is the path). */
    public Map<String, Object> updatedArguments(Map<String, Object> updated, Arguments before) {
        return HookTools.updatedArguments(updated, before, session.workspace());
    }

    private Map<String, Object> input(HookEvent event) {
        return session == null ? new LinkedHashMap<>() : session.common(event);
    }

    /** Runs the hooks of {@code event} that match, all at once, and combines what they said. */
    private HookVerdict run(HookEvent event, List<String> matched, Map<String, Object> input) {
        List<HookEntry> matching = entries.stream()
                .filter(e -> e.event() == event && (matched.isEmpty() || e.matcher().matches(matched))).toList();
        if (matching.isEmpty()) {
            return HookVerdict.NONE;
        }
        String json = Json.write(input);
        List<HookReply> replies = new ArrayList<>();
        if (matching.size() == 1) {
            replies.add(runOne(matching.getFirst(), json));
        } else {
            replies.addAll(runAll(matching, json));
        }
        for (int i = 0; i < replies.size(); i++) {
            report(matching.get(i), replies.get(i));
        }
        HookVerdict verdict = HookVerdict.of(replies);
        return new HookVerdict(verdict.blocks(), verdict.reason(), bounded(verdict.context()), verdict.stop(),
                verdict.stopReason(), verdict.permission(), verdict.permissionReason(), verdict.updatedInput(),
                verdict.updatedOutput());
    }

    private HookReply runOne(HookEntry entry, String json) {
        return HookReply.of(entry.event(), HookProcess.run(entry, json, session.processEnv(), session.workspace()));
    }

    /** Every hook on a virtual thread of its own; stopping the turn stops them all. */
    private List<HookReply> runAll(List<HookEntry> matching, String json) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HookReply>> running = new ArrayList<>();
            matching.forEach(e -> running.add(pool.submit(() -> runOne(e, json))));
            List<HookReply> replies = new ArrayList<>();
            for (Future<HookReply> f : running) {
                replies.add(await(f, pool));
            }
            return replies;
        }
    }

    private static HookReply await(Future<HookReply> running, ExecutorService pool) {
        try {
            return running.get();
        } catch (InterruptedException e) {
            pool.shutdownNow(); // each hook sees the interrupt and ends its process
            Thread.currentThread().interrupt();
            return HookReply.failed("the turn was stopped while it ran");
        } catch (ExecutionException e) {
            return HookReply.failed("it could not run: " + e.getCause());
        }
    }

    /** A hook's problem, once per hook and problem; its {@code systemMessage} each time. */
    private void report(HookEntry entry, HookReply reply) {
        if (reply.systemMessage() != null && !reply.systemMessage().isBlank()) {
            say(entry.event().hookName() + " hook: " + reply.systemMessage().strip());
        }
        if (reply.problem() != null && reported.add(entry.definition() + "\0" + reply.problem())) {
            say("hook " + entry.describe() + " (" + entry.source() + "): " + reply.problem()
                    + "; going on without it");
        }
    }

    private void say(String line) {
        notices.accept(line);
    }

    /** A context longer than Claude Code passes on is cut there, saying so. */
    private static String bounded(String context) {
        if (context.length() <= CONTEXT_LIMIT) {
            return context;
        }
        int end = Character.isHighSurrogate(context.charAt(CONTEXT_LIMIT - 1)) ? CONTEXT_LIMIT - 1 : CONTEXT_LIMIT;
        return context.substring(0, end) + "\n[… " + (context.length() - end)
                + " more characters from the hooks were cut …]";
    }

    /** The same handler declared in several files runs once, as in Claude Code. */
    private static List<HookEntry> distinct(List<HookEntry> entries) {
        Map<String, HookEntry> byDefinition = new LinkedHashMap<>();
        entries.forEach(e -> byDefinition.putIfAbsent(e.definition(), e));
        return List.copyOf(byDefinition.values());
    }
}
