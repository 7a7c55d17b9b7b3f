package dev.rosetta.cli.headless;

import java.util.List;
import java.util.Map;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Question;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.mcp.McpForm;

/**
 * An {@code answer} line read against the question it names: the same shapes the {@code answered}
 * event writes. A permission takes {@code "decision"}: {@code yes}, {@code no} (with a
 * {@code "reason"} for the model), {@code yes_to_all}, {@code remember} (with {@code "rule"}: the
 * index of one of the question's {@code remember} rules) or {@code edit} (with {@code "arguments"}); or
 * Claude Code's {@code "behavior": "allow"/"deny"} with {@code "message"} and {@code "updatedInput"}. A
 * form takes {@code "action"} with its {@code "content"}; a choice or a message takes {@code "text"}.
 * Any question takes {@code "stop": true}, which stops the turn.
 */
final class Answers {

    private Answers() {}

    /** @throws IllegalArgumentException when the fields are no answer to this question */
    static Answer of(Question question, Map<String, Object> fields, Toolbox toolbox) {
        if (Boolean.TRUE.equals(fields.get("stop"))) {
            return Answer.STOP;
        }
        return switch (question) {
            case Question.Permission p -> new Answer.Decided(decision(p, fields, toolbox));
            case Question.Form f -> new Answer.Filled(form(fields));
            case Question.Choice c -> new Answer.Text(text(fields));
            case Question.Message m -> new Answer.Text(text(fields));
        };
    }

    private static Decision decision(Question.Permission p, Map<String, Object> fields, Toolbox toolbox) {
        Object said = fields.containsKey("decision") ? fields.get("decision") : behavior(fields.get("behavior"));
        Object updated = fields.containsKey("arguments") ? fields.get("arguments") : fields.get("updatedInput");
        if ("yes".equals(said) && updated instanceof Map<?, ?>) {
            said = "edit"; // Claude Code's allow with updatedInput
        }
        if (!(said instanceof String decision)) {
            throw new IllegalArgumentException("a permission's answer has a \"decision\": yes, no, yes_to_all,"
                    + " remember or edit");
        }
        return switch (decision) {
            case "yes" -> new Decision.Yes();
            case "no" -> new Decision.No(reason(fields));
            case "yes_to_all" -> new Decision.YesToAll();
            case "remember" -> new Decision.Remember(rule(p, fields.get("rule")));
            case "edit" -> new Decision.Edit(edited(p, updated, toolbox));
            default -> throw new IllegalArgumentException("unknown \"decision\": \"" + decision + "\"; say yes, no,"
                    + " yes_to_all, remember or edit");
        };
    }

    private static Object behavior(Object behavior) {
        if ("allow".equals(behavior)) {
            return "yes";
        }
        return "deny".equals(behavior) ? "no" : behavior;
    }

    private static String reason(Map<String, Object> fields) {
        Object reason = fields.containsKey("reason") ? fields.get("reason") : fields.get("message");
        return reason instanceof String r ? r : "";
    }

    private static dev.rosetta.tools.permission.PermissionRule rule(Question.Permission p, Object index) {
        if (!(index instanceof Number n) || n.intValue() < 0 || n.intValue() >= p.remember().size()) {
            throw new IllegalArgumentException("\"rule\" is the index of one of the question's " + p.remember().size()
                    + " \"remember\" rules");
        }
        return p.remember().get(n.intValue());
    }

    @SuppressWarnings("unchecked")
    private static dev.rosetta.core.tool.Arguments edited(Question.Permission p, Object updated, Toolbox toolbox) {
        if (!(updated instanceof Map<?, ?> arguments)) {
            throw new IllegalArgumentException("an edit gives the call's new \"arguments\" as an object");
        }
        var tool = toolbox.tool(p.use().tool()).orElseThrow(() -> new IllegalArgumentException("the tool "
                + p.use().tool() + " is no longer loaded"));
        try {
            return tool.spec().bind(ToolUse.named(p.use().tool(), (Map<String, Object>) arguments, p.use().callId()));
        } catch (InvalidArgumentsException e) {
            throw new IllegalArgumentException("the edited arguments do not fit " + p.use().tool() + ": "
                    + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private static McpForm.Answer form(Map<String, Object> fields) {
        Object action = fields.get("action");
        return switch (action instanceof String a ? a : "") {
            case "accept" -> new McpForm.Answer.Accept(fields.get("content") instanceof Map<?, ?> content
                    ? (Map<String, Object>) content : Map.of());
            case "decline" -> new McpForm.Answer.Decline();
            case "cancel" -> new McpForm.Answer.Cancel();
            default -> throw new IllegalArgumentException("a form's answer has an \"action\": accept, decline or cancel");
        };
    }

    private static String text(Map<String, Object> fields) {
        Object text = fields.get("text");
        if (text != null && !(text instanceof String)) {
            throw new IllegalArgumentException("\"text\" is a string (or null for no answer)");
        }
        return (String) text;
    }

    /** The kinds of question, for messages. */
    static final List<String> KINDS = List.of("permission", "form", "choice", "message");
}
