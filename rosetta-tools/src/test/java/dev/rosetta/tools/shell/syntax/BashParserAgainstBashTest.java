package dev.rosetta.tools.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * The parser against bash itself: random lines run in a real bash (as the shell tool runs
 * them, through {@code eval}) with programs that log every run, and every run bash made must be
 * one of the simple commands the parser read, with the same words. What the parser misses is what
 * a permission rule would never see.
 */
class BashParserAgainstBashTest {

    private static final int PROGRAMS = 10;
    /** How many random lines; more with -Drosetta.bash.lines=N when changing the parser. */
    private static final int LINES = Integer.getInteger("rosetta.bash.lines", 400);
    private static final String FIELD = "\u001f";
    private static final String RECORD = "\u001e";
    private static final Pattern BASH_SYNTAX_ERROR = Pattern.compile(
            "(syntax error|unexpected|bad substitution|operator expected)(?![^\n]*error token is)");

    @TempDir
    static Path dir;

    @BeforeAll
    static void programs() throws IOException {
        MachineRequirement.require(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")),
                "bash is not installed");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (int i = 0; i < PROGRAMS; i++) {
            Path p = bin.resolve("p" + i);
            // One write per run, so that runs at once (a pipeline, a process substitution) never interleave.
            Files.writeString(p, "#!/bin/sh\nr=$(printf '%s\\037' \"${0##*/}\" \"$@\")\nprintf '%s\\036' \"$r\" >> \"$LOG\"\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void everyCommandBashRunsIsOneTheParserRead() throws Exception {
        int checked = 0;
        int overStrict = 0;
        for (long seed = 1; seed <= LINES; seed++) {
            String line = new RandomLines(seed).line();
            ParsedLine parsed = BashParser.parse(line);
            Run run = run(line, seed);
            if (!parsed.hazards().isEmpty()) {
                continue; // bash may run otherwise than it reads: such a line is never allowed
            }
            if (!parsed.readable()) {
                // Stricter than bash is safe (such a line is never allowed), but should be rare.
                overStrict += BASH_SYNTAX_ERROR.matcher(run.stderr).find() ? 0 : 1;
                continue;
            }
            List<Command.Simple> read = SimpleCommands.in(parsed.script());
            for (List<String> argv : run.argv) {
                assertThat(readAmong(read, argv)).as("seed %d: bash ran %s, which the parser did not read in\n%s",
                        seed, argv, line).isTrue();
                checked++;
            }
        }
        assertThat(checked).as("runs compared").isGreaterThan(LINES * 2);
        assertThat(overStrict).as("lines bash reads and the parser does not").isLessThan(LINES / 20);
    }

    @Test
    void knownHardLinesAgreeWithBash() throws Exception {
        List<String> lines = List.of(
                "p1 # it's fine\np2",
                "p1 # a \"quote\np2",
                "p1 # ends in \\\np2",
                "p1 <<EOF\nx\\\nEOF\np9 never\nEOF\np2",
                "p1 <<'EOF'\nx\\\nEOF\np2",
                "p1 <<EOF; p2 $(p3\n)\nbody $(p4)\nEOF\np5",
                "p1 $(case x in x) p2;; esac) $(p3 # )\n)",
                "p1 \"${UNSET:-'}'}\" ; p2",
                "p1 `p2 \\`p3\\``",
                "p1 $( (p2) ) $((1+2))",
                "p1 a<(p2) 2>(p3)",
                "for v in 1; { p1 $v; }",
                "f() (p1); f",
                "p1 <<-X\n\t$(p2)\n\tX\np3");
        for (String line : lines) {
            ParsedLine parsed = BashParser.parse(line);
            Run run = run(line, 0);
            assertThat(parsed.readable()).as("%s: %s", line, parsed.problem()).isTrue();
            List<Command.Simple> read = SimpleCommands.in(parsed.script());
            for (List<String> argv : run.argv) {
                assertThat(readAmong(read, argv)).as("bash ran %s, which the parser did not read in\n%s", argv, line)
                        .isTrue();
            }
            assertThat(run.argv.stream().map(List::getFirst)).as(line).doesNotContain("p9");
        }
    }

    /**
     * Whether the command's words, known parts exact and unknown parts anything, can be these (a
     * word made only of unknown parts may expand to no word at all, or to several).
     */
    static boolean matches(Command.Simple c, List<String> argv) {
        StringBuilder regex = new StringBuilder();
        for (Word w : c.words()) {
            StringBuilder word = new StringBuilder();
            for (Word.Piece p : w.pieces()) {
                word.append(switch (p) {
                    case Word.Piece.Text t -> Pattern.quote(t.text());
                    case Word.Piece.Unknown u -> "[\\s\\S]*";
                });
            }
            boolean mayVanish = !w.pieces().isEmpty() && w.pieces().stream().allMatch(Word.Piece.Unknown.class::isInstance);
            regex.append(mayVanish ? "(?:" + FIELD + word + ")?" : FIELD + word);
        }
        return Pattern.compile(regex.toString()).matcher(FIELD + String.join(FIELD, argv)).matches();
    }

    private static boolean readAmong(List<Command.Simple> read, List<String> argv) {
        return read.stream().anyMatch(c -> matches(c, argv));
    }

    private record Run(List<List<String>> argv, String stderr) {}

    private static Run run(String line, long seed) throws Exception {
        Path log = dir.resolve("log-" + seed + "-" + System.nanoTime());
        Path script = dir.resolve("script-" + seed);
        Files.writeString(script, "builtin eval " + quote(line) + " </dev/null\nwait\n");
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).directory(dir.toFile());
        pb.environment().put("PATH", dir.resolve("bin").toString());
        pb.environment().put("LOG", log.toString());
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = pb.start();
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        List<List<String>> argv = new ArrayList<>();
        if (Files.exists(log)) {
            for (String record : Files.readString(log).split(RECORD)) {
                if (!record.isEmpty()) {
                    argv.add(List.of(record.substring(0, record.length() - 1).split(FIELD, -1)));
                }
            }
        }
        return new Run(argv, stderr);
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
