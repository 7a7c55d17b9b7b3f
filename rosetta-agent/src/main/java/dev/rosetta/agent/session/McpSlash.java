package dev.rosetta.agent.session;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.mcp.McpServers;
import dev.rosetta.core.RosettaException;

/**
 * {@code /mcp}: every server with its state (ready with its tools, starting, failed and why, not
 * approved, disabled) and the last line it wrote on stderr; {@code /mcp NAME} lists its tools;
 * {@code /mcp approve NAME} lets a project's server start. What a server said is kept to one line
 * (a front end cleans it like everything else).
 */
final class McpSlash {

    private McpSlash() {}

    static void run(Conversation chat, String arg, CommandIo out) {
        SessionMcp mcp = chat.mcp();
        if (mcp == null) {
            out.line("no MCP servers: add [mcp.servers.NAME] to your config.toml or a project's rosetta.toml,"
                    + " or start with --mcp NAME=URL (docs/MCP.md)");
            return;
        }
        String[] words = arg.isBlank() ? new String[0] : arg.strip().split("\\s+");
        if (words.length == 2 && words[0].equals("approve")) {
            mcp.approve(words[1]);
            return;
        }
        if (words.length > 1) {
            throw new RosettaException("usage: /mcp, /mcp NAME or /mcp approve NAME");
        }
        List<McpServers.Status> running = mcp.servers() == null ? List.of() : mcp.servers().status();
        Map<String, McpServers.Status> byName = running.stream()
                .collect(Collectors.toMap(McpServers.Status::name, Function.identity()));
        for (McpServerEntry entry : mcp.entries()) {
            if (words.length == 1 && !words[0].equals(entry.name())) {
                continue;
            }
            McpServers.Status s = byName.get(entry.name());
            out.line(oneLine(entry.name() + "  " + state(entry, s) + "  " + (entry.url() != null ? entry.url()
                    : entry.command() + (entry.args().isEmpty() ? "" : " " + String.join(" ", entry.args())))));
            if (s != null && !s.toolNames().isEmpty()) {
                out.line("  " + oneLine(String.join(", ", s.toolNames())));
            }
            if (s != null && s.skipped() != null && !s.skipped().isBlank()) {
                out.line("  left out: " + oneLine(s.skipped()));
            }
            if (s != null && s.lastStderr() != null && (words.length == 1 || s.state() == McpServers.State.FAILED)) {
                out.line("  last stderr line: " + oneLine(s.lastStderr()));
            }
        }
        if (words.length == 1 && mcp.entries().stream().noneMatch(e -> e.name().equals(words[0]))) {
            throw new RosettaException("there is no MCP server named '" + words[0] + "'; /mcp lists them");
        }
    }

    private static String state(McpServerEntry entry, McpServers.Status s) {
        if (!entry.enabled()) {
            return "disabled (enabled = false)";
        }
        if (s == null) {
            return entry.fromProject() ? "not approved: /mcp approve " + entry.name() : "not started";
        }
        return switch (s.state()) {
            case READY -> "ready · " + s.tools() + (s.tools() == 1 ? " tool" : " tools");
            case STARTING -> "starting";
            case FAILED -> "failed: " + s.error();
            case CLOSED -> "closed";
        };
    }

    private static String oneLine(String text) {
        return text.replace('\r', ' ').replace('\n', ' ');
    }
}
