package dev.rosetta.agent.session;

import java.util.List;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.llm.Thinking;
import dev.rosetta.tools.sandbox.SandboxMode;

/**
 * What a front end asks of the conversation it opens (the command line's options, an editor's
 * request); null or empty where the configuration files and the defaults decide.
 *
 * @param resume       continue a conversation: the one {@code name} names, else the latest
 * @param name         the new conversation's name, or the one to resume
 * @param workspace    the folder tools work in
 * @param model        the model ({@code provider/model} or an alias)
 * @param toolFormat   how the model calls tools
 * @param tools        the {@code --tools} items
 * @param confirmCalls whether calls are asked about before they run (not with {@code -y}, {@code -n}, or nobody to ask)
 * @param confine      whether file tools refuse paths outside the workspace
 * @param mcp          the {@code --mcp} servers
 * @param servers      servers given whole (an editor's), which win over a file's and a flag's of the same name
 * @param stream       whether replies stream
 * @param thinking     how hard the model thinks
 * @param maxSteps     requests per turn at most
 * @param sandbox      where the model's processes run ({@code --sandbox}); null: {@code [sandbox] mode} decides
 */
public record SessionSpec(boolean resume, String name, String workspace, String model, String toolFormat,
        List<String> tools, boolean confirmCalls, boolean confine, List<String> mcp, List<McpServerEntry> servers,
        boolean stream, Thinking thinking, Integer maxSteps, SandboxMode sandbox) {

    public SessionSpec {
        mcp = mcp == null ? List.of() : List.copyOf(mcp);
        servers = servers == null ? List.of() : List.copyOf(servers);
    }

    /** A conversation whose sandbox the configuration files decide. */
    public SessionSpec(boolean resume, String name, String workspace, String model, String toolFormat,
            List<String> tools, boolean confirmCalls, boolean confine, List<String> mcp, List<McpServerEntry> servers,
            boolean stream, Thinking thinking, Integer maxSteps) {
        this(resume, name, workspace, model, toolFormat, tools, confirmCalls, confine, mcp, servers, stream, thinking,
                maxSteps, null);
    }

    /** The same, for the conversation named {@code id} (resumed when {@code resume}), working in {@code workspace}. */
    public SessionSpec conversation(boolean resume, String id, String workspace) {
        return new SessionSpec(resume, id, workspace, model, toolFormat, tools, confirmCalls, confine, mcp, servers,
                stream, thinking, maxSteps, sandbox);
    }

    /** The same, with {@code more} servers. */
    public SessionSpec withServers(List<McpServerEntry> more) {
        List<McpServerEntry> all = new java.util.ArrayList<>(servers);
        all.addAll(more);
        return new SessionSpec(resume, name, workspace, model, toolFormat, tools, confirmCalls, confine, mcp, all,
                stream, thinking, maxSteps, sandbox);
    }
}
