package dev.rosetta.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.agent.sandbox.ChatSandbox;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.sandbox.NetworkAccess;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * {@code rosetta sandbox -- CMD}: runs a command as the model's commands run, in the sandbox the
 * config files describe for the workspace (the current folder), to try the policy or to script
 * against it. The command keeps the terminal (Ctrl-C reaches it, not Rosetta) and Rosetta exits
 * with its exit status. It never runs unconfined: where there is no sandbox it says why and how
 * to get one, and exits with 2.
 */
@Command(name = "sandbox", description = "Runs a command in the sandbox the model's commands run in (rosetta sandbox -- CMD).")
final class SandboxCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CMD", description = "The command and its arguments, after --.")
    private List<String> command = new ArrayList<>();

    @Option(names = {"-w", "--workspace"}, paramLabel = "DIR", description = "The workspace (default: here).")
    private String workspace;

    @Option(names = "--network", paramLabel = "on|off", description = "Override [sandbox] network for this command.")
    private String network;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        TerminalOutput output = Main.output(spec);
        Map<String, String> env = System.getenv();
        Path folder = Path.of(workspace == null ? "" : workspace).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            throw new RosettaException("the workspace " + folder + " is not a folder that exists");
        }
        Configuration config = Configuration.load(ConfigPaths.of(env), folder, null);
        config.warnings().forEach(output::warning);
        try (Sandbox sandbox = ChatSandbox.open(SandboxMode.ON, config, Set.of(), env, folder, LogDirectory.of(env),
                notice -> { })) {
            Sandbox.Launch launch = sandbox.launch(command, folder, env, List.of(), networkOverride())
                    .inForeground();
            ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(folder.toFile()).inheritIO();
            builder.environment().clear();
            builder.environment().putAll(launch.environment());
            // The terminal's Ctrl-C is the command's to act on (it shares the terminal); Rosetta waits
            // for it to end. Should Rosetta itself be ended, the sandbox ends with it.
            ignoreInterrupts();
            Process process = builder.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> end(process)));
            return process.waitFor();
        } catch (IOException e) {
            throw new RosettaException(e.getMessage());
        }
    }

    private static void ignoreInterrupts() {
        try {
            Signal.handle(new Signal("INT"), signal -> { });
            Signal.handle(new Signal("QUIT"), signal -> { });
        } catch (IllegalArgumentException unsupported) {
            // not on this platform: Ctrl-C ends Rosetta, and the hook below the sandbox
        }
    }

    /** The sandbox's init (and with it everything in the sandbox), then the launcher. */
    private static void end(Process process) {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private NetworkAccess networkOverride() {
        if (network == null) {
            return null;
        }
        return NetworkAccess.parse(network).orElseThrow(() -> new RosettaException("--network takes on or off, not '"
                + network + "'"));
    }
}
