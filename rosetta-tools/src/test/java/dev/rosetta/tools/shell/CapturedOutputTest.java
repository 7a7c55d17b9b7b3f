package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;

class CapturedOutputTest {

    private static final OutputLimit SMALL = new OutputLimit(100, 30, 50);

    @TempDir
    Path dir;

    private CapturedOutput capture(OutputLimit limit, int spillBytes) {
        return new CapturedOutput(limit, OutputFolder.unbounded(dir), spillBytes, UnaryOperator.identity());
    }

    private static void write(CapturedOutput out, byte[] bytes, int chunk) {
        for (int i = 0; i < bytes.length; i += chunk) {
            out.write(bytes, i, Math.min(chunk, bytes.length - i));
        }
    }

    private static byte[] lines(int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            text.append("line ").append(i).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void outputWithinTheLimitPassesUnchanged() {
        CapturedOutput out = capture(SMALL, 1 << 20);
        write(out, "short\nenough".getBytes(StandardCharsets.UTF_8), 3);

        assertThat(out.text()).isEqualTo("short\nenough");
        assertThat(out.size()).isEqualTo(12);
    }

    @Test
    void outputOverTheLimitButBelowTheSpillThresholdIsCutByTheOutputLimit() throws Exception {
        CapturedOutput out = capture(SMALL, 1 << 20);
        byte[] all = lines(100);
        write(out, all, 64);

        String text = out.text();

        assertThat(text).startsWith("line 1\n").endsWith("line 100\n").contains("characters (");
        assertThat(Files.readAllBytes(saved(text))).isEqualTo(all);
    }

    @Test
    void outputOverTheSpillThresholdIsStreamedToAFileWhileHeadAndTailAreKept() throws Exception {
        CapturedOutput out = capture(SMALL, 1); // raised to what the limit needs: 404 bytes
        byte[] all = lines(10_000);
        write(out, all, 7);

        String text = out.text();

        assertThat(text).startsWith("line 1\nline 2\n").endsWith("line 9999\nline 10000\n");
        assertThat(text.length()).isLessThan(SMALL.maxChars() + 200);
        Matcher cut = Pattern.compile("\\[… (\\d+) bytes \\((\\d+) lines\\) cut from the middle").matcher(text);
        assertThat(cut.find()).isTrue();
        String head = text.substring(0, text.indexOf("\n[…"));
        String tail = text.substring(text.indexOf("…]\n") + 3);
        assertThat(Long.parseLong(cut.group(1))).isEqualTo(all.length - head.length() - tail.length());
        assertThat(Long.parseLong(cut.group(2))).isEqualTo(10_000 - head.lines().count() - tail.lines().count());
        assertThat(Files.readAllBytes(saved(text))).isEqualTo(all);
    }

    @Test
    void oneHugeWriteIsStreamedToo() throws Exception {
        CapturedOutput out = capture(SMALL, 1000);
        byte[] all = lines(5_000);
        out.write(all, 0, all.length);

        String text = out.text();

        assertThat(text).startsWith("line 1\n").endsWith("line 5000\n");
        assertThat(Files.readAllBytes(saved(text))).isEqualTo(all);
    }

    @Test
    void characterCutInTwoByTheTailWindowIsDroppedNotShownAsAReplacement() {
        CapturedOutput out = capture(SMALL, 1);
        // an odd total puts the tail window's first byte in the middle of an é
        byte[] all = ("é".repeat(5_000) + "x").getBytes(StandardCharsets.UTF_8);
        write(out, all, 333);

        String text = out.text();

        assertThat(text).doesNotContain("\uFFFD");
        assertThat(text).endsWith("é".repeat(49) + "x");
    }

    @Test
    void binaryOutputDecodesWithReplacementCharacters() throws Exception {
        byte[] noise = new byte[100_000];
        new Random(7).nextBytes(noise);
        CapturedOutput out = capture(OutputLimit.DEFAULT, 1 << 20);
        write(out, noise, 4096);

        String text = out.text();

        assertThat(text).contains("\uFFFD");
    }

    @Test
    void outputThatCannotBeSavedIsStillCutAndSaysSo() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        CapturedOutput out = new CapturedOutput(SMALL, OutputFolder.unbounded(notAFolder), 1, UnaryOperator.identity());
        write(out, lines(1_000), 100);

        assertThat(out.text()).startsWith("line 1\n").endsWith("line 1000\n")
                .contains("the whole output could not be saved (");
    }

    @Test
    void cleanerRemovesNoiseBeforeTheLimitApplies() {
        CapturedOutput out = new CapturedOutput(SMALL, OutputFolder.unbounded(dir), 1 << 20, t -> t.replace("noise\n", ""));
        write(out, "a\nnoise\nb\n".getBytes(StandardCharsets.UTF_8), 2);

        assertThat(out.text()).isEqualTo("a\nb\n");
    }

    private static Path saved(String text) {
        Matcher m = Pattern.compile("the whole output is in (\\S+) …]").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return Path.of(m.group(1));
    }

    @Test
    void byteRingKeepsTheLastBytesInOrderWhateverTheWriteSizes() {
        Random random = new Random(42);
        ByteRing ring = new ByteRing(97);
        ByteArrayOutputStream everything = new ByteArrayOutputStream();
        for (int i = 0; i < 500; i++) {
            byte[] chunk = new byte[random.nextInt(250)];
            random.nextBytes(chunk);
            ring.write(chunk, 0, chunk.length);
            everything.write(chunk, 0, chunk.length);

            byte[] all = everything.toByteArray();
            byte[] expected = java.util.Arrays.copyOfRange(all, Math.max(0, all.length - 97), all.length);
            assertThat(ring.bytes()).isEqualTo(expected);
            assertThat(ring.total()).isEqualTo(all.length);
        }
    }

    /** Issue 25: tool-outputs/ grew 3.1 GB in 25 s, 512 MiB a call. */
    @Test
    void savingStopsWhereTheConversationsOutputsFolderIsFullAndSaysSo() throws Exception {
        OutputFolder folder = OutputFolder.of(dir, 10_000, "[limits] tool_outputs");
        byte[] all = lines(5_000);

        CapturedOutput first = new CapturedOutput(SMALL, folder, 1024, UnaryOperator.identity());
        write(first, all, 512);
        String firstText = first.text();
        CapturedOutput second = new CapturedOutput(SMALL, folder, 1024, UnaryOperator.identity());
        write(second, all, 512);
        String secondText = second.text();

        assertThat(firstText).contains("the first 10000 bytes are saved in ")
                .contains("the conversation's saved outputs reached their limit of 9.8 KiB ([limits] tool_outputs)");
        assertThat(secondText).contains("the whole output was not saved: the conversation's saved outputs reached"
                + " their limit of 9.8 KiB");
        try (var files = Files.list(dir)) {
            assertThat(files.mapToLong(f -> f.toFile().length()).sum()).isEqualTo(10_000);
        }
    }

    @Test
    void aFolderOpenedAgainCountsWhatItHoldsAlready() throws Exception {
        Files.write(dir.resolve("earlier.txt"), new byte[6_000]);
        OutputFolder folder = OutputFolder.of(dir, 10_000, "[limits] tool_outputs");

        assertThat(folder.take(8_000)).isEqualTo(4_000);
        assertThat(folder.isFull()).isTrue();
    }
}
