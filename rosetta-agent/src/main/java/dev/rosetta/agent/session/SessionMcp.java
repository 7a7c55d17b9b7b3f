package dev.rosetta.agent.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.mcp.McpApprovals;
import dev.rosetta.agent.mcp.McpChatSetup;
import dev.rosetta.agent.mcp.McpDefinitions;
import dev.rosetta.agent.mcp.McpQuestions;
import dev.rosetta.agent.mcp.McpServers;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.Toolbox;

/**
 * A conversation's MCP servers, and what is needed to start one later ({@code /mcp approve}). Exists only
 * when a server is configured or given with {@code --mcp}, so a chat without servers never loads
 * the MCP client. The toolbox closes the servers with itself.
 */
public final class SessionMcp {

    private final List<McpServerEntry> entries;
    private final Map<String, String> environment;
    private final Path workspace;
    private final Path conversation;
    private final long logLimit;
    private final McpApprovals approvals;
    private final Toolbox toolbox;
    private final Consumer<String> status;
    private final McpQuestions questions;
    private volatile McpServers servers;

    private SessionMcp(List<McpServerEntry> entries, Map<String, String> environment, Path workspace, Path conversation,
            long logLimit, McpApprovals approvals, Toolbox toolbox, Consumer<String> status, McpQuestions questions) {
        this.entries = List.copyOf(entries);
        this.environment = environment;
        this.workspace = workspace;
        this.conversation = conversation;
        this.logLimit = logLimit;
        this.approvals = approvals;
        this.toolbox = toolbox;
        this.status = status;
        this.questions = questions;
    }

    /**
     * Starts the servers of the files, of {@code --mcp} and those given whole (an editor's), the later
     * winning over the earlier of the same name, asking the user first about a project's server not
     * approved yet.
     */
    static SessionMcp start(List<McpServerEntry> configured, List<String> flags, List<McpServerEntry> given,
            Map<String, String> environment, Path workspace, Path conversation, long logLimit, McpApprovals approvals,
            Duration wait, Toolbox toolbox, Consumer<String> status, McpQuestions questions) {
        List<McpServerEntry> entries = new ArrayList<>(configured);
        List<McpServerEntry> added = new ArrayList<>(flags.stream().map(McpDefinitions::flag).toList());
        added.addAll(given);
        added.forEach(f -> {
            entries.removeIf(e -> e.name().equals(f.name()));
            entries.add(f);
        });
        SessionMcp mcp = new SessionMcp(entries, environment, workspace, conversation, logLimit, approvals, toolbox,
                status, questions);
        mcp.servers = McpChatSetup.start(entries, List.of(), environment, workspace, conversation, logLimit, approvals,
                wait, toolbox, status, questions);
        return mcp;
    }

    /** The running servers, or null when none was started. */
    public McpServers servers() {
        return servers;
    }

    /** Every server defined, as written. */
    public List<McpServerEntry> entries() {
        return entries;
    }

    /** The names of the tools the servers offer now. */
    public List<String> toolNames() {
        McpServers running = servers;
        return running == null ? List.of()
                : running.status().stream().flatMap(s -> s.toolNames().stream()).toList();
    }

    /** Records the approval of a project's server and starts it. */
    synchronized void approve(String name) {
        McpServerEntry entry = entries.stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new RosettaException("there is no MCP server named '" + name + "'; /mcp lists them"));
        if (!entry.fromProject()) {
            throw new RosettaException(name + " is not a project's server; only those need approving");
        }
        approvals.approve(workspace, entry);
        status.accept("mcp: approved " + name + " for " + workspace + "; starting it");
        if (servers != null) {
            servers.startLater(McpDefinitions.settings(entry, environment, workspace,
                    conversation.resolve("mcp-" + name + ".log"), logLimit).inSandbox(toolbox.context().sandbox()));
        } else {
            servers = McpChatSetup.start(List.of(entry), List.of(), environment, workspace, conversation, logLimit,
                    approvals, Duration.ZERO, toolbox, status, questions);
        }
    }
}
