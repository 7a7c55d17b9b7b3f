package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class MarkerScannerTest {

    private static final String KEY = "0123456789abcdef0123456789abcdef";

    /** Collects what the scanner reports: output bytes, and markers as "seq=value". */
    private static final class Collected implements MarkerScanner.Listener {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final List<String> markers = new ArrayList<>();

        @Override
        public void output(byte[] bytes, int offset, int length) {
            output.write(bytes, offset, length);
        }

        @Override
        public void marker(long sequence, long value, byte[] raw, int offset, int length) {
            markers.add(sequence + "=" + value + " at " + output.size());
            assertThat(new String(raw, offset, length, StandardCharsets.ISO_8859_1))
                    .isEqualTo(markerText(sequence, value));
        }

        String text() {
            return output.toString(StandardCharsets.UTF_8);
        }
    }

    private static String markerText(long sequence, long value) {
        return "\u0001" + KEY + ":" + sequence + ":" + value + "\n";
    }

    private static Collected scan(byte[]... chunks) {
        MarkerScanner scanner = new MarkerScanner(KEY);
        Collected collected = new Collected();
        for (byte[] chunk : chunks) {
            scanner.feed(chunk, 0, chunk.length, collected);
        }
        scanner.finish(collected);
        return collected;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void markerAfterOutputWithoutALineBreakEndsTheOutputThere() {
        Collected c = scan(bytes("no line break" + markerText(3, 0) + "later"));

        assertThat(c.text()).isEqualTo("no line breaklater");
        assertThat(c.markers).containsExactly("3=0 at 13");
    }

    @Test
    void markerCutAtEveryPointBetweenTwoReadsIsStillFound() {
        byte[] stream = bytes("out\n" + markerText(12, 130) + "after");
        for (int cut = 0; cut <= stream.length; cut++) {
            byte[] first = java.util.Arrays.copyOfRange(stream, 0, cut);
            byte[] second = java.util.Arrays.copyOfRange(stream, cut, stream.length);

            Collected c = scan(first, second);

            assertThat(c.text()).as("cut at %d", cut).isEqualTo("out\nafter");
            assertThat(c.markers).as("cut at %d", cut).containsExactly("12=130 at 4");
        }
    }

    @Test
    void markersFedOneByteAtATimeAreFoundInOrder() {
        byte[] stream = bytes("a" + markerText(1, 0) + "b" + markerText(2, 7));
        byte[][] chunks = new byte[stream.length][];
        for (int i = 0; i < stream.length; i++) {
            chunks[i] = new byte[] {stream[i]};
        }

        Collected c = scan(chunks);

        assertThat(c.text()).isEqualTo("ab");
        assertThat(c.markers).containsExactly("1=0 at 1", "2=7 at 2");
    }

    @Test
    void lookalikesWithAnotherKeyOrABrokenTailAreOutput() {
        String otherKey = "\u0001ffffffffffffffffffffffffffffffff:1:0\n";
        String brokenTail = "\u0001" + KEY + ":x:0\n";
        String noValue = "\u0001" + KEY + ":4:\n";
        String endless = "\u0001" + KEY + ":" + "9".repeat(60) + ":0\n";
        String unfinished = "\u0001" + KEY + ":5:0";
        String all = otherKey + brokenTail + noValue + endless + unfinished;

        Collected c = scan(bytes(all));

        assertThat(c.text()).isEqualTo(all);
        assertThat(c.markers).isEmpty();
    }

    @Test
    void partOfAPrefixAtTheEndOfTheStreamIsOutput() {
        String start = "\u0001" + KEY.substring(0, 10);

        Collected c = scan(bytes("tail "), bytes(start));

        assertThat(c.text()).isEqualTo("tail " + start);
    }

    @Test
    void invalidUtf8PassesThroughUntouched() {
        byte[] binary = {(byte) 0xff, 0, 1, (byte) 0xfe, 1};

        MarkerScanner scanner = new MarkerScanner(KEY);
        Collected c = new Collected();
        scanner.feed(binary, 0, binary.length, c);
        scanner.finish(c);

        assertThat(c.output.toByteArray()).isEqualTo(binary);
    }
}
