package dev.rosetta.agent.config;

import java.util.function.BinaryOperator;

/**
 * The {@code [limits]} table: how much one reply, one conversation's saved outputs, one request's
 * tool list and one MCP server's log may take, so that a runaway model or server cannot take
 * Rosetta's memory or the disk. Null fields are unset in a file; {@link Configuration#limits()}
 * gives the settled values.
 *
 * @param replySize   {@code reply_size}: bytes of text, reasoning and call arguments one reply may carry
 * @param replyCalls  {@code reply_calls}: calls one reply may make
 * @param toolOutputs {@code tool_outputs}: bytes the conversation's {@code tool-outputs/} folder may hold
 * @param tools       {@code tools}: tools one request may declare (built-in ones first, then MCP servers')
 * @param mcpLog      {@code mcp_log}: bytes an MCP server's log grows to before it is rotated
 */
public record Limits(Long replySize, Integer replyCalls, Long toolOutputs, Integer tools, Long mcpLog) {

    /**
     * Without any file. A reply of 4 MiB is eight times what the largest output limit of any model
     * writes (128k tokens); 128 tools is the most OpenAI's APIs take in one request.
     */
    public static final Limits DEFAULT = new Limits(4L << 20, 50, 1L << 30, 128, 10L << 20);

    /** Nothing set. */
    static final Limits UNSET = new Limits(null, null, null, null, null);

    /** The keys of the table, as a warning about an unknown one lists them. */
    static final String[] KEYS = {"reply_size", "reply_calls", "tool_outputs", "tools", "mcp_log"};

    static Limits read(ConfigTable root) {
        ConfigTable limits = root.table("limits");
        if (limits == null) {
            return UNSET;
        }
        Long replySize = limits.size("reply_size", 1L << 10, 1L << 30);
        Long replyCalls = limits.integer("reply_calls", 1, 10_000);
        Long toolOutputs = limits.size("tool_outputs", 0, 1L << 40);
        Long tools = limits.integer("tools", 1, 10_000);
        Long mcpLog = limits.size("mcp_log", 1L << 10, 1L << 40);
        limits.finish(KEYS);
        return new Limits(replySize, replyCalls == null ? null : replyCalls.intValue(), toolOutputs,
                tools == null ? null : tools.intValue(), mcpLog);
    }

    /** These settings, with what is unset here taken from {@code fallback}. */
    Limits or(Limits fallback) {
        return combine(fallback, (mine, theirs) -> mine != null ? mine : theirs);
    }

    /**
     * These settings, each lowered to {@code tighter}'s where that is set and lower: a project's
     * file may tighten a limit, never loosen one (a repository could otherwise let a runaway server
     * fill the disk).
     */
    Limits tightenedBy(Limits tighter) {
        return combine(tighter, (mine, theirs) -> theirs != null && theirs.longValue() < mine.longValue() ? theirs : mine);
    }

    private Limits combine(Limits other, BinaryOperator<Number> pick) {
        return new Limits(asLong(pick.apply(replySize, other.replySize)), asInt(pick.apply(replyCalls, other.replyCalls)),
                asLong(pick.apply(toolOutputs, other.toolOutputs)), asInt(pick.apply(tools, other.tools)),
                asLong(pick.apply(mcpLog, other.mcpLog)));
    }

    private static Long asLong(Number n) {
        return n == null ? null : n.longValue();
    }

    private static Integer asInt(Number n) {
        return n == null ? null : n.intValue();
    }
}
