package dev.rosetta.cli.headless;

import static dev.rosetta.agent.session.EventObjects.object;
import static dev.rosetta.agent.session.EventObjects.word;

import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.chat.AnswerSchema;
import dev.rosetta.agent.chat.RunTally;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.Conversation;
import dev.rosetta.agent.session.PermissionTool;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.cli.terminal.Attendant;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.cli.terminal.RosettaVersion;
import dev.rosetta.core.json.Json;

/**
 * {@code --output-format json}: the headless front end, for programs that drive Rosetta (CI jobs,
 * harnesses, editors). It writes an {@code init} event, then every event of the session
 * ({@link EventLines}), then a {@code result} event, and returns the exit code. The input is the
 * prompt ({@code --input-format text}: questions answered by {@code asker} when there is one), or
 * JSON lines on stdin ({@code --input-format jsonl}: {@link JsonlSession}). docs/HEADLESS.md is the
 * protocol.
 */
public final class HeadlessRun {

    /**
     * What the command line asked of it.
     *
     * @param deltas         {@code --stream-deltas}
     * @param jsonl          {@code --input-format jsonl}
     * @param permissionTool {@code --permission-tool}, or null
     * @param asker          who answers questions with text input (a user at the terminal), or null
     * @param schema         {@code --output-schema}, or null
     */
    public record Settings(boolean deltas, boolean jsonl, String permissionTool, Attendant.Asker asker,
            AnswerSchema schema) {}

    /**
     * How the run ended: its exit code, the model's final answer (null when there is none), and what
     * went wrong (null when nothing did), which the {@code result} event holds too.
     */
    public record Finished(int exitCode, String answer, String error) {}

    private final SessionHost host;
    private final Appendable out;
    private final InputStream stdin;
    private final Settings settings;

    public HeadlessRun(SessionHost host, Appendable out, InputStream stdin, Settings settings) {
        this.host = host;
        this.out = out;
        this.stdin = stdin;
        this.settings = settings;
    }

    public Finished run(String prompt) {
        long started = System.nanoTime();
        EventLines lines = new EventLines(out, settings.deltas());
        lines.write(init());
        List<TurnOutcome> turns;
        String badInput = null;
        try (SessionHost.Subscription shown = host.subscribe(0, lines);
                PermissionTool tool = settings.permissionTool() == null ? null
                        : PermissionTool.attach(host, settings.permissionTool(),
                                line -> lines.write(object("notice", "text", line)))) {
            if (settings.jsonl()) {
                JsonlSession.Outcome outcome = new JsonlSession(host, lines, stdin).run(prompt);
                turns = outcome.turns();
                badInput = outcome.badInput() != null ? outcome.badInput()
                        : turns.isEmpty() ? "stdin held no message, and no prompt was given" : null;
            } else if (settings.asker() != null) {
                try (Attendant attendant = new Attendant(host, settings.asker())) {
                    turns = List.of(attendant.run(prompt));
                }
            } else {
                turns = List.of(runOnce(prompt));
            }
        }
        TurnOutcome last = turns.isEmpty() ? null : turns.getLast();
        int exit = badInput != null ? ExitCode.BAD_INPUT : ExitCode.of(last.reason());
        String answer = turns.stream().map(TurnOutcome::answer).filter(a -> a != null).reduce((a, b) -> b).orElse(null);
        String error = badInput != null ? badInput : last.ok() ? null : last.message();
        lines.write(result(last, error, badInput != null, exit, answer, turns.size(), started));
        return new Finished(exit, answer, error);
    }

    private TurnOutcome runOnce(String prompt) {
        try {
            return host.run(prompt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            host.interrupt();
            return new TurnOutcome(TurnOutcome.Reason.INTERRUPTED, "interrupted");
        }
    }

    private Map<String, Object> init() {
        Conversation c = host.conversation();
        var status = host.status();
        Map<String, Object> o = object("init", "protocol_version", EventLines.PROTOCOL_VERSION,
                "rosetta_version", RosettaVersion.current(), "conversation_id", status.conversation(),
                "resumed", !host.resumed().isEmpty(), "model", status.model(), "tool_format", status.format(),
                "format_reason", c.session().formatReason(), "context_window", status.window());
        o.put("tools", c.session().toolbox().offered().names());
        o.put("skills", c.session().skills().offered().stream().map(s -> s.name()).toList());
        o.put("hooks", c.session().hooks().entries().size());
        o.put("mcp_servers", c.mcp() == null ? List.of() : c.mcp().entries().stream().map(e -> e.name()).toList());
        o.put("workspace", c.workspace().toString());
        o.put("input_format", settings.jsonl() ? "jsonl" : "text");
        o.put("stream_deltas", settings.deltas());
        o.put("permission_tool", settings.permissionTool());
        RunTally tally = c.loop().tally();
        o.put("max_turns", tally.limits().maxTurns());
        o.put("max_cost", tally.limits().maxCost());
        o.put("output_schema", settings.schema() == null ? null : settings.schema().file().toString());
        return o;
    }

    private Map<String, Object> result(TurnOutcome last, String error, boolean badInput, int exit, String answer,
            int messages, long started) {
        RunTally.Snapshot spent = host.conversation().loop().tally().snapshot();
        String status = badInput ? "failed" : RunStatus.of(last.reason());
        Map<String, Object> o = object("result", "status", status,
                "reason", badInput ? "bad_input" : word(last.reason()), "exit_code", exit,
                "conversation_id", host.status().conversation(), "messages", messages, "turns", spent.turns(),
                "requests", spent.requests());
        Map<String, Object> tokens = new LinkedHashMap<>();
        tokens.put("input", spent.inputTokens());
        tokens.put("output", spent.outputTokens());
        tokens.put("cache_read", spent.cacheReadTokens());
        tokens.put("cache_write", spent.cacheWriteTokens());
        o.put("tokens", tokens);
        o.put("cost", spent.cost());
        o.put("duration_ms", (System.nanoTime() - started) / 1_000_000);
        o.put("final_message", answer);
        o.put("structured_output", structured(last, answer));
        o.put("error", error);
        return o;
    }

    /** The final answer as the JSON value it is, when it had to match {@code --output-schema} and did. */
    private Object structured(TurnOutcome last, String answer) {
        if (settings.schema() == null || last == null || !last.ok() || answer == null) {
            return null;
        }
        return Json.read(AnswerSchema.json(answer));
    }
}
