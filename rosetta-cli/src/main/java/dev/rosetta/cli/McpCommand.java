package dev.rosetta.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.agent.mcp.McpApprovals;
import dev.rosetta.agent.mcp.McpDefinitions;
import dev.rosetta.agent.mcp.ShellWords;
import dev.rosetta.agent.sandbox.ChatSandbox;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.cli.chat.TerminalCheck;
import dev.rosetta.cli.terminal.TerminalMcpQuestions;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.JsonRepair;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.mcp.McpFailure;
import dev.rosetta.tools.mcp.McpServer;
import dev.rosetta.tools.mcp.McpServerSettings;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.mcp.McpTool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rosetta mcp}: the configured MCP servers, a server's tools, one call — for scripts and
 * for checking a server before a chat. A server is named as configured, or given as a URL or a
 * command. Exit codes as everywhere: 0 done, 1 the server or the call failed, 2 bad usage or
 * configuration, 130 interrupted.
 */
@Command(name = "mcp", description = "MCP servers: list the configured ones, show a server's tools, call one.",
        subcommands = {McpCommand.ListServers.class, McpCommand.Tools.class, McpCommand.Call.class,
            McpCommand.Approve.class})
final class McpCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Main.output(spec).problem("rosetta mcp: give a command: list, tools, call or approve (rosetta mcp --help)");
        return ExitCode.BAD_USAGE;
    }

    /** A subcommand: a configuration problem or bad usage is one line and exit code 2. */
    abstract static class Sub implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        /** Where the subcommand writes: the one guarded output. */
        TerminalOutput output;

        abstract int run() throws InterruptedException;

        @Override
        public Integer call() throws InterruptedException {
            output = Main.output(spec);
            try {
                return run();
            } catch (RosettaException e) {
                output.error(e.getMessage());
                return ExitCode.BAD_USAGE;
            }
        }
    }

    /** The options the subcommands share: the workspace whose rosetta.toml counts. */
    static class Workspace {
        @Option(names = {"-w", "--workspace"}, paramLabel = "DIR",
                description = "The project whose rosetta.toml counts (default: here).")
        String workspace;

        Path path() {
            return Path.of(workspace == null ? "" : workspace).toAbsolutePath().normalize();
        }

        Configuration config(Map<String, String> env) {
            return Configuration.load(ConfigPaths.of(env), path(), null);
        }
    }

    @Command(name = "list", description = "Lists the configured servers (user and project), and whether they start.")
    static final class ListServers extends Sub {
        @picocli.CommandLine.Mixin
        Workspace where = new Workspace();

        @Override
        int run() {
            Map<String, String> env = System.getenv();
            Configuration config = where.config(env);
            config.warnings().forEach(output::warning);
            McpApprovals approvals = McpApprovals.of(env);
            TerminalChannel out = output.out();
            if (config.mcpServers().isEmpty()) {
                out.line("no MCP servers configured ([mcp.servers.NAME] in config.toml or rosetta.toml)");
            }
            for (McpServerEntry e : config.mcpServers()) {
                String target = e.url() != null ? e.url() : String.join(" ", e.command(), String.join(" ", e.args()));
                String state = !e.enabled() ? "disabled"
                        : e.fromProject() && !approvals.approved(where.path(), e) ? "not approved" : "starts";
                out.line(TerminalText.safe(e.name() + "\t" + (e.url() != null ? "http" : "stdio") + "\t" + state
                        + (e.trust() ? "\ttrusted" : "") + "\t" + target.strip() + "\t" + e.file()));
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "tools", description = "Starts a server and lists its tools with their parameters.")
    static final class Tools extends Sub {
        @Parameters(index = "0", arity = "1..*", paramLabel = "NAME|URL|COMMAND",
                description = "A configured server, a URL, or a command and its arguments.")
        List<String> target;

        @picocli.CommandLine.Mixin
        Workspace where = new Workspace();

        @Override
        int run() throws InterruptedException {
            TerminalChannel out = output.out();
            try (Connected c = Connected.to(target, where, output)) {
                for (McpTool tool : c.server.tools()) {
                    var spec = tool.spec();
                    out.line(TerminalText.safe(spec.name() + "  " + firstLine(spec.description())));
                    for (Parameter p : spec.parameters()) {
                        out.line(TerminalText.safe("  " + p.name() + " (" + p.type()
                                + (p.required() ? ", required" : "") + ")"
                                + (p.description().isEmpty() ? "" : ": " + firstLine(p.description()))));
                    }
                }
                return ExitCode.OK;
            } catch (McpFailure f) {
                output.error(f.getMessage());
                return ExitCode.FAILED;
            }
        }
    }

    @Command(name = "call", description = "Calls one tool of a server and prints its result.")
    static final class Call extends Sub {
        @Parameters(index = "0", paramLabel = "NAME|URL", description = "A configured server, a URL or a quoted command.")
        String target;

        @Parameters(index = "1", paramLabel = "TOOL", description = "The tool, as the server names it.")
        String tool;

        @Parameters(index = "2", arity = "0..1", paramLabel = "JSON", description = "Its arguments (default: {}).")
        String json;

        @picocli.CommandLine.Mixin
        Workspace where = new Workspace();

        @Override
        int run() throws InterruptedException {
            Map<String, Object> arguments;
            try {
                arguments = json == null || json.isBlank() ? Map.of() : JsonRepair.parseObject(json);
            } catch (JsonRepairException e) {
                output.error("the arguments are not a JSON object: " + e.getMessage());
                return ExitCode.BAD_USAGE;
            }
            TerminalChannel out = output.out();
            try (Connected c = Connected.to(List.of(target), where, output)) {
                String name = c.server.name() + "." + tool;
                if (c.toolbox.tool(name).isEmpty()) {
                    output.error(c.server.name() + " has no tool '" + tool + "'; it has: "
                            + String.join(", ", c.server.tools().stream().map(McpTool::serverToolName).toList()));
                    return ExitCode.BAD_USAGE;
                }
                ToolResult result = c.toolbox.execute(ToolUse.named(name, arguments, null));
                (result.isError() ? output.err() : out).line(TerminalText.safe(result.output()));
                if (!result.isError()) {
                    return ExitCode.OK;
                }
                return result.code().equals(ErrorCode.INVALID_ARGS) ? ExitCode.BAD_USAGE : ExitCode.FAILED;
            } catch (McpFailure f) {
                output.error(f.getMessage());
                return ExitCode.FAILED;
            }
        }
    }

    @Command(name = "approve", description = "Lets a project's server start in this project (asked again when it changes).")
    static final class Approve extends Sub {
        @Parameters(index = "0", paramLabel = "NAME", description = "The server, as rosetta.toml names it.")
        String name;

        @picocli.CommandLine.Mixin
        Workspace where = new Workspace();

        @Override
        int run() {
            Map<String, String> env = System.getenv();
            McpServerEntry entry = where.config(env).mcpServers().stream().filter(e -> e.name().equals(name))
                    .findFirst().orElseThrow(() -> new BadMcpUsage("there is no MCP server named '" + name + "' in "
                            + where.path() + "; rosetta mcp list shows them"));
            if (!entry.fromProject()) {
                throw new BadMcpUsage(name + " is in your own config, not the project's: it needs no approval");
            }
            McpApprovals approvals = McpApprovals.of(env);
            approvals.approve(where.path(), entry);
            output.out().line("approved " + name + " (" + TerminalText.safe(entry.command() != null ? entry.command()
                    : entry.url()) + ") for " + where.path());
            return ExitCode.OK;
        }
    }

    /** A started server with its tools in a toolbox that asks nothing; closing ends the server. */
    private record Connected(McpServer server, Toolbox toolbox) implements AutoCloseable {

        static Connected to(List<String> target, Workspace where, TerminalOutput output)
                throws McpFailure, InterruptedException {
            Map<String, String> env = System.getenv();
            Configuration config = where.config(env);
            McpServerEntry entry = target.size() == 1
                    ? config.mcpServers().stream().filter(e -> e.name().equals(target.get(0))).findFirst()
                            .orElseGet(() -> adHoc(target))
                    : adHoc(target);
            // the sandbox a chat in this folder would give it (the toolbox closes it with the server)
            Sandbox sandbox = ChatSandbox.open(null, config, java.util.Set.of(), env, where.path(), LogDirectory.of(env),
                    output::warning);
            McpServerSettings settings = McpDefinitions.settings(entry, new Resolution(env, config).environment(),
                    where.path(), null).inSandbox(sandbox);
            McpServer server = new McpServer(settings, new McpServer.Listener() {
                @Override
                public void toolsChanged(McpServer s, List<McpTool> tools) {
                    // one command, one list
                }

                @Override
                public void notice(String line) {
                    output.problem(line);
                }

                @Override
                public McpForm.Answer form(McpForm form) throws InterruptedException {
                    // Asked at a terminal; a script's call declines, so the server hears at once.
                    return TerminalCheck.stdinIsTerminal() ? TerminalMcpQuestions.plain(System.in, output.err(), () -> { })
                            .ask(form) : new McpForm.Answer.Decline();
                }
            });
            try {
                Toolbox toolbox = new Toolbox(List.of(), ToolContext.in(where.path()).withSandbox(sandbox),
                        Confirmation.ALWAYS);
                toolbox.add(server.start());
                return new Connected(server, toolbox);
            } catch (McpFailure | InterruptedException | RuntimeException e) {
                server.close();
                throw e;
            }
        }

        private static McpServerEntry adHoc(List<String> target) {
            String first = target.get(0);
            if (target.size() == 1 && !first.startsWith("http://") && !first.startsWith("https://")
                    && first.matches("[A-Za-z][A-Za-z0-9_-]*") && ShellWords.split(first).size() == 1
                    && !first.contains("/") && !onPath(first)) {
                throw new BadMcpUsage("'" + first + "' is neither a configured MCP server nor a program on the PATH;"
                        + " rosetta mcp list shows the configured ones");
            }
            String words = target.size() == 1 ? first : String.join(" ", target.stream().map(McpCommand::quoted).toList());
            return McpDefinitions.adHoc(words);
        }

        @Override
        public void close() {
            server.close();
        }
    }

    private static boolean onPath(String program) {
        return dev.rosetta.tools.process.Executables.find(program, System.getenv("PATH")).isPresent();
    }

    /** A word as a shell would need it quoted, so splitting it again gives it back. */
    private static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./:=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("").strip();
        return line.length() > 120 ? line.substring(0, 119) + "…" : line;
    }

    /** Bad usage of {@code rosetta mcp}: one line, exit code 2. */
    static final class BadMcpUsage extends RosettaException {
        BadMcpUsage(String message) {
            super(message);
        }
    }
}
