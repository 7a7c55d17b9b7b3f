package dev.rosetta.cli;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.rosetta.acp.AcpServer;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.llm.Thinking;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rosetta acp}: Rosetta as an Agent Client Protocol agent on stdin and stdout, for an editor
 * to start (docs/EDITORS.md). Standard output carries protocol messages and nothing else: what
 * anything else would print there goes to standard error.
 */
@Command(name = "acp", description = "Runs as an Agent Client Protocol agent on stdin/stdout, for editors (Zed,"
        + " JetBrains IDEs, Neovim, Emacs; docs/EDITORS.md).")
final class AcpCommand implements Callable<Integer> {

    @Option(names = {"-m", "--model"}, paramLabel = "PROVIDER/MODEL", description = "The model of new sessions.")
    private String model;

    @Option(names = "--tool-format", paramLabel = "FORMAT", converter = OptionConverters.ChatToolFormatValue.class,
            description = "How the model calls tools (as for a chat).")
    private String toolFormat;

    @Option(names = "--thinking", paramLabel = "LEVEL", converter = OptionConverters.ThinkingValue.class,
            description = "How hard the model thinks: off, low, medium, high, or tokens.")
    private Thinking thinking;

    @Option(names = {"-y", "--no-confirm"}, description = "Run tool calls without asking the editor.")
    private boolean noConfirm;

    @Option(names = {"-t", "--tools"}, paramLabel = "TOOL", parameterConsumer = OptionConverters.ToolItems.class,
            description = "Tools to load: a list (shell,save), or changes to the default (+jshell,-ipython).")
    private List<String> tools;

    @Option(names = "--max-steps", paramLabel = "N", converter = OptionConverters.AtLeastOne.class,
            description = "Requests per turn at most (default: 50).")
    private Integer maxSteps;

    @Option(names = "--confine", description = "File tools refuse paths outside the session's folder.")
    private boolean confine;

    @Option(names = "--mcp", paramLabel = "NAME=URL|NAME=COMMAND", description = "An MCP server for every session,"
            + " besides those the editor passes. Repeatable.")
    private List<String> mcp = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        // The protocol owns stdout; anything printed on the way goes to stderr, guarded.
        OutputStream protocol = output.handOverStdout();
        SessionSpec defaults = new SessionSpec(false, null, null, model, toolFormat, tools, !noConfirm, confine, mcp,
                List.of(), true, thinking, maxSteps);
        return new AcpServer(defaults, System.getenv(), ManifestVersion.current(), output::warning)
                .run(System.in, protocol);
    }
}
