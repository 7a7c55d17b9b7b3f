package dev.rosetta.acp;

import java.util.ArrayList;
import java.util.List;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Question;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.tool.CallTitle;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * The host's questions as {@code session/request_permission}: a call's confirmation with allow once,
 * allow always (one option per rule the terminal's {@code a} offers, narrowest first; without rules,
 * every later call), reject once and reject always (the narrowest rule, as a deny rule); a command's
 * choice with its options. The editor's pick comes back as the host's answer; a cancelled request
 * stops the turn at a confirmation and leaves a choice unanswered.
 */
final class PermissionAsk {

    private static final String ALLOW = "allow";
    private static final String ALWAYS = "always";
    private static final String REJECT = "reject";
    private static final String NEVER = "never";

    private PermissionAsk() {}

    /** The request for {@code question}, in session {@code sessionId}. */
    static AcpSchema.RequestPermissionRequest request(String sessionId, Question question) {
        return switch (question) {
            case Question.Permission p -> new AcpSchema.RequestPermissionRequest(sessionId, call(p), options(p));
            case Question.Choice c -> new AcpSchema.RequestPermissionRequest(sessionId,
                    new AcpSchema.ToolCallUpdate(c.id(), c.prompt().strip(), AcpSchema.ToolKind.OTHER,
                            AcpSchema.ToolCallStatus.PENDING, null, null, null, null),
                    c.options().stream().map(o -> new AcpSchema.PermissionOption(o.answer(), o.label(),
                            AcpSchema.PermissionOptionKind.ALLOW_ONCE)).toList());
            default -> throw new IllegalArgumentException("not asked as a permission: " + question);
        };
    }

    /** The host's answer for what the editor said. */
    static Answer answer(Question question, AcpSchema.RequestPermissionResponse response) {
        if (!(response != null && response.outcome() instanceof AcpSchema.PermissionSelected selected)) {
            return Answer.none(question);
        }
        String id = selected.optionId();
        if (question instanceof Question.Choice) {
            return new Answer.Text(id);
        }
        Question.Permission p = (Question.Permission) question;
        List<PermissionRule> rules = p.remember();
        if (id.equals(ALLOW)) {
            return new Answer.Decided(Decision.yes());
        }
        if (id.equals(ALWAYS)) {
            return new Answer.Decided(new Decision.YesToAll());
        }
        if (id.startsWith(ALWAYS + ":")) {
            // an option this agent never offered is no consent: refused, as an unknown option is below
            String n = id.substring(ALWAYS.length() + 1);
            if (n.matches("\\d{1,6}") && Integer.parseInt(n) < rules.size()) {
                return new Answer.Decided(new Decision.Remember(rules.get(Integer.parseInt(n))));
            }
        }
        if (id.equals(NEVER) && !rules.isEmpty()) {
            return new Answer.Decided(new Decision.Refuse(deny(rules.getFirst())));
        }
        return new Answer.Decided(new Decision.No(""));
    }

    private static List<AcpSchema.PermissionOption> options(Question.Permission p) {
        List<AcpSchema.PermissionOption> options = new ArrayList<>();
        options.add(new AcpSchema.PermissionOption(ALLOW, "Allow", AcpSchema.PermissionOptionKind.ALLOW_ONCE));
        List<PermissionRule> rules = p.remember();
        if (rules.isEmpty()) {
            options.add(new AcpSchema.PermissionOption(ALWAYS, "Allow every call from now on",
                    AcpSchema.PermissionOptionKind.ALLOW_ALWAYS));
        }
        for (int i = 0; i < rules.size(); i++) {
            options.add(new AcpSchema.PermissionOption(ALWAYS + ":" + i, "Always allow " + words(rules.get(i)),
                    AcpSchema.PermissionOptionKind.ALLOW_ALWAYS));
        }
        options.add(new AcpSchema.PermissionOption(REJECT, "Reject", AcpSchema.PermissionOptionKind.REJECT_ONCE));
        if (!rules.isEmpty()) {
            options.add(new AcpSchema.PermissionOption(NEVER, "Always reject " + words(rules.getFirst()),
                    AcpSchema.PermissionOptionKind.REJECT_ALWAYS));
        }
        return options;
    }

    /** The narrowest rule, as a deny rule: calls exactly like this one are refused from now on. */
    private static PermissionRule deny(PermissionRule allow) {
        return new PermissionRule(allow.tool(), allow.pattern(), Permission.DENY, allow.source());
    }

    /** A rule in words: {@code shell "git status*"}, {@code every save call}. */
    static String words(PermissionRule rule) {
        return rule.pattern().equals("**") ? "every " + rule.tool() + " call" : rule.tool() + " \"" + rule.pattern()
                + "\"";
    }

    /** The call being asked about, as the tool_call the editor already shows, with what it will do. */
    private static AcpSchema.ToolCallUpdate call(Question.Permission p) {
        List<AcpSchema.ToolCallContent> content = new ArrayList<>();
        // marked: what draws nothing shows as <U+200B>, as in the terminals; the user approves what they see
        String preview = switch (p.preview() == null ? null : p.preview().marked()) {
            case Preview.Command c -> fenced(c.language(), c.text());
            case Preview.FileChange f -> f.path() + (f.creates() ? " (new file)" : "") + ":\n" + fenced("diff",
                    f.diff());
            case Preview.JsonArguments a -> a.about() + "\n" + fenced("json", a.json());
            case Preview.Note n -> n.text();
            case null -> null;
        };
        if (preview != null && !preview.isBlank()) {
            content.add(new AcpSchema.ToolCallContentBlock("content", new AcpSchema.TextContent(preview)));
        }
        return new AcpSchema.ToolCallUpdate(p.use().callId(), CallTitle.of(p.use()).text(p.use()),
                CallUpdates.kind(p.use().tool()), AcpSchema.ToolCallStatus.PENDING, content, null, null, null);
    }

    private static String fenced(String info, String text) {
        String fence = "`".repeat(MarkdownDialect.fenceLength(text));
        return fence + (info == null ? "" : info) + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence;
    }
}
