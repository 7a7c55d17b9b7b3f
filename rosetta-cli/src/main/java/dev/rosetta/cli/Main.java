package dev.rosetta.cli;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.rosetta.cli.chat.ChatArguments;
import dev.rosetta.cli.chat.ChatOptions;
import dev.rosetta.cli.chat.ChatRun;
import dev.rosetta.cli.chat.TerminalCheck;
import dev.rosetta.cli.render.TerminalOutput;

import dev.rosetta.tools.sandbox.OwnEnvironment;
import dev.rosetta.tools.sandbox.SandboxSupport;
import dev.rosetta.tools.sandbox.SecretVariables;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code rosetta} command: a chat ({@code rosetta [OPTIONS] [PROMPT...]}), options every
 * subcommand shares, and the subcommands.
 */
@Command(name = "rosetta",
        description = "A terminal AI agent that reads every spelling of a tool call.",
        versionProvider = ManifestVersion.class,
        subcommands = {ParseCommand.class, ModelsCommand.class, LogsCommand.class, McpCommand.class, EvalCommand.class,
            AcpCommand.class, ServeCommand.class, SandboxCommand.class, HelpCommand.class},
        customSynopsis = {"rosetta [OPTIONS] [PROMPT...]", "       rosetta COMMAND ..."},
        parameterListHeading = "%nArguments:%n",
        commandListHeading = "%nCommands:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:failure",
            "2:bad usage or configuration, or input that cannot be read",
            "130:interrupted"})
public final class Main implements Callable<Integer> {

    // Inherited, so "rosetta parse -v x.md" works as well as "rosetta -v parse x.md"; picocli
    // applies an inherited option to this field wherever it is given.
    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Print the stack trace of unexpected errors.")
    private boolean verbose;

    @Option(names = {"-h", "--help"}, usageHelp = true, scope = ScopeType.INHERIT,
            description = "Show this help and exit.")
    private boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print the version and exit.")
    private boolean version;

    @Mixin
    private ChatOptions chat = new ChatOptions();

    /** The environment the chat reads (keys, config folders); the training run gives its own. */
    private final Map<String, String> env;
    /** Where every command writes; set when the command line is made, if not given. */
    private TerminalOutput output;

    public Main() {
        this(System.getenv());
    }

    Main(Map<String, String> env) {
        this(env, null);
    }

    Main(Map<String, String> env, TerminalOutput output) {
        this.env = env;
        this.output = output;
    }

    public static void main(String[] args) {
        // Before anything starts a process: no key stays where another process could read it.
        OwnEnvironment.wipe(SecretVariables.DEFAULT);
        TerminalOutput output = TerminalOutput.system(TerminalCheck.STDOUT);
        if (args.length == 1 && args[0].equals(AotTraining.ARGUMENT)) {
            System.exit(AotTraining.run(output));
        }
        Integer fast = FastPath.run(args, System.in, output);
        if (fast != null) {
            output.out().flush();
            System.exit(fast);
        }
        ChatArguments.Read chatLine = ChatArguments.read(List.of(args));
        if (chatLine != null) {
            int code;
            try {
                code = chat(chatLine.options(), System.getenv(), output);
            } catch (Exception | StackOverflowError | OutOfMemoryError e) {
                code = UnexpectedErrors.report(e, output.errWriter(), chatLine.verbose());
            }
            System.exit(code);
        }
        Main main = new Main(System.getenv(), output);
        int exitCode;
        try {
            exitCode = commandLine(main).execute(args);
        } catch (Error e) {
            // picocli hands Exceptions to the handler but lets Errors (stack overflow, out of
            // memory) through; they still deserve one line rather than a JVM dump.
            exitCode = UnexpectedErrors.report(e, output.errWriter(), main.verbose);
        }
        System.exit(exitCode);
    }

    /**
     * The command line as users run it. Error handling lives on the {@link CommandLine}, not on
     * the command object, so tests use this too: a bare {@code new CommandLine(new Main())}
     * would print stack traces and full usage where users get one line. Without an output of
     * its own, {@code main} writes to System.out and System.err as they are now, guarded.
     */
    public static CommandLine commandLine(Main main) {
        if (main.output == null) {
            main.output = TerminalOutput.current();
        }
        CommandLine commandLine = new CommandLine(main)
                .setOut(main.output.outWriter())
                .setErr(main.output.errWriter())
                .setParameterExceptionHandler(new BadUsage())
                .setExecutionExceptionHandler(new UnexpectedErrors());
        Usage.apply(commandLine);
        return commandLine;
    }

    /** The output of the command line {@code spec} belongs to. */
    static TerminalOutput output(CommandSpec spec) {
        return ((Main) spec.root().userObject()).output;
    }

    public static CommandLine commandLine() {
        return commandLine(new Main());
    }

    @Override
    public Integer call() throws Exception {
        return chat(chat, env, output);
    }

    /** Runs a chat, however its command line was read (by hand when plain, else by picocli). */
    private static int chat(ChatOptions options, Map<String, String> env, TerminalOutput output) throws IOException {
        // The sandbox's trial run waits on the kernel for a few tens of milliseconds: it overlaps the start-up.
        SandboxSupport.detectInBackground();
        return new ChatRun(options, System.in, output, env).run();
    }

    /** The chat options picocli read (tests compare them with {@link ChatArguments}). */
    ChatOptions chatOptions() {
        return chat;
    }

    /** Whether --verbose was given, wherever on the command line. */
    boolean verbose() {
        return verbose;
    }
}
