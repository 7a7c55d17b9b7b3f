package dev.rosetta.core.dialect;

import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** Writing a call in a dialect and reading it back gives the same call, for every tool and dialect. */
class RoundTripTest {

    static Stream<Arguments> everyExampleInEveryFormat() {
        List<Arguments> out = new ArrayList<>();
        for (ToolFormat format : ToolFormat.values()) {
            for (ToolSpec spec : BuiltinTools.ALL) {
                for (Example e : spec.examples()) {
                    out.add(Arguments.of(format, spec.name(), e.use()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyExampleInEveryFormat")
    void writtenExampleReadsBackAsTheSameCall(ToolFormat format, String tool, ToolUse use) {
        ToolSpec spec = BuiltinTools.catalog().resolve(tool).orElseThrow();
        Call read = readBack(format, use, spec);
        assertThat(spec.bind(read.use())).isEqualTo(spec.bind(use));
        if (spellsNamedArguments(format)) {
            assertThat(read.use().kwargs()).isEqualTo(spec.bind(use).values());
        } else {
            assertThat(read.use()).isEqualTo(use);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyExampleInEveryFormat")
    void nativeShapedCallReadsBackWithTheSameArguments(ToolFormat format, String tool, ToolUse use) {
        ToolSpec spec = BuiltinTools.catalog().resolve(tool).orElseThrow();
        ToolUse nativeUse = ToolUse.named(tool, spec.bind(use).values(), "call_42");
        Call read = readBack(format, nativeUse, spec);
        assertThat(spec.bind(read.use())).isEqualTo(spec.bind(nativeUse));
        if (format == ToolFormat.TOOL) {
            assertThat(read.use()).isEqualTo(nativeUse);
        } else if (spellsNamedArguments(format)) {
            assertThat(read.use().kwargs()).isEqualTo(nativeUse.kwargs());
        }
    }

    /** The native dialects spell every argument by name; markdown and xml keep positional arguments and a body. */
    private static boolean spellsNamedArguments(ToolFormat format) {
        return format != ToolFormat.MARKDOWN && format != ToolFormat.XML;
    }

    static Stream<Arguments> seeds() {
        return Stream.of(ToolFormat.values())
                .flatMap(f -> IntStream.range(0, 150).mapToObj(seed -> Arguments.of(f, seed)));
    }

    /** Bodies full of the characters each dialect treats specially still round-trip exactly. */
    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void randomFileContentRoundTrips(ToolFormat format, int seed) {
        Random random = new Random(seed);
        String path = randomText(random, "abc /._-'\"ü", 1 + random.nextInt(12)).strip();
        if (path.isEmpty()) {
            path = "x";
        }
        String body = randomText(random, "ab \n\t`{}[]\"'\\<>/!&;:#*=-@\r🎉", random.nextInt(300));
        ToolUse use = ToolUse.positional("save", List.of(path), body);
        Call read = readBack(format, use, BuiltinTools.SAVE);
        assertThat(BuiltinTools.SAVE.bind(read.use())).isEqualTo(BuiltinTools.SAVE.bind(use));
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void bodyFullOfFencesTagsAndBracesRoundTrips(ToolFormat format) {
        String body = "```python\nx\n```\n```\n````\n</save>\n<tool-use>\n]]>\n<![CDATA[\n@save: {\"a\": 1}\n}\n</think>";
        ToolUse use = ToolUse.positional("save", List.of("tricky.md"), body);
        assertThat(readBack(format, use, BuiltinTools.SAVE).use().kwargs().getOrDefault("content", read(format, use)))
                .isEqualTo(body);
    }

    private static String read(ToolFormat format, ToolUse use) {
        return readBack(format, use, BuiltinTools.SAVE).use().content();
    }

    private static Call readBack(ToolFormat format, ToolUse use, ToolSpec spec) {
        String text = format.dialect().write(use, spec);
        return onlyCall(Splitting.split("Here:\n" + text + "\nDone.", format));
    }

    private static String randomText(Random random, String alphabet, int length) {
        int[] cps = alphabet.codePoints().toArray();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.appendCodePoint(cps[random.nextInt(cps.length)]);
        }
        return out.toString();
    }
}
