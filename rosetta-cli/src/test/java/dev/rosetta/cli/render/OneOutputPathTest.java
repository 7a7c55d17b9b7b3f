package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Issue 10 #1: nothing in the CLI or the agent writes to the terminal past {@link TerminalOutput}.
 * The standard streams are reached only there; a new PrintStream or PrintWriter made elsewhere
 * could be pointed at them, and a stack trace printed without a target goes to the raw stderr.
 */
class OneOutputPathTest {

    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../rosetta-agent/src/main/java"));

    /** What writes to the terminal without the guard, and the one file allowed to do it. */
    private static final Pattern BYPASS = Pattern.compile("System\\.(out|err)\\b|System\\.set(Out|Err)\\("
            + "|FileDescriptor\\.(out|err)|(OutputStream|Writer|Path\\.of|File)\\(\\s*\"/dev/tty"
            + "|new\\s+Print(Stream|Writer)\\(|\\.printStackTrace\\(\\)"
            + "|(?<!onTerminal\\()\\bterminal\\.writer\\(\\)");

    private static final String ALLOWED = "TerminalOutput.java";

    @Test
    void onlyTerminalOutputReachesStdoutAndStderr() throws IOException {
        List<String> bypasses = new ArrayList<>();
        for (Path root : SOURCES) {
            assertThat(root).isDirectory();
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (!file.getFileName().toString().equals(ALLOWED)) {
                        bypasses.addAll(bypasses(file));
                    }
                }
            }
        }
        assertThat(bypasses).as("write through TerminalOutput (its channels, error, warning) instead").isEmpty();
    }

    private static List<String> bypasses(Path file) throws IOException {
        List<String> found = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String code = lines.get(i).replaceAll("^\\s*(\\*|//).*", ""); // comments may name them
            Matcher m = BYPASS.matcher(code);
            if (m.find()) {
                found.add(file + ":" + (i + 1) + ": " + m.group());
            }
        }
        return found;
    }
}
