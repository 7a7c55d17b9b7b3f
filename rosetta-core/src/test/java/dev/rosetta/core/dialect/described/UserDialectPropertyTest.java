package dev.rosetta.core.dialect.described;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.ReadCounts;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.FunctionDeclarations;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolUse;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * Seeded random dialects a user could write — random markers in random styles, every shape a
 * description reads — hold to what the built-in ones hold: a call written in the dialect is read
 * back as that call, the same in every streamed chunking as whole, in {@code auto} and as drift in
 * another format; and runaway repeats of its markers are read in linear work (characters looked
 * at, counted, never timed).
 */
class UserDialectPropertyTest {

    private static final ToolCatalog TOOLS = ToolCatalog.of(FunctionDeclarations.read(Json.read("""
            [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
              "properties": {"city": {"type": "string"}, "unit": {"type": "string"}}, "required": ["city"]}}},
             {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object",
              "properties": {"query": {"type": "string"}}, "required": ["query"]}}}]""")));

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 60).mapToObj(Arguments::of);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aCallInARandomUserDialectIsReadTheSameStreamedAndWhole(int seed) {
        Random random = new Random(seed);
        Entry entry = Entry.random(random);
        DescribedDialect dialect = entry.read();
        ToolUse use = call(random);
        String message = "Let me look.\n" + dialect.write(use, TOOLS.resolve(use.tool()).orElseThrow()) + "\nDone.";
        for (boolean auto : new boolean[] {true, false}) {
            List<Segment> segments = Splitting.split(message, () -> auto
                    ? ToolFormat.allReaders(TOOLS, List.of(dialect))
                    : ToolFormat.MARKDOWN.readers(TOOLS, List.of(dialect)), List.of(entry.open(), entry.close()));
            List<Segment.Call> calls = segments.stream().filter(Segment.Call.class::isInstance).map(Segment.Call.class::cast)
                    .toList();
            assertThat(calls).as("%s in %s, read %s", message, entry.toml(), auto ? "in auto" : "as drift").hasSize(1);
            assertThat(calls.get(0).dialect().name()).isEqualTo(dialect.name());
            assertThat(calls.get(0).use().tool()).isEqualTo(use.tool());
            assertThat(calls.get(0).use().kwargs()).isEqualTo(use.kwargs());
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void runawayRepeatsOfARandomUserDialectsMarkersAreReadInLinearWork(int seed) {
        Random random = new Random(seed);
        Entry entry = Entry.random(random);
        DescribedDialect dialect = entry.read();
        for (String atom : List.of(entry.open(), entry.open() + "{", entry.close(), entry.open() + "\n")) {
            for (int chunk : new int[] {Integer.MAX_VALUE, 7, 1}) {
                double small = readsPerChar(atom.repeat(4_000 / atom.length() + 1), chunk, dialect);
                double large = readsPerChar(atom.repeat(16_000 / atom.length() + 1), chunk, dialect);
                assertThat(large).as("reads per char of %s repeated, %s", atom, entry.toml()).isLessThan(160);
                assertThat(large).as("growth of reads per char of %s repeated, %s", atom, entry.toml())
                        .isLessThan(small * 1.3 + 1);
            }
        }
    }

    private static double readsPerChar(String text, int chunk, DescribedDialect dialect) {
        return ReadCounts.perChar(text, chunk, ToolFormat.allReaders(TOOLS, List.of(dialect)));
    }

    private static ToolUse call(Random random) {
        Map<String, Object> kwargs = new LinkedHashMap<>();
        if (random.nextBoolean()) {
            kwargs.put("city", words(random));
            if (random.nextBoolean()) {
                kwargs.put("unit", words(random));
            }
            return new ToolUse("get_weather", List.of(), null, kwargs, null);
        }
        kwargs.put("query", words(random));
        return new ToolUse("lookup", List.of(), null, kwargs, null);
    }

    private static String words(Random random) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(3); i >= 0; i--) {
            out.append(out.isEmpty() ? "" : " ").append(word(random));
        }
        return out.toString();
    }

    static String word(Random random) {
        StringBuilder w = new StringBuilder();
        for (int i = 3 + random.nextInt(6); i > 0; i--) {
            w.append((char) ('a' + random.nextInt(26)));
        }
        return w.toString();
    }

    /** One random {@code [[dialects]]} entry, as TOML a user would write, with its opener and closer. */
    record Entry(String toml, String open, String close) {

        static Entry random(Random random) {
            String w = word(random);
            String[] markers = switch (random.nextInt(3)) {
                case 0 -> new String[] {"<|" + w + "_begin|>", "<|" + w + "_end|>"};
                case 1 -> new String[] {"<" + w + "_call>", "</" + w + "_call>"};
                default -> new String[] {"[" + w.toUpperCase() + "]", "[/" + w.toUpperCase() + "]"};
            };
            int shape = random.nextInt(5);
            if ((shape == 1 || shape == 2) && markers[0].charAt(0) != '<') {
                markers = new String[] {"<" + w + ">", "</" + w + ">"}; // these shapes' markers are tags
            }
            String head = "[[dialects]]\nname = \"my-" + w + "\"\nopen = " + Json.write(markers[0]) + "\nclose = "
                    + Json.write(markers[1]) + "\n";
            String body = switch (shape) {
                case 0 -> "shape = \"json\"\n";
                case 1 -> "shape = \"tags\"\nfunctions = [\"<" + word(random) + "=\"]\nparameters = [\"<"
                        + word(random) + " name=\"]\n";
                case 2 -> {
                    String k = word(random);
                    String v = word(random);
                    yield "shape = \"key-value\"\nkey = [\"<" + k + ">\", \"</" + k + ">\"]\nvalue = [\"<" + v + ">\", \"</"
                            + v + ">\"]\n";
                }
                case 3 -> "shape = \"python\"\n";
                default -> "shape = \"object\"\nname-prefix = \"" + word(random) + ":\"\nquote = \"<|" + word(random)
                        + "|>\"\n";
            };
            return new Entry(head + body, markers[0], markers[1]);
        }

        DescribedDialect read() {
            return UserDialects.read(new TomlMapper().readTree(toml).get("dialects"), List.of("dialects")).get(0);
        }
    }
}
