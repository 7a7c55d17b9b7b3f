package dev.rosetta.tools;

import java.util.Map;

/**
 * Tools a conversation gains while it runs — an MCP server's, which become ready some time after
 * the chat starts and may change. The source adds them to its {@link Toolbox} itself; the toolbox
 * waits for it before a request and closes it with itself.
 */
public interface ToolSource extends AutoCloseable {

    /** Waits, no longer than the source's own bound, for tools still being looked up. */
    void awaitTools() throws InterruptedException;

    /**
     * What the source's servers say about using their tools, by server name (an MCP server's
     * {@code instructions}, which the system prompt carries); empty when none.
     */
    default Map<String, String> instructions() {
        return Map.of();
    }

    /** Ends what the source keeps (server processes, connections). */
    @Override
    void close();
}
