package dev.rosetta.llm.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SseReaderTest {

    private static List<SseEvent> read(String stream, int bytesPerRead) throws IOException {
        return read(stream.getBytes(StandardCharsets.UTF_8), bytesPerRead);
    }

    private static List<SseEvent> read(byte[] bytes, int bytesPerRead) throws IOException {
        SseReader reader = new SseReader(new Trickle(bytes, bytesPerRead));
        List<SseEvent> out = new ArrayList<>();
        for (SseEvent e = reader.next(); e != null; e = reader.next()) {
            out.add(e);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 4096})
    void eventsSurviveAnyNetworkChunking(int bytesPerRead) throws IOException {
        String stream = "event: message_start\ndata: {\"a\": \"é🎉\"}\n\n: ping comment\n\ndata: one\ndata: two\n\n";
        assertThat(read(stream, bytesPerRead)).containsExactly(
                new SseEvent("message_start", "{\"a\": \"é🎉\"}", null),
                new SseEvent("message", "one\ntwo", null));
    }

    @Test
    void crlfAndLoneCrEndLines() throws IOException {
        assertThat(read("data: a\r\n\r\ndata: b\r\rdata: c\n\n", 1)).extracting(SseEvent::data).containsExactly("a", "b", "c");
    }

    @Test
    void onlyOneSpaceAfterTheColonIsDropped() throws IOException {
        assertThat(read("data:  two spaces\n\ndata:none\n\n", 5)).extracting(SseEvent::data).containsExactly(" two spaces", "none");
    }

    @Test
    void commentsAndUnknownFieldsAreIgnored() throws IOException {
        assertThat(read(": keep-alive\nretry: 100\nfoo: bar\ndata: x\n\n", 3)).containsExactly(new SseEvent("message", "x", null));
    }

    @Test
    void blankLineWithoutDataDispatchesNothing() throws IOException {
        assertThat(read("event: ping\n\ndata: x\n\n", 2)).containsExactly(new SseEvent("message", "x", null));
    }

    @Test
    void eventCutOffByTheEndOfTheStreamIsDropped() throws IOException {
        assertThat(read("data: whole\n\ndata: cut", 4)).extracting(SseEvent::data).containsExactly("whole");
    }

    @Test
    void leadingByteOrderMarkIsSkipped() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] rest = "data: x\n\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[bom.length + rest.length];
        System.arraycopy(bom, 0, all, 0, 3);
        System.arraycopy(rest, 0, all, 3, rest.length);
        assertThat(read(all, 1)).containsExactly(new SseEvent("message", "x", null));
    }

    @Test
    void lastEventIdIsKept() throws IOException {
        assertThat(read("id: 7\ndata: x\n\ndata: y\n\n", 3)).extracting(SseEvent::id).containsExactly("7", "7");
    }

    @Test
    void longLinesAreReadWhole() throws IOException {
        String big = "x".repeat(200_000);
        assertThat(read("data: " + big + "\n\n", 8192)).singleElement().extracting(SseEvent::data).isEqualTo(big);
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
