package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.output.OutputLimit;

class ReadToolTest {

    @TempDir
    Path dir;

    private Calls withLines(int n) throws Exception {
        Calls calls = new Calls(dir);
        calls.write("f.txt", IntStream.rangeClosed(1, n).mapToObj(i -> "line " + i).collect(Collectors.joining("\n", "", "\n")));
        return calls;
    }

    @Test
    void aFileComesWithLineNumbersAlignedToTheWidestOne() throws Exception {
        ToolResult r = withLines(10).read("f.txt");
        assertThat(r.output()).startsWith(" 1\tline 1\n 2\tline 2\n").endsWith(" 9\tline 9\n10\tline 10\n");
    }

    @Test
    void aRangeShowsThoseLinesAndSaysOfHowMany() throws Exception {
        Calls calls = withLines(200);
        assertThat(calls.read("f.txt", "120-122").output()).isEqualTo("""
                120\tline 120
                121\tline 121
                122\tline 122
                (lines 120-122 of 200)
                """);
        assertThat(calls.read("f.txt", "199-").output()).isEqualTo("199\tline 199\n200\tline 200\n(lines 199-200 of 200)\n");
        assertThat(calls.read("f.txt", "-2").output()).isEqualTo("1\tline 1\n2\tline 2\n(lines 1-2 of 200)\n");
        assertThat(calls.read("f.txt", "42").output()).isEqualTo("42\tline 42\n(lines 42-42 of 200)\n");
    }

    @Test
    void aRangeReachingPastTheEndShowsWhatThereIs() throws Exception {
        assertThat(withLines(5).read("f.txt", "4-50").output())
                .isEqualTo("4\tline 4\n5\tline 5\n(lines 4-5 of 5; the file ends there)\n");
    }

    @Test
    void aRangeEntirelyPastTheEndSaysHowLongTheFileIs() throws Exception {
        ToolResult r = withLines(5).read("f.txt", "120-180");
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).isEqualTo("[ERROR:InvalidArgs] f.txt has 5 lines, so lines 120-180 are past its end;"
                + " read 1-5 or a range within it");
    }

    @Test
    void aBadRangeIsExplained() throws Exception {
        ToolResult r = withLines(5).read("f.txt", "the start");
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("write it as 120-180");
    }

    @Test
    void aFolderListsFoldersFirstThenFilesWithSizes() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("src/b.py", "x".repeat(2048));
        calls.write("src/a.py", "print()\n");
        Files.createDirectories(dir.resolve("src/tests"));
        Files.createDirectories(dir.resolve("src/docs"));
        Files.createSymbolicLink(dir.resolve("src/latest"), Path.of("a.py"));
        assertThat(calls.read("src").output()).isEqualTo("""
                src/ holds 2 folders and 3 files:
                docs/
                tests/
                a.py  8 B
                b.py  2.0 KiB
                latest  -> a.py
                """);
        assertThat(calls.read(".").output()).startsWith("./ holds 1 folder and 0 files:\nsrc/\n");
    }

    @Test
    void aHugeFolderListsTheFirstThousandAndCountsTheRest() throws Exception {
        Path big = Files.createDirectories(dir.resolve("big"));
        for (int i = 0; i < 1_005; i++) {
            Files.createFile(big.resolve(String.format("f%04d", i)));
        }
        String out = new Calls(dir).read("big").output();
        assertThat(out).startsWith("big/ holds 0 folders and 1005 files:\nf0000  0 B\n")
                .contains("f0999  0 B\n").doesNotContain("f1000")
                .endsWith("[… and 5 more entries; use the shell tool (ls, find) to search them]\n");
    }

    @Test
    void anEmptyFolderAndAnEmptyFileSaySo() throws Exception {
        Calls calls = new Calls(dir);
        Files.createDirectories(dir.resolve("empty"));
        calls.write("blank.txt", "");
        assertThat(calls.read("empty").output()).isEqualTo("empty/ is an empty folder");
        assertThat(calls.read("blank.txt").output()).isEqualTo("blank.txt is empty (0 bytes)");
    }

    @Test
    void aBinaryFileIsDescribedNotDumped() throws Exception {
        byte[] png = new byte[3000];
        byte[] header = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        System.arraycopy(header, 0, png, 0, header.length);
        Files.write(dir.resolve("logo.png"), png);
        ToolResult r = new Calls(dir).read("logo.png");
        assertThat(r.isError()).isFalse();
        assertThat(r.output()).isEqualTo("logo.png is a binary file (PNG image, 2.9 KiB), so it is not shown. Inspect it"
                + " with the shell tool (file, xxd, unzip -l…) or with ipython.");
    }

    @Test
    void bytesThatAreMostlyNotTextAreBinaryEvenWithoutNul() throws Exception {
        byte[] noise = new byte[4096];
        new java.util.Random(7).nextBytes(noise);
        for (int i = 0; i < noise.length; i++) {
            noise[i] = noise[i] == 0 ? 1 : noise[i];
        }
        Files.write(dir.resolve("blob.bin"), noise);
        assertThat(new Calls(dir).read("blob.bin").output()).startsWith("blob.bin is a binary file (");
    }

    @Test
    void textThatIsNotUtf8IsShownWithReplacementsAndSaysSo() throws Exception {
        Files.write(dir.resolve("menu.txt"), "caf\u00e9 au lait\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(new Calls(dir).read("menu.txt").output())
                .isEqualTo("1\tcaf\uFFFD au lait\n(the file is not valid UTF-8: bytes that are not are shown as \uFFFD)\n");
    }

    @Test
    void crlfLineBreaksAndAByteOrderMarkDoNotShow() throws Exception {
        Files.write(dir.resolve("win.txt"), "\uFEFFone\r\ntwo\r\n".getBytes(StandardCharsets.UTF_8));
        assertThat(new Calls(dir).read("win.txt").output()).isEqualTo("1\tone\n2\ttwo\n");
    }

    @Test
    void aFileLongerThanTheOutputLimitStopsThereAndSaysWhatToReadNext() throws Exception {
        ToolContext small = ToolContext.in(dir).withOutputLimit(new OutputLimit(200, 50, 50));
        Calls calls = new Calls(small);
        calls.write("f.txt", IntStream.rangeClosed(1, 1000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n")));
        String out = calls.read("f.txt").output();
        assertThat(out).startsWith(" 1\tline 1\n").hasSizeLessThan(400)
                .endsWith("[… output limit reached: lines 1-13 of 1000 shown; read on with lines 14-26 …]\n");
        assertThat(calls.read("f.txt", "990-").output()).startsWith(" 990\tline 990\n").endsWith("1000\tline 1000\n(lines 990-1000 of 1000)\n");
    }

    @Test
    void aVeryLongLineIsCut() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("min.js", "x".repeat(5000) + "\n");
        assertThat(calls.read("min.js").output()).isEqualTo("1\t" + "x".repeat(2000) + " … [3000 more characters]\n");
    }

    @Test
    void previewIsANote() throws Exception {
        Calls calls = withLines(3);
        assertThat(calls.preview("read", "f.txt", null)).isEqualTo(new Preview.Note("read f.txt"));
        assertThat(calls.preview("read", "f.txt", "2-3")).isEqualTo(new Preview.Note("read f.txt, lines 2-3"));
    }
}
