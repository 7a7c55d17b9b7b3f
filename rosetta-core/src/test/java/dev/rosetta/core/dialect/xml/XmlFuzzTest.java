package dev.rosetta.core.dialect.xml;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random messages made of xml-mode markup: whatever they hold, streaming them in any chunking
 * gives the batch segments, and the segments cover the message (checked by the split helper).
 */
class XmlFuzzTest {

    private static final String[] PIECES = {
        "\n", "\r\n", " ", "  ", "\t", "text", "é😀", "<", ">", "/", "=", "\"", "'", "]]>", "<![CDATA[", "&amp;",
        "<tool-use>", "</tool-use>", "<function_calls>", "</function_calls>", "<antml:function_calls>", "</antml:function_calls>",
        "<shell>", "</shell>", "<py>", "</py>", "<save args=\"a b\">", "</save>", "<read args='x'/>", "<foo>", "</foo>",
        "<invoke name=\"shell\">", "<invoke name=\"save\">", "</invoke>", "<parameter name=\"path\">", "<parameter name=\"command\">", "</parameter>",
        "<path>", "</path>", "<tool_name>", "</tool_name>", "<parameters>", "</parameters>", "{\"command\": \"ls\"}",
        "<think>", "</think>", "```", "```shell", "```xml", "<b>", "<a href=\"", "        ",
    };

    static Stream<Integer> seeds() {
        return IntStream.range(0, 150).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomMarkupSplitsTheSameInEveryChunking(int seed) {
        Random random = new Random(seed);
        StringBuilder msg = new StringBuilder();
        int pieces = 1 + random.nextInt(60);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(4) == 0) {
                msg.append('\n');
            }
            msg.append(PIECES[random.nextInt(PIECES.length)]);
        }
        XmlCalls.split(msg.toString());
    }
}
