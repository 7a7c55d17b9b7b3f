package dev.rosetta.web.events;

import static dev.rosetta.agent.session.EventObjects.object;
import static dev.rosetta.agent.session.EventObjects.word;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.EventObjects;
import dev.rosetta.agent.session.Input;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionStatus;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.CallTitle;
import dev.rosetta.core.tool.ResultTitle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.mcp.McpForm;

/**
 * A session's events as the page reads them: JSON objects with a {@code type}, carrying what the
 * terminal UI shows — a call's title as {@link CallTitle} words it, a result's outcome as {@link
 * ResultTitle} does — so the page styles what the host decided and decides nothing. Every string is
 * data: the page puts it in the document as text (docs/WEB.md).
 */
public final class EventJson {

    private EventJson() {}

    public static Map<String, Object> of(SessionEvent event) {
        return switch (event) {
            case SessionEvent.Agent a -> agent(a.event());
            case SessionEvent.TurnStarted t -> object("turn_started", "input", input(t.input()));
            case SessionEvent.TurnEnded t -> {
                Map<String, Object> o = object("turn_ended", "input", input(t.input()), "outcome", outcome(t.outcome()));
                o.put("returned", t.returned());
                o.put("history_rewritten", t.historyRewritten());
                yield o;
            }
            case SessionEvent.Queued q -> EventObjects.queued(q);
            case SessionEvent.QuestionAsked q -> object("question", "question", question(q.question()));
            case SessionEvent.QuestionAnswered q -> object("answered", "id", q.question().id(), "answer",
                    answer(q.answer()));
            case SessionEvent.Said s -> EventObjects.said(s);
            case SessionEvent.ChangeShown c -> object("change", "change", preview(c.change()));
            case SessionEvent.UserShown u -> object("user", "text", u.text());
            case SessionEvent.StatusChanged s -> object("status", "status", status(s.status()));
            case SessionEvent.Missed m -> object("missed", "from", m.from(), "to", m.to());
        };
    }

    private static Map<String, Object> agent(AgentEvent event) {
        return switch (event) {
            case AgentEvent.ProseDelta p -> EventObjects.prose(p);
            case AgentEvent.CodeBlockOpened o -> object("code_open", "info", o.info(), "fence", o.fence());
            case AgentEvent.CodeBlockClosing c -> object("code_closing");
            case AgentEvent.ThinkingDelta t -> EventObjects.thinking(t);
            case AgentEvent.CallStarted s -> EventObjects.callStarted(s);
            case AgentEvent.CallRead c -> object("call", "call", call(c.use()), "dialect", c.dialect());
            case AgentEvent.UnparsedRead u -> object("unparsed", "problem", u.unparsed().problem(), "raw",
                    u.unparsed().raw(), "dialect", u.unparsed().dialect().name());
            case AgentEvent.ToolStarted s -> object("tool_started", "call", call(s.use()));
            case AgentEvent.ToolRunning r -> object("tool_running", "call_id", r.use().callId());
            case AgentEvent.ToolOutput o -> object("tool_output", "call_id", o.use().callId(), "text",
                    new String(o.bytes(), StandardCharsets.UTF_8));
            case AgentEvent.ToolFinished f -> object("result", "call", call(f.use()), "result", result(f.use(), f.result()));
            case AgentEvent.MessageAdded m -> object("message", "role",
                    word(m.message().message().role()));
            case AgentEvent.UsageReport u -> object("usage", "model", u.model(), "usage", usage(u.usage()), "cost", u.cost());
            case AgentEvent.Notice n -> EventObjects.notice(n);
        };
    }

    /** A call as its block shows it: the title the terminal UI's header reads, and the body below it. */
    public static Map<String, Object> call(ToolUse use) {
        CallTitle title = CallTitle.of(use);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("id", use.callId());
        o.put("tool", use.tool());
        o.put("title", title.text(use));
        // Short JSON and a one-line body are all in the header; anything else is shown below it.
        CallTitle.Shape shape = title.shape(Json.write(use.kwargs()), String::length);
        boolean inHeader = shape == CallTitle.Shape.SHORT_JSON || shape == CallTitle.Shape.ONE_LINE;
        o.put("body", inHeader ? null : title.body());
        o.put("path", title.argument());
        o.put("json", title.onlyJson());
        return o;
    }

