package dev.rosetta.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.rosetta.core.json.Json;
import picocli.CommandLine;

/**
 * Runs the real {@code rosetta} command in-process with stdin, stdout and stderr replaced, as
 * a shell would run it. The command reads System.in/out/err when it runs, so replacing them
 * around {@code execute} captures everything; tests run one at a time (JUnit's default).
 */
final class Cli {

    /** What one run left behind. */
    record Run(int exitCode, String out, String err) {

        /** stdout as the JSON object {@code rosetta parse} prints. */
        Map<String, Object> json() {
            return Json.readObject(out);
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> segments() {
            return (List<Map<String, Object>>) json().get("segments");
        }
    }

    private Cli() {}

    static Run run(String... args) {
        return run(new byte[0], args);
    }

    static Run runWithStdin(String stdin, String... args) {
        return run(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    static Run run(byte[] stdin, String... args) {
        return run(Main::commandLine, stdin, args);
    }

    /** Runs the command line {@code commandLine} makes, made after the streams are replaced. */
    static Run run(Supplier<CommandLine> commandLine, byte[] stdin, String... args) {
        InputStream oldIn = System.in;
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setIn(new ByteArrayInputStream(stdin));
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exitCode = commandLine.get().execute(args);
            System.out.flush();
            System.err.flush();
            return new Run(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(oldIn);
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
