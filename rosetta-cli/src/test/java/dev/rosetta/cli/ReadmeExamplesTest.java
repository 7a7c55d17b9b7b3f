package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The README's {@code $ printf '…' | ./rosetta parse …} examples print exactly what the README
 * shows: the tour stays true as the reader changes. The input is made by a real bash printf.
 */
class ReadmeExamplesTest {

    private static final Pattern EXAMPLE = Pattern.compile("^\\$ printf '(.*)' \\| \\./rosetta parse(.*)$");

    static Stream<Arguments> examples() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            Matcher m = EXAMPLE.matcher(lines.get(i));
            if (m.matches()) {
                out.add(Arguments.of(m.group(1), m.group(2).strip(), lines.get(i + 1)));
            }
        }
        assertThat(out).as("examples in README.md").hasSizeGreaterThanOrEqualTo(4);
        return out.stream();
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("examples")
    void readmeExamplePrintsWhatTheReadmeShows(String printfFormat, String options, String expected) throws Exception {
        byte[] input = printf(printfFormat);
        List<String> args = new ArrayList<>(List.of("parse"));
        if (!options.isEmpty()) {
            args.addAll(List.of(options.split("\\s+")));
        }
        Cli.Run run = Cli.run(input, args.toArray(String[]::new));
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().stripTrailing()).isEqualTo(expected);
    }

    private static byte[] printf(String format) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", "printf '" + format + "'").redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isZero();
        return out;
    }
}
