package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.cli.chat.ChatArguments;
import dev.rosetta.cli.option.OutputFormat;
import dev.rosetta.cli.option.UiMode;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Thinking;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The hand reader of chat command lines agrees with picocli on every line it accepts, and leaves
 * everything else to picocli. The options come from picocli's own model of the command line, so
 * an option added there is tried here at once: if the hand reader does not know it, these tests
 * fail. Command lines are drawn at random (seeded) from those options.
 */
class ChatArgumentsTest {

    private static final CommandSpec SPEC = Main.commandLine().getCommandSpec();
    private static final List<String> WORDS = List.of("fix", "the tests", "hello world", "-", "what's", "ünïcode ✓",
            "a=b", "x");

    /** One chat option: every name it may be given by, and values to try (none for a flag). */
    private record ChatOption(List<String> names, List<String> values, boolean repeatable) {}

    /** Every option of the chat in picocli's model, except help and version, which picocli prints. */
    private static List<ChatOption> chatOptions() {
        List<ChatOption> out = new ArrayList<>();
        for (OptionSpec option : SPEC.options()) {
            if (option.usageHelp() || option.versionHelp()) {
                continue;
            }
            List<String> names = new ArrayList<>(Arrays.asList(option.names()));
            if (option.negatable()) {
                for (String name : option.names()) {
                    names.add(SPEC.negatableOptionTransformer().makeNegative(name, SPEC));
                }
            }
            List<String> values = option.arity().max() == 0 ? List.of() : samples(option);
            out.add(new ChatOption(names, values, option.isMultiValue()));
        }
        return out;
    }

    /** Well-formed values by the option's type; a type without samples is a test to extend. */
    private static List<String> samples(OptionSpec option) {
        Class<?> type = option.type();
        if (option.longestName().equals("--mcp")) {
            return List.of("web=http://127.0.0.1:9/mcp", "fs=npx -y '@scope/server' .");
        }
        if (type == ToolFormat.class || option.longestName().equals("--tool-format")) {
            return List.of("markdown", "xml", "tool", "XML", "hermes", "native", "Native");
        }
        if (type == Thinking.class) {
            return List.of("off", "high", "LOW", "4096", "0");
        }
        if (type == OutputFormat.class) {
            return List.of("text", "json", "JSON");
        }
        if (type == UiMode.class) {
            return List.of("inline", "line", "LINE");
        }
        if (type == dev.rosetta.tools.sandbox.SandboxMode.class) {
            return List.of("auto", "on", "OFF");
        }
        if (type == Integer.class || type == int.class) {
            return List.of("1", "5", "050");
        }
        if (List.class.isAssignableFrom(type)) {
            return List.of("shell,save", "+jshell", "read", "-read", "-ipython,-jshell", "shell, save", "+save,,-read");
        }
        if (type == String.class) {
            return List.of("openai/gpt-4.1", "sonnet", "my chat", "/tmp", ".", "dir with space", "a=b");
        }
        throw new AssertionError("no sample values for " + option.longestName() + " of type " + type.getSimpleName()
                + ": add some to ChatArgumentsTest.samples");
    }

    private static void assertReadAsPicocliReadsIt(List<String> args) {
        ChatArguments.Read fast = ChatArguments.read(args);

        assertThat(fast).as("a well-formed line is read by hand: %s", args).isNotNull();
        Main main = new Main();
        Main.commandLine(main).parseArgs(args.toArray(String[]::new));
        assertThat(fast.options()).as("%s", args).usingRecursiveComparison().isEqualTo(main.chatOptions());
        assertThat(fast.verbose()).as("%s", args).isEqualTo(main.verbose());
    }

    @Test
    void mcpMayBeGivenMoreThanOnceAndIsReadAsPicocliReadsIt() {
        List<String> args = List.of("--mcp", "a=http://h/mcp", "-y", "--mcp=b=node s.js", "hi");
        assertReadAsPicocliReadsIt(args);
        assertThat(ChatArguments.read(args).options()).extracting("mcp")
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .containsExactly("a=http://h/mcp", "b=node s.js");
    }

