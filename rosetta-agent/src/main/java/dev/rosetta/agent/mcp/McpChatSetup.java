package dev.rosetta.agent.mcp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.mcp.McpServerSettings;

/**
 * Which servers a chat starts: those of the config files and of {@code --mcp} (which win over a
 * file's of the same name), less the disabled ones and the project's the user has not approved
 * (each said in one line with how to approve it). Nothing of the SDK is touched when there are no
 * servers at all.
 */
public final class McpChatSetup {

    private McpChatSetup() {}

    /**
     * Starts the chat's servers and attaches them to the toolbox; null when there are none.
     *
     * @param configured  the config files' servers
     * @param flags       the {@code --mcp} values
     * @param conversation the conversation's folder, where each stdio server's stderr log goes
     * @param logLimit    how large each log grows before it is rotated
     * @param status      where the one-line reports go
     * @param questions   asks the user about a project's server not approved yet, and a server's forms
     */
    public static McpServers start(List<McpServerEntry> configured, List<String> flags, Map<String, String> environment,
            Path workspace, Path conversation, long logLimit, McpApprovals approvals, Duration startupWait,
            Toolbox toolbox, Consumer<String> status, McpQuestions questions) {
        Map<String, McpServerEntry> byName = new LinkedHashMap<>();
        configured.forEach(e -> byName.put(e.name(), e));
        flags.stream().map(McpDefinitions::flag).forEach(e -> byName.put(e.name(), e));
        if (byName.isEmpty()) {
            return null;
        }
        List<McpServerSettings> settings = new ArrayList<>();
        for (McpServerEntry entry : byName.values()) {
            if (!entry.enabled()) {
                continue;
            }
            if (entry.fromProject() && !approvals.approved(workspace, entry) && !approvedNow(entry, workspace,
                    approvals, status, questions)) {
                continue;
            }
            try {
                settings.add(McpDefinitions.settings(entry, environment, workspace,
                        conversation.resolve("mcp-" + entry.name() + ".log"), logLimit)
                        .inSandbox(toolbox.context().sandbox()));
            } catch (RosettaException e) {
                status.accept("mcp: " + entry.name() + " failed: " + e.getMessage());
            }
        }
        if (settings.isEmpty()) {
            return null;
        }
        McpServers servers = new McpServers(settings, toolbox, startupWait, status, questions);
        toolbox.attach(servers);
        return servers.start();
    }

    /**
     * A project's server not approved yet: the user is asked once, and a yes is remembered for the
     * project; a run with no one to ask says in one line how to approve it.
     */
    private static boolean approvedNow(McpServerEntry entry, Path workspace, McpApprovals approvals,
            Consumer<String> status, McpQuestions questions) {
        if (!questions.interactive()) {
            status.accept("mcp: " + entry.name() + " (from " + entry.file() + ") is not started: a project's"
                    + " servers start once you approve them; run: rosetta mcp approve " + entry.name()
                    + " (or /mcp approve " + entry.name() + ")");
            return false;
        }
        boolean yes;
        try {
            yes = questions.approves(entry);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            yes = false;
        }
        if (!yes) {
            status.accept("mcp: " + entry.name() + " is not started; /mcp approve " + entry.name() + " starts it later");
            return false;
        }
        approvals.approve(workspace, entry);
        status.accept("mcp: approved " + entry.name() + " for " + workspace + " (" + approvals.file() + ")");
        return true;
    }
}
