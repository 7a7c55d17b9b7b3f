package dev.rosetta.agent.session;

import java.util.List;

/**
 * A slash command as /help lists it and an editor offers it: its name, what it takes, what it does.
 *
 * @param name        {@code /model}
 * @param arguments   what it takes, as /help writes it ({@code [MODEL]}), or "" for nothing
 * @param description what it does
 * @param prompts     whether it is the prompt's own (/clear, /exit): an editor has no use for it
 */
public record CommandHelp(String name, String arguments, String description, boolean prompts) {

    /** Every command, in the order /help lists them. */
    public static final List<CommandHelp> ALL = List.of(
            new CommandHelp("/model", "[MODEL]", "show or switch the model (and its tool format)", false),
            new CommandHelp("/format", "[FORMAT]", "show or switch how the model calls tools (markdown, xml, tool,"
                    + " native, …)", false),
            new CommandHelp("/think", "[LEVEL]", "show or set how hard the model thinks: off, low, medium, high, or"
                    + " tokens", false),
            new CommandHelp("/tools", "", "the tools loaded, and those that cannot run here", false),
            new CommandHelp("/tokens", "", "tokens and cost so far", false),
            new CommandHelp("/context", "", "what fills the context window, and when it is compacted", false),
            new CommandHelp("/compact", "[KEEP]", "compact the conversation now; KEEP: what the summary must keep",
                    false),
            new CommandHelp("/instructions", "", "the instruction files (AGENTS.md …) in the system prompt", false),
            new CommandHelp("/undo", "[N]", "take back the last N turns (default 1), and their file changes", false),
            new CommandHelp("/rewind", "[N]", "go back to before turn N, picked from a list", false),
            new CommandHelp("/log", "", "where the conversation is saved", false),
            new CommandHelp("/rename", "NAME", "rename the conversation", false),
            new CommandHelp("/fork", "NAME", "copy the conversation under a new name", false),
            new CommandHelp("/impersonate", "", "write the assistant's next message yourself; its calls run", false),
            new CommandHelp("/replay", "", "show the conversation again", false),
            new CommandHelp("/mcp", "[NAME]", "the MCP servers: state, tools, last error (/mcp approve NAME starts a"
                    + " project's)", false),
            new CommandHelp("/serve", "", "publish this conversation in the browser (a URL with its token)", false),
            new CommandHelp("/clear", "", "clear the screen", true),
            new CommandHelp("/exit", "", "leave (Ctrl-D too; Ctrl-C stops the model or a tool)", true));

    /** The /help line: name and arguments in a column, then what it does. */
    String line() {
        String usage = arguments.isEmpty() ? name : name + " " + arguments;
        return String.format(java.util.Locale.ROOT, "%-16s %s", usage, description);
    }
}
