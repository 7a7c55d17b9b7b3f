package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.Preview;

class AppendToolTest {

    @TempDir
    Path dir;

    @Test
    void appendingToAMissingFileCreatesItAndItsFolders() throws Exception {
        Calls calls = new Calls(dir);
        ToolResult r = calls.append("notes/todo.md", "- [ ] write the release notes\n");
        assertThat(r.output()).isEqualTo("Appended 1 line to notes/todo.md (created); created the folder notes");
        assertThat(calls.text("notes/todo.md")).isEqualTo("- [ ] write the release notes\n");
    }

    @Test
    void aLineBreakGoesFirstWhenTheFileLacksAFinalOne() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("todo.md", "- [x] one");
        ToolResult r = calls.append("todo.md", "- [ ] two\n- [ ] three");
        assertThat(r.output()).isEqualTo("Appended 2 lines to todo.md (now 3 lines; a line break was added first, as"
                + " the file lacked a final one)");
        assertThat(calls.text("todo.md")).isEqualTo("- [x] one\n- [ ] two\n- [ ] three");
    }

    @Test
    void theContentIsAddedAsItIsAfterAFinalLineBreak() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("log.txt", "first\n");
        assertThat(calls.append("log.txt", "second\n").output()).isEqualTo("Appended 1 line to log.txt (now 2 lines)");
        assertThat(calls.text("log.txt")).isEqualTo("first\nsecond\n");
    }

    @Test
    void emptyContentIsRefused() throws Exception {
        ToolResult r = new Calls(dir).append("log.txt", "");
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(dir.resolve("log.txt")).doesNotExist();
    }

    @Test
    void aPlaceholderIsRefused() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.js", "run();\n");
        ToolResult r = calls.append("app.js", "// ... existing code ...\nstop();\n");
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("append writes exactly what it is given");
        assertThat(calls.text("app.js")).isEqualTo("run();\n");
    }

    @Test
    void theBytesOfAFileThatIsNotUtf8AreKept() throws Exception {
        byte[] latin1 = "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("menu.txt"), latin1);
        new Calls(dir).append("menu.txt", "th\u00e9\n");
        byte[] after = Files.readAllBytes(file);
        assertThat(after).startsWith(latin1);
        assertThat(new String(after, latin1.length, after.length - latin1.length, StandardCharsets.UTF_8)).isEqualTo("th\u00e9\n");
    }

    @Test
    void aCrlfFileGetsCrlfLineBreaks() throws Exception {
        Path file = Files.writeString(dir.resolve("win.txt"), "one\r\ntwo");
        new Calls(dir).append("win.txt", "three\nfour\n");
        assertThat(Files.readString(file)).isEqualTo("one\r\ntwo\r\nthree\r\nfour\r\n");
    }

    @Test
    void previewShowsTheAddedLinesAtTheEnd() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("log.txt", "a\nb\nc\nd\ne");
        Preview p = calls.preview("append", "log.txt", "f\n");
        assertThat(p).isEqualTo(new Preview.FileChange("log.txt", """
                --- a/log.txt
                +++ b/log.txt
                @@ -2,4 +2,5 @@
                 b
                 c
                 d
                -e
                \\ No newline at end of file
                +e
                +f
                """, false));
        assertThat(calls.text("log.txt")).isEqualTo("a\nb\nc\nd\ne");
    }

    /** The probe's case: 26 bytes, a megabyte appended to a disk with 16 KiB left, then a retry. */
    @Test
    void appendOnAFullDiskLeavesTheFileAsItWasSoARetryAddsNothingTwice() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("disk"));
        try (FullDisk disk = FullDisk.mount(mount)) {
            Path notes = Files.writeString(mount.resolve("notes.txt"), "twenty-six bytes of notes\n");
            Object identity = Files.readAttributes(notes, BasicFileAttributes.class).fileKey();
            disk.fillLeaving(16 << 10);
            Calls calls = new Calls(mount);
            String megabyte = "a line of text that will not fit\n".repeat(32_000);

            for (int attempt = 1; attempt <= 2; attempt++) {
                ToolResult r = calls.append("notes.txt", megabyte);
                assertThat(r.code()).as("attempt %d", attempt).isEqualTo(ErrorCode.EIO);
                assertThat(r.output()).contains("cannot append to notes.txt: No space left on device");
                assertThat(Files.size(notes)).as("attempt %d", attempt).isEqualTo(26);
            }
            assertThat(Files.readString(notes)).isEqualTo("twenty-six bytes of notes\n");
            assertThat(Files.readAttributes(notes, BasicFileAttributes.class).fileKey()).isEqualTo(identity);
        }
    }

    @Test
    void appendThatWouldCreateAFileOnAFullDiskLeavesNoFile() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("disk"));
        try (FullDisk disk = FullDisk.mount(mount)) {
            disk.fillLeaving(16 << 10);
            ToolResult r = new Calls(mount).append("new.txt", "a line of text that will not fit\n".repeat(32_000));
            assertThat(r.code()).isEqualTo(ErrorCode.EIO);
            assertThat(mount.resolve("new.txt")).doesNotExist();
        }
    }
}
