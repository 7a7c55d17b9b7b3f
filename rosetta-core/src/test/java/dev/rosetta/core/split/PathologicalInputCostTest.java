package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Runaway replies never make reading quadratic: runs of backticks, tildes, {@code <}, {@code *},
 * brackets, quotes, and every dialect's markers repeated, glued to prose, one per line, or
 * opening a construct that never closes — read whole, in 7-character deltas and one character
 * at a time, in every format. The work is counted in characters looked at (never timed): per
 * character of the message it must stay bounded, and it must not grow when the message grows
 * fourfold. A reader that goes back over what it read fails by a factor of thousands here (a
 * megabyte of backticks streamed took 9 s before; 8 MB never finished).
 */
class PathologicalInputCostTest {

    /** Every reader asked about every {@code <|} of a run of tokens: the most any input costs today is about 90. */
    private static final double MOST_READS_PER_CHAR = 160;
    /** Linear work stays flat when the message grows fourfold; quadratic work grows fourfold. */
    private static final double MOST_GROWTH = 1.3;

    private static final int SMALL = 4_000;
    private static final int LARGE = 16_000;

    /** The pieces runaway replies repeat: punctuation, and every construct's opening, closing and look-alikes. */
    static final List<String> ATOMS = List.of("`", "``", "```", "~", "~~~", "<", "*", "**", "{", "[", "(", "\"", "'",
            "\\", "@", "&", "'''", "\"\"\"", "</", "<!--", "<![CDATA[",
            "@shell: {", "@shell:", "```save a", "```shell", "```python", "```thinking", "\n```",
            "```\n``````save a\nx\n", "```\n``````patch a\n```\n", "```save a\nb\n```\nc\n",
            "<think>", "</think>", "<thinking>", "[THINK]", "<tool-use>", "<function_calls>", "<save>", "<save path='a'>",
            "<a", "<|", "<|x|>", "<tool_call>", "<tool_call>{", "</tool_call>", "<tool>", "<response>", "{\"name\":",
            "<function=", "<function=shell>", "<parameter=a>", "<invoke name=\"shell\">", "<arg_key>", "<minimax:tool_call>",
            "[TOOL_CALLS]", "[TOOL_CALLS][", "<|python_tag|>", "<|python_start|>", "<|tool_call_start|>", "[shell(",
            "{\"name\": \"shell\", \"parameters\": {", "<|channel|>", "<|start|>", "to=functions.x", "<|im_end|>",
            "<\uFF5Ctool\u2581calls\u2581begin\uFF5C>", "<\uFF5Ctool\u2581call\u2581begin\uFF5C>",
            "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<\uFF5CDSML\uFF5Cfunction_calls>",
            "Thought:", "Thought: x\nAction: shell\nAction Input:", "<tool>shell</tool><tool_input>", "<shell>\n<");

    /** How a runaway reply repeats an atom. */
    enum Shape {
        REPEATED((a, n) -> a.repeat(n / a.length() + 1)),
        AFTER_PROSE((a, n) -> "x " + a.repeat(n / a.length() + 1)),
        GLUED_TO_WORDS((a, n) -> ("x" + a).repeat(n / (a.length() + 1) + 1)),
        ONE_PER_LINE((a, n) -> (a + "\n").repeat(n / (a.length() + 1) + 1)),
        OPENING_A_LONG_LINE((a, n) -> a + "y".repeat(n)),
        OPENING_LONG_WORDS((a, n) -> "x " + a + " y".repeat(n / 2) + "\nz"),
        OPENING_MANY_LINES((a, n) -> a + "\nyy".repeat(n / 3));

        private final java.util.function.BiFunction<String, Integer, String> make;

        Shape(java.util.function.BiFunction<String, Integer, String> make) {
            this.make = make;
        }

        String of(String atom, int length) {
            return make.apply(atom, length);
        }
    }

    static Stream<Arguments> cases() {
        return ATOMS.stream().flatMap(a -> Stream.of(Shape.values()).map(s -> Arguments.of(a.replace("\n", "\\n"), s)));
    }

    @ParameterizedTest(name = "{1} of {0}")
    @MethodSource("cases")
    void runawayRepliesAreReadInLinearWork(String atom, Shape shape) {
        String a = atom.replace("\\n", "\n");
        assertLinear(n -> shape.of(a, n), shape + " of " + atom);
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 24).mapToObj(Arguments::of);
    }

    /** Random runs of random atoms, the same pattern read at two lengths: the cost per character stays flat. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomRunsOfAtomsAreReadInLinearWork(int seed) {
        Random random = new Random(seed);
        StringBuilder pattern = new StringBuilder();
        while (pattern.length() < 600) {
            String atom = ATOMS.get(random.nextInt(ATOMS.size()));
            int run = 1 + random.nextInt(40);
            pattern.append(atom.repeat(run));
            switch (random.nextInt(4)) {
                case 0 -> pattern.append('\n');
                case 1 -> pattern.append(" word ");
                default -> { }
            }
        }
        String p = pattern.toString();
        assertLinear(n -> p.repeat(n / p.length() + 1), "seed " + seed + ": " + preview(p));
    }

    private static void assertLinear(IntFunction<String> message, String what) {
        ToolCatalog tools = BuiltinTools.catalog();
        for (Readers readers : Readers.values()) {
            for (int chunk : new int[] {Integer.MAX_VALUE, 7, 1}) {
                double small = readsPerChar(message.apply(SMALL), chunk, readers.of(tools));
                double large = readsPerChar(message.apply(LARGE), chunk, readers.of(tools));
                String where = what + ", " + readers + ", " + (chunk == Integer.MAX_VALUE ? "whole" : chunk + "-char deltas");
                assertThat(large).as("characters looked at per character, %s", where).isLessThan(MOST_READS_PER_CHAR);
                assertThat(large).as("growth of the cost per character from %d to %d characters, %s", SMALL, LARGE, where)
                        .isLessThan(small * MOST_GROWTH + 1);
            }
        }
    }

    /** The reader sets worth telling apart: auto runs every dialect; xml reports fences; markdown reads them first. */
    enum Readers {
        AUTO, MARKDOWN, XML;

        List<Reader> of(ToolCatalog tools) {
            return switch (this) {
                case AUTO -> ToolFormat.allReaders(tools);
                case MARKDOWN -> ToolFormat.MARKDOWN.readers(tools);
                case XML -> ToolFormat.XML.readers(tools);
            };
        }
    }

    static double readsPerChar(String text, int chunk, List<Reader> readers) {
        return ReadCounts.perChar(text, chunk, readers);
    }

    private static String preview(String s) {
        return (s.length() > 60 ? s.substring(0, 60) + "…" : s).replace("\n", "\\n");
    }
}
