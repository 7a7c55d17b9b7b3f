package dev.rosetta.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.rosetta.cli.chat.ChatArguments;
import dev.rosetta.cli.chat.ChatOptions;
import dev.rosetta.cli.chat.ChatRun;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code rosetta} command: a chat ({@code rosetta [OPTIONS] [PROMPT...]}), options every
 * subcommand shares, and the subcommands.
 */
@Command(name = "rosetta",
        description = "A terminal AI agent that reads every spelling of a tool call.",
        versionProvider = ManifestVersion.class,
        subcommands = {ParseCommand.class, ModelsCommand.class, LogsCommand.class, McpCommand.class, HelpCommand.class},
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

    public Main() {
        this(System.getenv());
    }

    Main(Map<String, String> env) {
        this.env = env;
    }

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(AotTraining.ARGUMENT)) {
            System.exit(AotTraining.run(System.err));
        }
        Integer fast = FastPath.run(args, System.in, System.out, System.err);
        if (fast != null) {
            System.out.flush();
            System.exit(fast);
        }
        ChatArguments.Read chatLine = ChatArguments.read(List.of(args));
        if (chatLine != null) {
            int code;
            try {
                code = chat(chatLine.options(), System.getenv());
            } catch (Exception | StackOverflowError | OutOfMemoryError e) {
                code = UnexpectedErrors.report(e, new PrintWriter(System.err, true), chatLine.verbose());
            }
            System.exit(code);
        }
        Main main = new Main();
        int exitCode;
        try {
            exitCode = commandLine(main).execute(args);
        } catch (Error e) {
            // picocli hands Exceptions to the handler but lets Errors (stack overflow, out of
            // memory) through; they still deserve one line rather than a JVM dump.
            exitCode = UnexpectedErrors.report(e, new PrintWriter(System.err, true), main.verbose);
        }
        System.exit(exitCode);
    }

    /**
     * The command line as users run it. Error handling lives on the {@link CommandLine}, not on
     * the command object, so tests use this too: a bare {@code new CommandLine(new Main())}
     * would print stack traces and full usage where users get one line.
     */
    public static CommandLine commandLine(Main main) {
        CommandLine commandLine = new CommandLine(main)
                .setParameterExceptionHandler(new BadUsage())
                .setExecutionExceptionHandler(new UnexpectedErrors());
        Usage.apply(commandLine);
        return commandLine;
    }

    public static CommandLine commandLine() {
        return commandLine(new Main());
    }

    @Override
    public Integer call() throws Exception {
        return chat(chat, env);
    }

    /** Runs a chat, however its command line was read (by hand when plain, else by picocli). */
    private static int chat(ChatOptions options, Map<String, String> env) throws IOException {
        return new ChatRun(options, System.in, System.out, System.err, env).run();
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
