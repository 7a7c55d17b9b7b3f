package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.ReadCounts;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;

/**
 * A megabyte message with thousands of calls goes through whole, in work linear in its length:
 * the work is counted (characters looked at), not timed, so a busy machine cannot fail it and a
 * fast one cannot hide a reader or an offset pass that does five times the work it should.
 */
class LargeMessageTest {

    private static final int MIB = 1 << 20;
    /*
     * Today the readers look at each character of this message 2.4 times when it is read whole and
     * 3.6 times when it streams in a character at a time; the bounds leave room for ~40% more.
     */
    private static final double WHOLE_READS_PER_CHAR = 3.3;
    private static final double STREAMED_READS_PER_CHAR = 5;
    private static final Generated MESSAGE = generate();

    private record Generated(String text, int calls, int unparsed) {}

    /** Prose, calls, alias blocks and plain code blocks in a fixed mix, with emoji, to one MiB of UTF-8. */
    private static Generated generate() {
        StringBuilder text = new StringBuilder();
        int bytes = 0;
        int calls = 0;
        boolean endsWithAnAliasBlock = false;
        for (int i = 0; bytes < MIB; i++) {
            String piece = switch (i % 5) {
                case 0 -> "Line " + i + " of prose with an emoji 😀 and é.\n";
                case 1 -> "```shell\necho " + i + " 🎉\n```\n";
                case 2 -> "```save dir/file" + i + ".txt\ncontent " + i + "\n```\n";
                case 3 -> "```python\nprint(" + i + ")\n```\n";
                default -> "```text\nnot a call " + i + "\n```\n";
            };
            calls += i % 5 == 1 || i % 5 == 2 ? 1 : 0;
            // An alias block is an example where text follows it; only one that ends the message is reported.
            endsWithAnAliasBlock = i % 5 == 3;
            text.append(piece);
            bytes += piece.getBytes(StandardCharsets.UTF_8).length;
        }
        return new Generated(text.toString(), calls, endsWithAnAliasBlock ? 1 : 0);
    }

    @Test
    void aMebibyteMessageParsesWithTheRightCallCount() {
        Cli.Run run = Cli.runWithStdin(MESSAGE.text(), "parse");
        assertThat(run.exitCode()).isZero();
        List<Map<String, Object>> segments = run.segments();
        assertThat(segments.stream().filter(s -> s.get("type").equals("call")).count()).isEqualTo(MESSAGE.calls());
        assertThat(segments.stream().filter(s -> s.get("type").equals("unparsed")).count()).isEqualTo(MESSAGE.unparsed());
        Map<String, Object> last = segments.get(segments.size() - 1);
        assertThat(last.get("end")).isEqualTo((int) MESSAGE.text().codePoints().count());
    }

    @Test
    void aMebibyteMessageStreamedOneCharacterAtATimeGivesTheSameOutput() {
        String batch = Cli.runWithStdin(MESSAGE.text(), "parse").out();
        Cli.Run streamed = Cli.runWithStdin(MESSAGE.text(), "parse", "--chunk", "1");
        assertThat(streamed.out()).isEqualTo(batch);
    }

    @Test
    void aMebibyteMessageReadWholeIsReadInLinearWork() {
        StreamSplitter whole = splitter();
        whole.feed(MESSAGE.text());
        whole.finish();
        assertThat(ReadCounts.perChar(whole)).as("characters looked at per character").isLessThan(WHOLE_READS_PER_CHAR);
    }

    @Test
    void aMebibyteMessageStreamedOneCharacterAtATimeIsReadInLinearWork() {
        StreamSplitter streamed = splitter();
        for (int i = 0; i < MESSAGE.text().length(); i++) {
            streamed.feed(MESSAGE.text().substring(i, i + 1));
        }
        streamed.finish();
        assertThat(ReadCounts.perChar(streamed)).as("characters looked at per character").isLessThan(STREAMED_READS_PER_CHAR);
    }

    @Test
    void codePointOffsetsOfEverySegmentReadTheMessageOnce() {
        CountingText text = new CountingText(MESSAGE.text());
        CodePointOffsets offsets = new CodePointOffsets(text);
        List<Segment> segments = StreamSplitter.split(MESSAGE.text(), ToolFormat.of("markdown"), ParseRun.catalog(null));
        for (Segment s : segments) {
            offsets.at(s.start());
            offsets.at(s.end());
        }
        assertThat(segments).hasSizeGreaterThan(10_000);
        assertThat(text.reads).isLessThanOrEqualTo(MESSAGE.text().length());
    }

    /** The splitter {@code rosetta parse} makes for this message: markdown, the built-in tools. */
    private static StreamSplitter splitter() {
        return new StreamSplitter(ToolFormat.of("markdown"), ParseRun.catalog(null));
    }

    /** A text that counts the characters read from it. */
    private static final class CountingText implements CharSequence {
        private final String text;
        long reads;

        CountingText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            reads += text.length();
            return text;
        }
    }
}