    private static Map<String, Object> result(ToolUse use, ToolResult result) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("ok", !result.isError());
        o.put("outcome", ResultTitle.outcome(use, result));
        String output = ResultTitle.output(result).stripTrailing();
        o.put("output", output);
        o.put("lines", output.isEmpty() ? 0 : output.split("\r\n|\r|\n", -1).length);
        return o;
    }

    private static Map<String, Object> input(Input input) {
        return object("input", "id", input.id(), "text", input.text(), "kind",
                word(input.kind()));
    }

    private static Map<String, Object> outcome(TurnOutcome outcome) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("reason", word(outcome.reason()));
        o.put("ok", outcome.ok());
        o.put("message", outcome.message());
        return o;
    }

    public static Map<String, Object> status(SessionStatus status) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("conversation", status.conversation());
        o.put("model", status.model());
        o.put("format", status.format());
        o.put("window", status.window());
        o.put("thinking", status.thinking() == null ? null : status.thinking().toString());
        return o;
    }

    public static Map<String, Object> usage(Usage usage) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("input", usage.inputTokens());
        o.put("output", usage.outputTokens());
        o.put("cache_read", usage.cacheReadTokens());
        o.put("cache_write", usage.cacheWriteTokens());
        return o;
    }

    public static Map<String, Object> question(Question question) {
        return switch (question) {
            case Question.Permission p -> {
                Map<String, Object> o = object("permission", "id", p.id(), "call", call(p.use()));
                // marked, as the terminals show it: what draws nothing (zero-width, bidi…) as <U+200B>
                o.put("preview", p.preview() == null ? null : preview(p.preview().marked()));
                List<Object> rules = new ArrayList<>();
                for (int i = 0; i < p.remember().size(); i++) {
                    rules.add(object("rule", "index", i, "text", p.remember().get(i).describe()));
                }
                o.put("remember", rules);
                o.put("editable", CallEdit.editable(p.use(), p.preview()));
                yield o;
            }
            case Question.Form f -> form(f.id(), f.form());
            case Question.Choice c -> {
                List<Object> options = new ArrayList<>();
                c.options().forEach(opt -> options.add(object("option", "answer", opt.answer(), "label", opt.label())));
                yield object("choice", "id", c.id(), "prompt", c.prompt(), "options", options);
            }
            case Question.Message m -> object("message", "id", m.id(), "prompt", m.prompt());
        };
    }

    private static Map<String, Object> form(String id, McpForm form) {
        List<Object> fields = new ArrayList<>();
        for (McpForm.Field f : form.fields()) {
            Map<String, Object> field = object("field", "name", f.name(), "label", f.label(), "description",
                    f.description());
            field.put("kind", f.type());
            field.put("required", f.required());
            field.put("default", f.fallback());
            field.put("choices", f.choices());
            field.put("choice_titles", f.choiceTitles());
            field.put("limits", f.limits().given());
            fields.add(field);
        }
        return object("form", "id", id, "server", form.server(), "message", form.message(), "fields", fields);
    }

    static Map<String, Object> preview(Preview preview) {
        return switch (preview) {
            case Preview.Command c -> object("command", "language", c.language(), "text", c.text());
            case Preview.FileChange f -> object("diff", "path", f.path(), "diff", f.diff(), "creates", f.creates());
            case Preview.JsonArguments j -> object("json", "about", j.about(), "text", j.json());
            case Preview.Note n -> object("note", "text", n.text());
        };
    }

    /** How a question was answered, in the words the terminal uses for it. */
    static Map<String, Object> answer(Answer answer) {
        return switch (answer) {
            case Answer.Decided d -> object("decided", "text", decision(d.decision()));
            case Answer.Filled f -> object("filled", "text", switch (f.answer()) {
                case McpForm.Answer.Accept a -> "sent";
                case McpForm.Answer.Decline d -> "declined";
                case McpForm.Answer.Cancel c -> "canceled";
            });
            case Answer.Text t -> object("text", "text", t.text());
            case Answer.Stop s -> object("stop", "text", "stopped");
        };
    }

    private static String decision(Decision decision) {
        return switch (decision) {
            case Decision.Yes y -> "yes";
            case Decision.No n -> n.reason().isBlank() ? "no" : "no: " + n.reason();
            case Decision.YesToAll a -> "yes to all";
            case Decision.Remember r -> "always: " + r.rule().describe();
            case Decision.Edit e -> "edited";
            default -> decision.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        };
    }
}
