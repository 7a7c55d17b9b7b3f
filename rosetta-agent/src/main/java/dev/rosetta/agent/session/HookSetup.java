package dev.rosetta.agent.session;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.config.ConfigLayer;
import dev.rosetta.agent.config.ProjectApprovals;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.hooks.HookSession;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * A conversation's hooks as its config files give them. The user's own run. A project's — a
 * repository's {@code rosetta.toml} can name any command — run only once the user approved them for
 * that project, as a project's MCP servers do ({@link ProjectApprovals}, all of a project's hooks as
 * one, so any change asks again): asked while the conversation opens where someone can answer, else
 * held with one line saying how to approve them ({@code /hooks approve}, {@code rosetta hooks approve}).
 *
 * <p>Hooks run outside the sandbox, with the user's rights, as the user's own programs do (a formatter,
 * a notifier, a policy script that logs), but without Rosetta's API keys and provider addresses in
 * their environment: what they are given of a call comes from the model.
 */
final class HookSetup {

    private HookSetup() {}

    static Hooks open(List<HookEntry> configured, Path workspace, ConversationLog log, Map<String, String> environment,
            boolean confirmCalls, ServerApproval approval, ProjectApprovals approvals, Consumer<String> notices) {
        HookSession session = new HookSession(log.id(), log.folder().resolve("conversation.jsonl"), workspace,
                withoutSecrets(environment), () -> confirmCalls ? "default" : "bypassPermissions");
        List<HookEntry> project = configured.stream().filter(HookEntry::fromProject).toList();
        List<HookEntry> own = configured.stream().filter(e -> !e.fromProject()).toList();
        Hooks hooks = new Hooks(own, session, notices);
        if (project.isEmpty()) {
            return hooks;
        }
        hooks.hold(project, () -> approvals.approve(workspace, project));
        if (approvals.approved(workspace, project)
                || approvedNow(project, workspace, approval, approvals)) {
            hooks.enable();
        } else {
            notices.accept("hooks: the " + project.size() + (project.size() == 1 ? " hook" : " hooks") + " of "
                    + project.getFirst().source() + " do not run: a project's hooks run once you approve them; run:"
                    + " rosetta hooks approve (or /hooks approve)");
        }
        return hooks;
    }

    private static boolean approvedNow(List<HookEntry> project, Path workspace, ServerApproval approval,
            ProjectApprovals approvals) {
        if (approval == null) {
            return false;
        }
        try {
            if (!approval.approvesHooks(project.getFirst().source(), project.stream().map(HookEntry::describe).toList())) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        approvals.approve(workspace, project);
        return true;
    }

    /** Rosetta's environment without what would lead to its providers: API keys, base URLs. */
    private static Map<String, String> withoutSecrets(Map<String, String> environment) {
        Map<String, String> kept = new LinkedHashMap<>();
        environment.forEach((name, value) -> {
            if (!ConfigLayer.isProtected(name)) {
                kept.put(name, value);
            }
        });
        return kept;
    }

    /** The confirmation, with the Notification hooks told each time it asks ({@code permission_prompt}). */
    static Confirmation notifying(Confirmation asker, Hooks hooks) {
        return new Confirmation() {
            @Override
            public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember)
                    throws InterruptedException {
                hooks.notification("Rosetta needs your permission to use " + use.tool(), "Permission needed",
                        "permission_prompt");
                return asker.confirm(use, preview, remember);
            }

            @Override
            public boolean wantsPreview() {
                return asker.wantsPreview();
            }

            @Override
            public boolean canAsk() {
                return asker.canAsk();
            }
        };
    }

    /** An MCP server's forms, with the Notification hooks told of each ({@code elicitation_dialog}). */
    static McpForm.Asker notifying(McpForm.Asker forms, Hooks hooks) {
        return form -> {
            hooks.notification(form.message(), form.server() + " asks", "elicitation_dialog");
            return forms.ask(form);
        };
    }
}
