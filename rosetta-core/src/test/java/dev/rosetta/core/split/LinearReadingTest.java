package dev.rosetta.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.BuiltinTools;

/**
 * The round-two rules stay linear, counted in characters looked at (not timed): held file bodies
 * whose bare fences pair again and again, settled closers whose rest is read a second time,
 * pseudo-fences, mid-line reasoning mentions and every reader asked at every {@code <}. Each is
 * read whole and one character at a time; a reader that went back over what it read would look
 * at thousands of characters per character here.
 */
class LinearReadingTest {

    /**
     * Measured at 2 to 9 read whole. A character at a time costs more where a candidate waits for
     * the characters that decide it (every reader asked about {@code <|x} asks again with each
     * delta, a bounded number of times): up to 17. The bounds leave room; quadratic work fails by
     * a factor of hundreds.
     */
    private static final double WHOLE_READS_PER_CHAR = 12;
    private static final double STREAMED_READS_PER_CHAR = 24;

    enum LongMessage {
        /** One save whose body pairs bare fences thousands of times, each pair held until the next one. */
        README_OF_PAIRED_BLOCKS {
            String text() {
                return "```save R.md\n" + "text\n```\ncode\n```\n".repeat(4000) + "end\n```\n";
            }
        },
        /** Saves whose bare fence is settled as the closer by a tool fence: the text between is read twice, once. */
        SETTLED_CLOSERS {
            String text() {
                return ("```save a.md\nx\n```\n" + "prose after the file\n".repeat(20) + "```shell\nls\n```\n").repeat(600);
            }
        },
        /** Pseudo-fences of reasoning, each closed by a fence, with fenced blocks inside. */
        PSEUDO_FENCES {
            String text() {
                return "```thinking\nplan\n```json\n{}\n```\nmore plan\n```\nok\n".repeat(3000);
            }
        },
        /** Long lines mentioning reasoning tags mid-sentence: each mention waits only for its line. */
        MID_LINE_MENTIONS {
            String text() {
                return ("I use <think> tags " + "and words ".repeat(300) + "\n").repeat(100);
            }
        },
        /** Prose full of '<' that every reader of every dialect is asked about. */
        ANGLE_BRACKETS {
            String text() {
                return "a < b <c d=\"e\"> <tool_x> <|x|> <\uFF5Cy <t <f <r [T [x] ".repeat(8000);
            }
        };

        abstract String text();
    }

    @ParameterizedTest
    @EnumSource(LongMessage.class)
    void readWholeInLinearWork(LongMessage message) {
        StreamSplitter splitter = new StreamSplitter(ToolFormat.allReaders(BuiltinTools.catalog()));
        String text = message.text();
        splitter.feed(text, StreamListener.collecting(new ArrayList<>()));
        splitter.finish(StreamListener.collecting(new ArrayList<>()));
        assertThat(ReadCounts.perChar(splitter)).as("characters looked at per character").isLessThan(WHOLE_READS_PER_CHAR);
    }

    @ParameterizedTest
    @EnumSource(LongMessage.class)
    void streamedCharByCharInLinearWorkWithTheSameSegments(LongMessage message) {
        String text = message.text();
        StreamSplitter splitter = new StreamSplitter(ToolFormat.allReaders(BuiltinTools.catalog()));
        List<Segment> streamed = new ArrayList<>();
        StreamListener listener = StreamListener.collecting(streamed);
        for (int i = 0; i < text.length(); i++) {
            splitter.feed(text.substring(i, i + 1), listener);
        }
        splitter.finish(listener);
        assertThat(ReadCounts.perChar(splitter)).as("characters looked at per character").isLessThan(STREAMED_READS_PER_CHAR);
        assertThat(streamed).isEqualTo(StreamSplitter.split(text, ToolFormat.allReaders(BuiltinTools.catalog())));
    }
}
