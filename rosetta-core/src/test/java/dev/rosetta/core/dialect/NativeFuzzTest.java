package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;

/**
 * Messages glued together at random from the pieces the native dialects are made of — their
 * tokens whole and cut, JSON and Python fragments, prose, line breaks, emoji — read in batch and
 * in every chunking: never an exception, streaming equals batch, every character accounted for,
 * and no segment the format's dialect did not make claims to be a call it cannot be.
 */
class NativeFuzzTest {

    private static final List<ToolFormat> NATIVE = List.of(ToolFormat.MISTRAL, ToolFormat.LLAMA3, ToolFormat.PYTHONIC,
            ToolFormat.DEEPSEEK, ToolFormat.KIMI, ToolFormat.HARMONY);

    private static final String[] PIECES = {
        "[TOOL_CALLS]", "[TOOL_CALLS] [", "[ARGS]", "[CALL_ID]ab12", "get_weather", "shell", "search", "unknown_tool",
        "{\"city\": \"Paris\"}", "{\"command\": \"ls\"}", "{\"name\": \"search\", \"parameters\": {\"query\": \"q\"}}",
        "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"A\"}}", "{", "}", "[", "]", ",", ";", "\"", "'", "\\",
        "<|python_tag|>", "<|python_start|>", "<|python_end|>", "[get_weather(city='x'), get_time()]", "search(query='a\\'b')",
        "(", ")", "='", "=1", "True", "None",
        "<\uFF5Ctool\u2581calls\u2581begin\uFF5C>", "<\uFF5Ctool\u2581call\u2581begin\uFF5C>", "<\uFF5Ctool\u2581sep\uFF5C>",
        "<\uFF5Ctool\u2581call\u2581end\uFF5C>", "<\uFF5Ctool\u2581calls\u2581end\uFF5C>", "function", "\n```json\n", "\n```",
        "<\uFF5CDSML\uFF5Cfunction_calls>", "<\uFF5CDSML\uFF5Cinvoke name=\"get_weather\">",
        "<\uFF5CDSML\uFF5Cparameter name=\"city\" string=\"true\">", "</\uFF5CDSML\uFF5Cparameter>",
        "</\uFF5CDSML\uFF5Cinvoke>", "</\uFF5CDSML\uFF5Cfunction_calls>", "<\uFF5CDS",
        "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "functions.get_weather:0", "<|tool_call_argument_begin|>",
        "<|tool_call_end|>", "<|tool_calls_section_end|>", "<|tool_call_section_begin|>", "<|tool_ca",
        "<|start|>assistant", "<|channel|>", "analysis", "final", "commentary", " to=functions.get_weather", " to=python",
        " <|constrain|>json", "<|message|>", "<|end|>", "<|call|>", "<|return|>", "<|",
        "<think>", "</think>", "```shell\nls\n```", "@shell: {\"command\": \"pwd\"}",
        "Some prose. ", "more words", " ", "\n", "\n\n", "\t", "🎉", "é", "東京",
    };

    static Stream<Arguments> seeds() {
        return NATIVE.stream().flatMap(f -> IntStream.range(0, 40).mapToObj(seed -> Arguments.of(f, seed)));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void randomGlueOfDialectPiecesReadsTheSameStreamedAndWhole(ToolFormat format, int seed) {
        Random random = new Random(seed * 31L + format.ordinal());
        StringBuilder message = new StringBuilder();
        int pieces = 1 + random.nextInt(30);
        for (int i = 0; i < pieces; i++) {
            message.append(PIECES[random.nextInt(PIECES.length)]);
        }
        List<Segment> segments = Splitting.split(message.toString(), format, NativeTools.catalog());
        List<String> dialects = new ArrayList<>();
        for (Segment s : segments) {
            if (s instanceof Segment.Call c) {
                dialects.add(c.dialect().name());
                assertThat(NativeTools.catalog().resolve(c.use().tool())).as("a call names a loaded tool").isPresent();
            }
        }
        assertThat(dialects).allMatch(d -> d.equals(format.id()) || d.equals("tool") || d.equals("markdown"));
    }
}
