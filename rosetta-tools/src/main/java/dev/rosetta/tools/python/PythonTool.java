package dev.rosetta.tools.python;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.repl.ReplProcess;
import dev.rosetta.tools.repl.ReplTimeouts;
import dev.rosetta.tools.repl.ReplTool;
import dev.rosetta.tools.repl.Reply;
import dev.rosetta.tools.repl.TurnReport;

/**
 * The {@code ipython} tool: one persistent Python interpreter per conversation (IPython when it
 * is importable, else plain {@code python3}), driven by {@code driver.py} over {@link
 * dev.rosetta.tools.repl.Frames}. A call returns what the code printed and the value of its
 * trailing expression; failures come back with their traceback and a code from
 * {@link PythonErrorCode}. A timeout or cancel sends SIGINT (a {@code KeyboardInterrupt}, state
 * kept) and kills the interpreter only if that does not bring it back.
 */
public final class PythonTool extends ReplTool {

    /** Which interpreter the driver runs. */
    public enum Engine {
        /** IPython's shell when {@code import IPython} works, else plain Python. */
        AUTO,
        /** Plain Python even when IPython is installed. */
        PLAIN
    }

    static final String TIMEOUT_VARIABLE = "ROSETTA_PYTHON_TIMEOUT";
    private static final String DRIVER = loadDriver();
    private static final TurnReport.Terms TERMS = new TurnReport.Terms("ipython", "interpreter",
            "variables, imports and functions", "os._exit");

    private final List<String> interpreter;
    private final Engine engine;

    /** {@code python3} from PATH, IPython when installed, the timeout from {@code ROSETTA_PYTHON_TIMEOUT}. */
    public PythonTool() {
        this(List.of("python3"), Engine.AUTO, ReplTimeouts.fromEnvironment(TIMEOUT_VARIABLE));
    }

    /**
     * @param interpreter the command that starts Python ({@code python3}, a venv's
     *                    {@code bin/python}); a bare name is looked up on PATH
     */
    public PythonTool(List<String> interpreter, Engine engine, ReplTimeouts timeouts) {
        super(TERMS, timeouts);
        if (interpreter.isEmpty()) {
            throw new IllegalArgumentException("no interpreter command");
        }
        this.interpreter = List.copyOf(interpreter);
        this.engine = engine;
    }

    @Override
    public ToolSpec spec() {
        return BuiltinTools.IPYTHON;
    }

    @Override
    protected Optional<String> whyUnavailable() {
        String program = program();
        return executable(program) ? Optional.empty()
                : Optional.of(program + " not found" + (program.contains(File.separator) ? "" : " on PATH"));
    }

    @Override
    protected String program() {
        return interpreter.getFirst();
    }

    @Override
    protected String language() {
        return "python";
    }

    @Override
    protected Map<String, String> request(String code) {
        return Map.of("op", "run", "code", code);
    }

    @Override
    protected ProcessBuilder command(Path workspace, Path output) {
        List<String> command = new ArrayList<>(interpreter);
        command.addAll(List.of("-c", DRIVER, output.toString(), engine == Engine.PLAIN ? "plain" : "auto"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workspace.toFile());
        Map<String, String> env = builder.environment();
        env.put("PYTHONUNBUFFERED", "1");
        env.put("PYTHONIOENCODING", "utf-8:backslashreplace");
        env.put("MPLBACKEND", "Agg"); // plots go to files, never to a window nobody sees
        env.remove("PYTHONINSPECT");
        return builder;
    }

    /** SIGINT: a KeyboardInterrupt in the running code, which the interpreter survives. */
    @Override
    protected void interrupt(ReplProcess process) {
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // no kill(1): the grace period runs out and the interpreter is killed instead
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean executable(String program) {
        if (program.contains(File.separator)) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static String loadDriver() {
        try (InputStream in = PythonTool.class.getResourceAsStream("driver.py")) {
            if (in == null) {
                throw new IllegalStateException("driver.py is missing from the rosetta-tools jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What one call's reply means for the model; what happened around it is {@link TurnReport}'s. */
    @Override
    protected ToolResult result(TurnReport report) {
        return switch (report.turn().reply()) {
            case Reply.Ended ended -> report.ended(ended);
            case Reply.Frame reply -> {
                String kind = reply.get("kind");
                String output = report.output();
                if (kind.isEmpty()) {
                    yield report.ok(TurnReport.join(output, reply.get("value")));
                }
                String text = TurnReport.join(output, reply.get("traceback"));
                if (kind.equals("interrupt") && report.wasStopped()) {
                    yield report.stopped(text);
                }
                if (kind.equals("exit") && PythonErrorCode.status(reply) == 0) {
                    yield report.ok(TurnReport.join(text, "(the code called sys.exit(0); the interpreter and its variables are kept)"));
                }
                yield report.error(PythonErrorCode.of(reply), text);
            }
        };
    }
}