    @Test
    void everyOptionInPicoclisModelIsReadByHandAsPicocliReadsIt() {
        assertThat(chatOptions()).as("the chat has options").hasSizeGreaterThan(10);
        for (ChatOption option : chatOptions()) {
            for (String name : option.names()) {
                if (option.values().isEmpty()) {
                    assertReadAsPicocliReadsIt(List.of(name, "hi"));
                }
                for (String value : option.values()) {
                    assertReadAsPicocliReadsIt(List.of(name, value, "hi"));
                    if (name.startsWith("--")) {
                        assertReadAsPicocliReadsIt(List.of(name + "=" + value));
                    }
                }
            }
        }
    }

    @Test
    void helpVersionAndEveryCommandAreLeftToPicocli() {
        for (OptionSpec option : SPEC.options()) {
            if (option.usageHelp() || option.versionHelp()) {
                for (String name : option.names()) {
                    assertThat(ChatArguments.read(List.of(name))).as(name).isNull();
                }
            }
        }
        assertThat(SPEC.subcommands()).containsKey("help");
        for (String command : SPEC.subcommands().keySet()) {
            assertThat(ChatArguments.read(List.of(command))).as(command).isNull();
            assertThat(ChatArguments.read(List.of("-y", "fix", command, "now"))).as(command).isNull();
            assertThat(ChatArguments.read(List.of("--", command, "is", "a", "prompt"))).as(command).isNotNull();
        }
    }

    static Stream<Long> seeds() {
        return IntStream.range(0, 300).mapToObj(i -> 7919L * i + 1);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aRandomWellFormedLineIsReadAsPicocliReadsIt(long seed) {
        assertReadAsPicocliReadsIt(randomLine(new Random(seed)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h", "-V", "--version", "models", "-m sonnet logs", "fix it parse", "help",
            "help parse", "--version --help", "-yn hi", "-msonnet hi", "--bogus", "-m", "-m -y", "-y -y",
            "--stream --no-stream", "-m a --model b", "@args.txt", "--confine=true", "-t", "-5", "-t @tools.txt"})
    void anythingElseIsLeftToPicocli(String line) {
        assertThat(ChatArguments.read(List.of(line.split(" ")))).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"--output-format yaml", "--output-format=yaml", "--tool-format foo", "--max-steps 0",
            "--max-steps=-1", "--max-steps x", "--max-steps 1e3", "--max-steps 9999999999"})
    void aRefusedValueIsLeftToPicocliWhichSaysWhatIsAccepted(String line) {
        List<String> args = new ArrayList<>(List.of(line.split(" ")));
        args.add("hi");
        assertThat(ChatArguments.read(args)).isNull();
        Cli.Run run = Cli.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().lines().toList()).hasSize(2);
        assertThat(run.err()).startsWith("rosetta: Invalid value for option '" + args.getFirst().split("=")[0] + "': ")
                .containsAnyOf("use one of text, json", "use one of markdown, xml, tool", "from 1 to 999999999");
    }

    private static List<String> randomLine(Random random) {
        List<String> args = new ArrayList<>();
        List<ChatOption> options = new ArrayList<>(chatOptions());
        Collections.shuffle(options, random);
        int count = random.nextInt(options.size() + 1);
        for (ChatOption option : options.subList(0, count)) {
            int times = option.repeatable() && random.nextInt(3) == 0 ? 2 : 1;
            for (int i = 0; i < times; i++) {
                addOption(args, option, random);
            }
            if (random.nextInt(4) == 0) {
                args.add(pick(WORDS, random)); // prompt words may stand between options
            }
        }
        if (random.nextInt(3) == 0) {
            args.add("--");
            args.add(pick(List.of("-y", "--model", "help", "logs", pick(WORDS, random)), random));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            args.add(pick(WORDS, random));
        }
        return args;
    }

    private static void addOption(List<String> args, ChatOption option, Random random) {
        String name = pick(option.names(), random);
        if (option.values().isEmpty()) {
            args.add(name);
            return;
        }
        String value = pick(option.values(), random);
        if (name.startsWith("--") && random.nextBoolean()) {
            args.add(name + "=" + value);
        } else {
            args.add(name);
            args.add(random.nextInt(8) == 0 ? value.toUpperCase(Locale.ROOT) : value);
        }
    }

    private static String pick(List<String> from, Random random) {
        return from.get(random.nextInt(from.size()));
    }
}
