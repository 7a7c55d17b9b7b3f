package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Splitting;

/**
 * Random messages made of the native dialects' markup, inline code and prose: whatever they hold,
 * streaming them in any chunking gives the batch segments, and the segments cover the message
 * (both checked by {@link Splitting}).
 */
class TagDialectFuzzTest {

    private static final String[] PIECES = {
        "\n", "\r\n", " ", "text.", "é🎉", "<", ">", "/", "=", "\"", "'", "`", "``", "{", "}", "[", "]", ",", ":",
        "<tool_", "<tool_call>", "</tool_call>", "<function_call>", "</function_call>", "<tools>", "</tools>",
        "{\"name\": \"search\", \"arguments\": {\"q\": \"x</tool_call>\"}}", "{\"name\": \"nope\"}", "\"arguments\": ",
        "{\"type\": \"function\", \"function\": {\"name\": \"search\", \"description\": \"d\"}}",
        "<function=search>", "<function=", "<parameter=q>", "<parameter name=\"q\">", "</parameter>", "<parameters>",
        "</function>", "<minimax:tool_call>", "</minimax:tool_call>", "<invoke name=\"search\">", "</invoke>",
        "search", "get_weather", "<arg_key>", "q", "</arg_key>", "<arg_value>", "</arg_value>", "42",
        "<think>", "</think>", "```", "```shell\nls\n```\n", "@search: {\"q\": 1}\n", "        ",
    };

    static Stream<Arguments> seeds() {
        List<Arguments> out = new ArrayList<>();
        for (ToolFormat format : List.of(ToolFormat.HERMES, ToolFormat.QWEN3_CODER, ToolFormat.GLM)) {
            for (int seed = 0; seed < 120; seed++) {
                out.add(Arguments.of(format, seed));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void randomMarkupSplitsTheSameInEveryChunking(ToolFormat format, int seed) {
        Random random = new Random(seed * 31L + format.ordinal());
        StringBuilder msg = new StringBuilder();
        int pieces = 1 + random.nextInt(50);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(5) == 0) {
                msg.append('\n');
            }
            msg.append(PIECES[random.nextInt(PIECES.length)]);
        }
        Splitting.split(msg.toString(), format, OpenModelTools.catalog());
    }
}
