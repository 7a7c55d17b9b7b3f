package dev.rosetta.cli.headless;

import static dev.rosetta.agent.session.EventObjects.object;
import static dev.rosetta.agent.session.EventObjects.word;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.hooks.HookTools;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.EventObjects;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.mcp.McpForm;

/** The session's own events (not a turn's) as the protocol writes them: inputs, questions and answers, what commands say. */
final class SessionLines {

    private SessionLines() {}

    static Map<String, Object> of(SessionEvent event) {
        return switch (event) {
            case SessionEvent.TurnStarted t -> object("turn_started", "input_id", t.input().id(),
                    "kind", word(t.input().kind()), "text", t.input().text());
            case SessionEvent.TurnEnded t -> ended(t);
            case SessionEvent.Queued q -> EventObjects.queued(q);
            case SessionEvent.QuestionAsked q -> question(q.question());
            case SessionEvent.QuestionAnswered a -> object("answered", "id", a.question().id(),
                    "kind", EventObjects.kind(a.question()), "answer", answer(a.answer()));
            case SessionEvent.Said s -> EventObjects.said(s);
            case SessionEvent.ChangeShown c -> object("change", "path", c.change().path(), "diff", c.change().diff(),
                    "creates", c.change().creates());
            case SessionEvent.UserShown u -> object("user_shown", "text", u.text());
            case SessionEvent.StatusChanged s -> object("status", "conversation_id", s.status().conversation(),
                    "model", s.status().model(), "tool_format", s.status().format(),
                    "context_window", s.status().window(),
                    "thinking", s.status().thinking() == null ? null : s.status().thinking().id());
            case SessionEvent.Agent a -> throw new IllegalArgumentException("a turn's event is EventLines'");
            case SessionEvent.Missed m -> throw new IllegalArgumentException("missed events are EventLines'");
        };
    }

    private static Map<String, Object> ended(SessionEvent.TurnEnded t) {
        TurnOutcome outcome = t.outcome();
        return object("turn_ended", "input_id", t.input().id(), "status", RunStatus.of(outcome.reason()),
                "reason", word(outcome.reason()), "message", outcome.message(), "answer", outcome.answer(),
                "handed_back", t.returned());
    }

    private static Map<String, Object> question(Question q) {
        Map<String, Object> o = object("question", "id", q.id(), "kind", EventObjects.kind(q));
        switch (q) {
            case Question.Permission p -> {
                o.put("tool", p.use().tool());
                o.put("tool_name", HookTools.claudeName(p.use().tool()));
                o.put("call_id", p.use().callId());
                o.put("args", p.use().args());
                o.put("content", p.use().content());
                o.put("kwargs", p.use().kwargs());
                o.put("preview", preview(p.preview()));
                List<String> rules = new ArrayList<>();
                p.remember().forEach(r -> rules.add(r.describe()));
                o.put("remember", rules);
            }
            case Question.Form f -> {
                o.put("server", f.form().server());
                o.put("message", f.form().message());
                List<Map<String, Object>> fields = new ArrayList<>();
                for (McpForm.Field field : f.form().fields()) {
                    Map<String, Object> shown = new LinkedHashMap<>();
                    shown.put("name", field.name());
                    shown.put("title", field.title());
                    shown.put("description", field.description());
                    shown.put("type", field.type());
                    shown.put("required", field.required());
                    shown.put("default", field.fallback());
                    shown.put("choices", field.choices());
                    shown.put("choice_titles", field.choiceTitles());
                    shown.put("limits", field.limits().given());
                    fields.add(shown);
                }
                o.put("fields", fields);
            }
            case Question.Choice c -> {
                o.put("prompt", c.prompt());
                List<Map<String, Object>> options = new ArrayList<>();
                c.options().forEach(opt -> options.add(Map.of("answer", opt.answer(), "label", opt.label())));
                o.put("options", options);
            }
            case Question.Message m -> o.put("prompt", m.prompt());
        }
        return o;
    }

    /** What the call will do, as its tool describes it; null when there is no preview. */
    private static Map<String, Object> preview(Preview preview) {
        if (preview == null) {
            return null;
        }
        Map<String, Object> o = new LinkedHashMap<>();
        switch (preview) {
            case Preview.Command c -> {
                o.put("kind", "command");
                o.put("language", c.language());
                o.put("text", c.text());
            }
            case Preview.FileChange f -> {
                o.put("kind", "file_change");
                o.put("path", f.path());
                o.put("diff", f.diff());
                o.put("creates", f.creates());
            }
            case Preview.JsonArguments j -> {
                o.put("kind", "json_arguments");
                o.put("about", j.about());
                o.put("text", j.json());
            }
            case Preview.Note n -> {
                o.put("kind", "note");
                o.put("text", n.text());
            }
        }
        return o;
    }

    /** An answer as the {@code answered} event gives it; the same shape an {@code answer} line takes. */
    static Map<String, Object> answer(Answer answer) {
        Map<String, Object> o = new LinkedHashMap<>();
        switch (answer) {
            case Answer.Decided d -> {
                switch (d.decision()) {
                    case Decision.Yes y -> o.put("decision", "yes");
                    case Decision.YesToAll a -> o.put("decision", "yes_to_all");
                    case Decision.No n -> {
                        o.put("decision", "no");
                        o.put("reason", n.reason());
                    }
                    case Decision.Remember r -> {
                        o.put("decision", "remember");
                        o.put("rule", r.rule().describe());
                    }
                    case Decision.Refuse r -> {
                        o.put("decision", "refuse");
                        o.put("rule", r.rule().describe());
                    }
                    case Decision.Edit e -> {
                        o.put("decision", "edit");
                        o.put("arguments", e.edited().values());
                    }
                }
            }
            case Answer.Filled f -> {
                switch (f.answer()) {
                    case McpForm.Answer.Accept a -> {
                        o.put("action", "accept");
                        o.put("content", a.content());
                    }
                    case McpForm.Answer.Decline d -> o.put("action", "decline");
                    case McpForm.Answer.Cancel c -> o.put("action", "cancel");
                }
            }
            case Answer.Text t -> o.put("text", t.text());
            case Answer.Stop s -> o.put("stop", true);
        }
        return o;
    }
}
