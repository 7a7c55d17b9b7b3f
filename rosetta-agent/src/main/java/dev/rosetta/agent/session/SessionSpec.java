package dev.rosetta.agent.session;

import java.util.List;

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
 * @param stream       whether replies stream
 * @param thinking     how hard the model thinks
 * @param maxSteps     requests per turn at most
 * @param sandbox      where the model's processes run ({@code --sandbox}); null: {@code [sandbox] mode} decides
 */
public record SessionSpec(boolean resume, String name, String workspace, String model, String toolFormat,
        List<String> tools, boolean confirmCalls, boolean confine, List<String> mcp, boolean stream, Thinking thinking,
        Integer maxSteps, SandboxMode sandbox) {

    public SessionSpec {
        mcp = mcp == null ? List.of() : List.copyOf(mcp);
    }

    /** A conversation whose sandbox the configuration files decide. */
    public SessionSpec(boolean resume, String name, String workspace, String model, String toolFormat,
            List<String> tools, boolean confirmCalls, boolean confine, List<String> mcp, boolean stream,
            Thinking thinking, Integer maxSteps) {
        this(resume, name, workspace, model, toolFormat, tools, confirmCalls, confine, mcp, stream, thinking, maxSteps,
                null);
    }
}
