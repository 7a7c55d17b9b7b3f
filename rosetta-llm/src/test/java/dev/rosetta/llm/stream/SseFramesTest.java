package dev.rosetta.llm.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseFramesTest {

    private static List<Frame> read(String stream, int bytesPerRead) throws IOException {
        return read(stream.getBytes(StandardCharsets.UTF_8), bytesPerRead);
    }

    private static List<Frame> read(byte[] bytes, int bytesPerRead) throws IOException {
        Frames reader = Framing.SSE.frames(new Trickle(bytes, bytesPerRead), Framing.MAX_FRAME);
        List<Frame> out = new ArrayList<>();
        for (Frame e = reader.next(); e != null; e = reader.next()) {
            out.add(e);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 4096})
    void eventsSurviveAnyNetworkChunking(int bytesPerRead) throws IOException {
        String stream = "event: message_start\ndata: {\"a\": \"é🎉\"}\n\n: ping comment\n\ndata: one\ndata: two\n\n";
        assertThat(read(stream, bytesPerRead)).containsExactly(
                new Frame("message_start", "{\"a\": \"é🎉\"}"),
                new Frame(null, "one\ntwo"));
    }

    @Test
    void crlfAndLoneCrEndLines() throws IOException {
        assertThat(read("data: a\r\n\r\ndata: b\r\rdata: c\n\n", 1)).extracting(Frame::data).containsExactly("a", "b", "c");
    }

    @Test
    void onlyOneSpaceAfterTheColonIsDropped() throws IOException {
        assertThat(read("data:  two spaces\n\ndata:none\n\n", 5)).extracting(Frame::data).containsExactly(" two spaces", "none");
    }

    @Test
    void commentsAndUnknownFieldsAreIgnored() throws IOException {
        assertThat(read(": keep-alive\nretry: 100\nfoo: bar\ndata: x\n\n", 3)).containsExactly(new Frame(null, "x"));
    }

    @Test
    void blankLineWithoutDataDispatchesNothing() throws IOException {
        assertThat(read("event: ping\n\ndata: x\n\n", 2)).containsExactly(new Frame(null, "x"));
    }

    @Test
    void eventCutOffByTheEndOfTheStreamIsDropped() throws IOException {
        assertThat(read("data: whole\n\ndata: cut", 4)).extracting(Frame::data).containsExactly("whole");
    }

    @Test
    void leadingByteOrderMarkIsSkipped() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] rest = "data: x\n\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[bom.length + rest.length];
        System.arraycopy(bom, 0, all, 0, 3);
        System.arraycopy(rest, 0, all, 3, rest.length);
        assertThat(read(all, 1)).containsExactly(new Frame(null, "x"));
    }

    @Test
    void idAndRetryFieldsAreSkipped() throws IOException {
        assertThat(read("id: 7\nretry: 10\ndata: x\n\n", 3)).containsExactly(new Frame(null, "x"));
    }

    @Test
    void longLinesAreReadWhole() throws IOException {
        String big = "x".repeat(200_000);
        assertThat(read("data: " + big + "\n\n", 8192)).singleElement().extracting(Frame::data).isEqualTo(big);
    }

    @Test
    void aLineThatNeverEndsFailsAtTheCapInsteadOfGrowingWithoutBound() {
        InputStream endless = new Endless((byte) 'x');
        Frames frames = Framing.SSE.frames(endless, Framing.MAX_FRAME);
        assertThatThrownBy(frames::next).isInstanceOfSatisfying(FrameTooLargeException.class,
                e -> assertThat(e.describe()).isEqualTo("a line longer than 16 MiB"));
    }

    @Test
    void anEventOfManyShortDataLinesIsCappedToo() {
        InputStream lines = new Endless("data: 0123456789abcdef\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> Framing.SSE.frames(lines, 1 << 20).next()).isInstanceOfSatisfying(
                FrameTooLargeException.class, e -> assertThat(e.describe()).isEqualTo("an event longer than 1 MiB"));
    }

    @Test
    void aLineAsLongAsTheCapIsStillRead() throws IOException {
        String line = "data: " + "y".repeat(1000 - 6);
        Frames frames = Framing.SSE.frames(new Trickle((line + "\n\n").getBytes(StandardCharsets.UTF_8), 7), 1000);
        assertThat(frames.next().data()).hasSize(1000 - 6);
    }

    /** The same bytes over and over, forever. */
    private static final class Endless extends InputStream {
        private final byte[] pattern;
        private long at;

        Endless(byte... pattern) {
            this.pattern = pattern;
        }

        @Override
        public int read() {
            return pattern[(int) (at++ % pattern.length)];
        }

        @Override
        public int read(byte[] b, int off, int len) {
            for (int i = 0; i < len; i++) {
                b[off + i] = pattern[(int) (at++ % pattern.length)];
            }
            return len;
        }
    }

    /** Hands out at most n bytes per read, as a slow network would. */
    private static final class Trickle extends InputStream {
        private final ByteArrayInputStream in;
        private final int n;

        Trickle(byte[] bytes, int n) {
            this.in = new ByteArrayInputStream(bytes);
            this.n = n;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, n));
        }
    }
}
