package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.cli.render.TerminalOutput;

/** The fast path prints exactly what picocli's path prints, and leaves everything else to picocli. */
class FastPathTest {

    @TempDir
    Path dir;

    private static final String MESSAGE = "Hi\n```save a b.txt\nx\n```\n@shell(c1): {\"command\": \"ls\"}\n<tool-use>\n<read args=\"f\"/>\n</tool-use>\n";

    private record Out(Integer code, String out, String err) {}

    private static Out fast(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Integer code = FastPath.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                TerminalOutput.of(out, err));
        return new Out(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--format tool", "--format=xml --pretty", "--tools save,read --chunk 3",
            "--tools=save --tools read --chunk=1 -v", "--tools -read,-save", "--tools=+save,-shell", "--format XML -",
            "--offsets bytes", "--offsets=code-points --chunk 2", "--format auto", "--format=LLAMA3 --chunk 2",
            "--format harmony --tools shell --offsets bytes"})
    void fastPathPrintsWhatPicocliPrints(String options) throws Exception {
        Path file = Files.writeString(dir.resolve("m.md"), MESSAGE);
        List<String> args = new ArrayList<>(List.of("parse"));
        if (!options.isEmpty()) {
            args.addAll(List.of(options.split(" ")));
        }
        if (!options.endsWith("-")) {
            args.add(file.toString());
        }
        String[] argv = args.toArray(String[]::new);
        Out fast = fast(MESSAGE, argv);
        Cli.Run slow = Cli.run(MESSAGE.getBytes(StandardCharsets.UTF_8), argv);
        assertThat(fast.code()).isEqualTo(slow.exitCode()).isZero();
        assertThat(fast.out()).isEqualTo(slow.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--tool-schemas=SCHEMAS", "--tool-schemas SCHEMAS --tools shell --format auto"})
    void fastPathReadsToolSchemasAsPicocliDoes(String options) throws Exception {
        Path schemas = Files.writeString(dir.resolve("tools.json"), "[{\"name\": \"read\", \"parameters\": {\"properties\":"
                + " {\"path\": {\"type\": \"string\"}}}}]");
        Path file = Files.writeString(dir.resolve("m.md"), MESSAGE);
        List<String> args = new ArrayList<>(List.of("parse"));
        args.addAll(List.of(options.replace("SCHEMAS", schemas.toString()).split(" ")));
        args.add(file.toString());
        String[] argv = args.toArray(String[]::new);
        Out fast = fast(MESSAGE, argv);
        Cli.Run slow = Cli.run(MESSAGE.getBytes(StandardCharsets.UTF_8), argv);
        assertThat(fast.code()).isEqualTo(slow.exitCode()).isZero();
        assertThat(fast.out()).isEqualTo(slow.out()).contains("\"tool\":\"read\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void versionIsTheSameAsPicoclis(String option) {
        assertThat(fast("", option).out()).isEqualTo(Cli.run(option).out()).startsWith("rosetta ");
    }

    @Test
    void anUnknownToolGetsTheSameOneLineError() {
        Out fast = fast("", "parse", "--tools", "-deploy", "x.md");
        Cli.Run slow = Cli.run("parse", "--tools", "-deploy", "x.md");
        assertThat(fast.code()).isEqualTo(2).isEqualTo(slow.exitCode());
        assertThat(fast.err()).isEqualTo(slow.err()).contains("unknown tool 'deploy'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parse --help", "parse -h", "parse --bogus", "parse --chunk", "parse --chunk x",
            "parse a.md b.md", "parse --pretty=yes", "-v parse a.md", "help", "models", "--version --help",
            "parse --format json! x.md", "parse --chunk 0", "parse --chunk -1", "parse --format=ya/ml", "-V -h",
            "parse --offsets words x.md", "parse --offsets"})
    void anythingElseIsLeftToPicocli(String args) {
        assertThat(fast("", args.split(" ")).code()).isNull();
    }
}
