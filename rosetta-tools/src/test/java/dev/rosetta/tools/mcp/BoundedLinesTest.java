package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Lines of a stream, however its reads are cut, each held only up to the limit. */
class BoundedLinesTest {

    /** A stream that hands out its bytes in reads of random sizes, as a pipe does. */
    private static InputStream chopped(byte[] bytes, Random random) {
        return new InputStream() {
            private int at;

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at == bytes.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, 1 + random.nextInt(300)), bytes.length - at);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    private static List<String> all(BoundedLines lines) throws IOException {
        List<String> out = new ArrayList<>();
        for (byte[] line = lines.next(); line != null; line = lines.next()) {
            out.add(new String(line, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    @Test
    void linesUnderTheLimitComeOutAsWrittenInEveryCutOfTheReads() throws IOException {
        Random random = new Random(25);
        for (int round = 0; round < 300; round++) {
            List<String> written = new ArrayList<>();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (int i = random.nextInt(20); i > 0; i--) {
                char[] line = new char[random.nextInt(400)];
                Arrays.fill(line, (char) ('a' + random.nextInt(26)));
                written.add(new String(line));
                bytes.writeBytes((new String(line) + (random.nextBoolean() ? "\r\n" : "\n")).getBytes());
            }
            assertThat(all(new BoundedLines(chopped(bytes.toByteArray(), random), 400, false))).isEqualTo(written);
        }
    }

    @Test
    void aLineWithoutAnEndIsTheLastLine() throws IOException {
        assertThat(all(new BoundedLines(chopped("one\ntwo".getBytes(), new Random(1)), 10, false)))
                .containsExactly("one", "two");
    }

    @Test
    void aLinePastTheLimitIsAnErrorWhenItCannotBeReadInPart() {
        byte[] bytes = ("ok\n" + "x".repeat(5000) + "\nafter\n").getBytes();
        BoundedLines lines = new BoundedLines(chopped(bytes, new Random(2)), 1000, false);
        assertThatThrownBy(() -> all(lines)).isInstanceOf(BoundedLines.TooLong.class);
    }

    @Test
    void aLinePastTheLimitIsCutThereWhenCuttingIsAllowedAndTheNextLineFollows() throws IOException {
        byte[] bytes = ("x".repeat(5000) + "\nafter\n").getBytes();
        assertThat(all(new BoundedLines(chopped(bytes, new Random(3)), 1000, true)))
                .containsExactly("x".repeat(1000), "after");
    }
}
