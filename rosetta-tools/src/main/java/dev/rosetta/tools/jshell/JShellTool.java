package dev.rosetta.tools.jshell;

import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.repl.ReplProcess;
import dev.rosetta.tools.repl.ReplTimeouts;
import dev.rosetta.tools.repl.ReplTool;
import dev.rosetta.tools.repl.Reply;
import dev.rosetta.tools.repl.TurnReport;

/**
 * The {@code jshell} tool: a persistent JShell session in its own JVM ({@link JShellHost}),
 * started on first use with the Java that runs Rosetta. A call's code is cut into snippets as
 * jshell would; the result is what they printed with jshell's feedback ({@code x ==> 5},
 * {@code |  created method f(int)}). Error codes: a compile error or a use of something not
 * yet declared → {@code InvalidArgs}; an exception → {@code ExitCode:1}; the session's JVM
 * exiting ({@code System.exit(n)}) → {@code ExitCode:n}, and a fresh session is started. A
 * timeout or cancel calls {@code JShell.stop()} (state kept) and kills the JVM only if that
 * does not bring it back.
 */
public final class JShellTool extends ReplTool {

    static final String TIMEOUT_VARIABLE = "ROSETTA_JSHELL_TIMEOUT";

    /**
     * Start-up over peak speed: C1 only and the serial collector get the session ready sooner
     * (and compile each snippet faster on a busy machine); class data sharing maps the JDK's
     * classes instead of loading them. The JVM's own log messages go to stderr: by default they
     * go to stdout, where they would break the protocol.
     */
    private static final List<String> JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xshare:auto", "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr",
            "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8", "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8");

    private static final TurnReport.Terms TERMS = new TurnReport.Terms("jshell", "JShell session",
            "variables, imports, methods and classes", "System.exit");

    private final Path java;
    private final Optional<Path> classArchive;

    /**
     * The running Java's {@code bin/java}, the timeout from {@code ROSETTA_JSHELL_TIMEOUT}, a
     * class archive in Rosetta's cache folder.
     */
    public JShellTool() {
        this(currentJava(), ReplTimeouts.fromEnvironment(TIMEOUT_VARIABLE), defaultClassArchive());
    }

    /** Without a class archive. */
    public JShellTool(Path java, ReplTimeouts timeouts) {
        this(java, timeouts, Optional.empty());
    }

    /**
     * @param java         the {@code java} launcher to start the session's JVM with
     * @param classArchive where the session's JVM keeps a CDS archive of the classes it loads
     *                     (created by the first session, mapped by later ones: about a third
     *                     of the start-up); used only when Rosetta runs from a jar, as CDS
     *                     requires
     */
    public JShellTool(Path java, ReplTimeouts timeouts, Optional<Path> classArchive) {
        super(TERMS, timeouts);
        this.java = java;
        this.classArchive = classArchive;
    }

    @Override
    public ToolSpec spec() {
        return BuiltinTools.JSHELL;
    }

    @Override
    protected Optional<String> whyUnavailable() {
        if (ModuleFinder.ofSystem().find("jdk.jshell").isEmpty()) {
            return Optional.of("this Java runtime has no jdk.jshell module (a JRE or a trimmed image); run Rosetta on a full JDK");
        }
        if (!Files.isExecutable(java)) {
            return Optional.of("no java launcher at " + java);
        }
        if (hostClassPath().isEmpty()) {
            return Optional.of("cannot locate Rosetta's own classes to start the JShell session with");
        }
        return Optional.empty();
    }

    @Override
    protected String program() {
        return java.toString();
    }

    @Override
    protected String language() {
        return "java";
    }

    @Override
    protected Map<String, String> request(String code) {
        return Map.of("op", "eval", "code", code);
    }

    @Override
    protected ProcessBuilder command(Path workspace, Path output) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(JVM_FLAGS);
        String classPath = hostClassPath().orElseThrow();
        classArchive.filter(archive -> classPath.endsWith(".jar") && folderFor(archive)).ifPresent(archive -> command.addAll(
                List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + archive)));
        command.addAll(List.of("-cp", classPath, JShellHost.class.getName(), output.toString()));
        return new ProcessBuilder(command).directory(workspace.toFile());
    }

    /** {@code JShell.stop()} in the host: the snippet ends, the session's state stays. */
    @Override
    protected void interrupt(ReplProcess process) {
        try {
            process.send(Map.of("op", "stop"));
        } catch (IOException e) {
            // the host is gone already; its end is reported
        }
    }

    /** {@code $XDG_CACHE_HOME/rosetta} (else {@code ~/.cache/rosetta}), one archive per Java version. */
    static Optional<Path> defaultClassArchive() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return Optional.of(base.resolve("rosetta").resolve("jshell-host-" + Runtime.version() + ".jsa"));
    }

    private static boolean folderFor(Path archive) {
        try {
            Files.createDirectories(archive.toAbsolutePath().getParent());
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // no archive, just a slower start
        }
    }

    /** Where the host class was loaded from: target/classes in a build, Rosetta's jar when installed. */
    static Optional<String> hostClassPath() {
        CodeSource source = JShellHost.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The launcher of the Java running Rosetta: java.home's, else whatever started this process. */
    static Path currentJava() {
        Path home = Path.of(System.getProperty("java.home"), "bin", "java");
        if (Files.isExecutable(home)) {
            return home;
        }
        return ProcessHandle.current().info().command().map(Path::of).orElse(home);
    }

    /**
     * What the host's reply means: compile errors and uses of undeclared names are the code's
     * fault ({@code InvalidArgs}); an exception is what {@code java} would exit with ({@code ExitCode:1}).
     */
    @Override
    protected ToolResult result(TurnReport report) {
        return switch (report.turn().reply()) {
            case Reply.Ended ended -> report.ended(ended);
            case Reply.Frame reply -> {
                String text = TurnReport.join(report.output(), reply.get("error"));
                yield switch (reply.get("outcome")) {
                    case "ok" -> report.ok(text);
                    case "stopped" -> report.stopped(text);
                    case "invalid", "unresolved" -> report.error(ErrorCode.INVALID_ARGS, text);
                    default -> report.error(ErrorCode.exitCode(1), text);
                };
            }
        };
    }
}
