package dev.rosetta.web.events;

import java.util.Map;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Question;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.mcp.McpForm;

/**
 * An answer the page sent ({@code {"kind": "yes"}}, {@code {"kind": "remember", "rule": 0}},
 * {@code {"kind": "form", "action": "accept", "values": {…}}} …) as the host's {@link Answer} to
 * {@code question}. Whether it fits the question is the host's call; this only reads it.
 */
public final class PageAnswer {

    private PageAnswer() {}

    /** @throws IllegalArgumentException when the answer cannot be read, in words for the page */
    public static Answer read(Map<String, Object> json, Question question) {
        String kind = string(json, "kind");
        return switch (kind) {
            case "yes" -> new Answer.Decided(new Decision.Yes());
            case "no" -> new Answer.Decided(new Decision.No(orEmpty(json.get("reason"))));
            case "all" -> new Answer.Decided(new Decision.YesToAll());
            case "remember" -> new Answer.Decided(new Decision.Remember(rule(json, question)));
            case "edit" -> {
                if (!(question instanceof Question.Permission p)) {
                    throw new IllegalArgumentException("only a call can be edited");
                }
                yield new Answer.Decided(CallEdit.decision(p.use(), p.preview(), orEmpty(json.get("text"))));
            }
            case "stop" -> Answer.STOP;
            case "form" -> new Answer.Filled(form(json));
            case "text" -> new Answer.Text(json.get("text") == null ? null : String.valueOf(json.get("text")));
            default -> throw new IllegalArgumentException("unknown answer '" + kind + "'");
        };
    }

    private static dev.rosetta.tools.permission.PermissionRule rule(Map<String, Object> json, Question question) {
        if (!(question instanceof Question.Permission p) || !(json.get("rule") instanceof Number n)
                || n.intValue() < 0 || n.intValue() >= p.remember().size()) {
            throw new IllegalArgumentException("no such rule to remember");
        }
        return p.remember().get(n.intValue());
    }

    @SuppressWarnings("unchecked")
    private static McpForm.Answer form(Map<String, Object> json) {
        return switch (string(json, "action")) {
            case "accept" -> new McpForm.Answer.Accept(json.get("values") instanceof Map<?, ?> m
                    ? (Map<String, Object>) m : Map.of());
            case "decline" -> new McpForm.Answer.Decline();
            case "cancel" -> new McpForm.Answer.Cancel();
            default -> throw new IllegalArgumentException("a form is accepted, declined or canceled");
        };
    }

    private static String string(Map<String, Object> json, String key) {
        Object value = json.get(key);
        if (!(value instanceof String s)) {
            throw new IllegalArgumentException("the answer has no " + key);
        }
        return s;
    }

    private static String orEmpty(Object value) {
        return value == null ? "" : String.valueOf(value);
    }
}
