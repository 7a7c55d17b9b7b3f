package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.cli.chat.ChatArguments;
import dev.rosetta.cli.chat.ChatOptions;

/**
 * The hand reader of chat command lines agrees with picocli on every line it accepts, and leaves
 * everything else to picocli. Command lines are drawn at random (seeded) from the chat's options.
 */
class ChatArgumentsTest {

    private static final List<List<String>> FLAGS = List.of(List.of("-y", "--no-confirm"),
            List.of("-n", "--non-interactive"), List.of("-r", "--resume"), List.of("--stream", "--no-stream"),
            List.of("--confine"), List.of("-v", "--verbose"));
    private static final List<Valued> VALUED = List.of(
            new Valued(List.of("-m", "--model"), List.of("openai/gpt-4.1", "sonnet", "anthropic/claude-sonnet-4-6")),
            new Valued(List.of("--tool-format"), List.of("markdown", "xml", "tool")),
            new Valued(List.of("--name"), List.of("demo", "my chat")),
            new Valued(List.of("-w", "--workspace"), List.of("/tmp", ".", "dir with space")),
            new Valued(List.of("-t", "--tools"), List.of("shell,save", "+jshell", "read")),
            new Valued(List.of("--output-format"), List.of("text", "json")),
            new Valued(List.of("--max-steps"), List.of("1", "5", "050")),
            new Valued(List.of("--ui"), List.of("inline", "line")));
    private static final List<String> WORDS = List.of("fix", "the tests", "hello world", "-", "what's", "ünïcode ✓",
            "a=b", "x");

    private record Valued(List<String> names, List<String> values) {}

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> 7919L * i + 1);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aRandomWellFormedLineIsReadAsPicocliReadsIt(long seed) {
        List<String> args = randomLine(new Random(seed));

        ChatArguments.Read fast = ChatArguments.read(args);

        assertThat(fast).as("a well-formed line is read by hand: %s", args).isNotNull();
        Main main = new Main();
        Main.commandLine(main).parseArgs(args.toArray(String[]::new));
        assertThat(fast.options()).as("%s", args).usingRecursiveComparison().isEqualTo(main.chatOptions());
        assertThat(fast.verbose()).as("%s", args).isEqualTo(main.verbose());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h", "models", "-m sonnet logs", "fix it parse", "help", "--version --help",
            "-yn hi", "-msonnet hi", "--bogus", "-m", "-m -y", "--max-steps x", "--max-steps -1", "-y -y",
            "--stream --no-stream", "-m a --model b", "@args.txt", "--confine=true", "-t -ipython", "-5"})
    void anythingElseIsLeftToPicocli(String line) {
        assertThat(ChatArguments.read(List.of(line.split(" ")))).isNull();
    }

    private static List<String> randomLine(Random random) {
        List<String> args = new ArrayList<>();
        List<Object> options = new ArrayList<>(FLAGS);
        options.addAll(VALUED);
        Collections.shuffle(options, random);
        int count = random.nextInt(options.size() + 1);
        List<String> words = new ArrayList<>();
        for (Object option : options.subList(0, count)) {
            if (option instanceof Valued v) {
                String name = pick(v.names(), random);
                String value = pick(v.values(), random);
                if (name.startsWith("--") && random.nextBoolean()) {
                    args.add(name + "=" + value);
                } else {
                    args.add(name);
                    args.add(value);
                }
            } else {
                args.add(pick(castNames(option), random));
            }
            if (random.nextInt(4) == 0) {
                args.add(pick(WORDS, random)); // prompt words may stand between options
            }
        }
        if (random.nextInt(3) == 0) {
            words.add("--");
            words.add(random.nextBoolean() ? "-y" : "--model");
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            words.add(pick(WORDS, random));
        }
        args.addAll(words);
        return args;
    }

    @SuppressWarnings("unchecked")
    private static List<String> castNames(Object option) {
        return (List<String>) option;
    }

    private static String pick(List<String> from, Random random) {
        return from.get(random.nextInt(from.size()));
    }
}
