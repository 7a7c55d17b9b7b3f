package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolFailure;

class SaveToolTest {

    @TempDir
    Path dir;

    @Test
    void savesANewFileCreatingItsFolders() throws Exception {
        Calls calls = new Calls(dir);
        ToolResult r = calls.save("src/pkg/app.py", "import os\nprint(os.name)");
        assertThat(r.isError()).isFalse();
        assertThat(r.output()).isEqualTo("Saved src/pkg/app.py (2 lines, created); created the folder src");
        assertThat(calls.text("src/pkg/app.py")).isEqualTo("import os\nprint(os.name)\n");
    }

    @Test
    void overwritingSaysHowLongTheFileWas() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", "a\nb\nc\n");
        assertThat(calls.save("app.py", "x\n").output()).isEqualTo("Saved app.py (1 line, overwritten, was 3 lines)");
        assertThat(calls.text("app.py")).isEqualTo("x\n");
        assertThat(calls.save("app.py", "x").output()).isEqualTo("Saved app.py (1 line, unchanged)");
    }

    @Test
    void emptyContentMakesAnEmptyFile() throws Exception {
        Calls calls = new Calls(dir);
        assertThat(calls.save("pkg/__init__.py", "").output()).startsWith("Saved pkg/__init__.py (0 lines, created)");
        assertThat(calls.text("pkg/__init__.py")).isEmpty();
    }

    @Test
    void aPlaceholderIsRefusedAndTheFileLeftAlone() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("app.py", "def main():\n    run()\n");
        ToolResult r = calls.save("app.py", "def main():\n    # ... rest of the code ...\n");
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).isEqualTo("[ERROR:InvalidArgs] line 2 of the content, `# ... rest of the code ...`, looks"
                + " like a placeholder for text that was left out. save writes exactly what it is given, so the file"
                + " would lose the real text there. Write the complete text of the file, or change part of the file"
                + " with patch.");
        assertThat(calls.text("app.py")).isEqualTo("def main():\n    run()\n");
    }

    @Test
    void replacesByRenameSoAReaderNeverSeesHalfAFile() throws Exception {
        Calls calls = new Calls(dir);
        String old = "old line\n".repeat(10_000);
        Path file = calls.write("data.txt", old);
        Object before = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        try (InputStream reader = Files.newInputStream(file)) {
            reader.readNBytes(5);
            calls.save("data.txt", "new\n");
            // The open reader still holds the old file, whole: it was replaced, not rewritten in place.
            assertThat("old l" + new String(reader.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(old);
        }
        assertThat(Files.readAttributes(file, BasicFileAttributes.class).fileKey()).isNotEqualTo(before);
        assertThat(calls.text("data.txt")).isEqualTo("new\n");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("data.txt");
        }
    }

    /**
     * The probe's case: as root, a read-only file of another user (nobody's, 0444) was replaced by
     * renaming a new file over it, and so became root's. Every tool that changes files refuses.
     */
    @Test
    void aReadOnlyFileOfAnotherUserIsRefusedWithEaccesAndKeepsItsOwnerAndContent() throws Exception {
        Calls calls = new Calls(dir);
        Path file = calls.write("theirs.txt", "not yours\n");
        chown(file, NOBODY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));

        for (ToolResult r : new ToolResult[] {calls.save("theirs.txt", "mine now"), calls.append("theirs.txt", "more"),
                calls.patch("theirs.txt", Calls.hunk("not yours\n", "mine\n"))}) {
            assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
            assertThat(r.output()).contains("theirs.txt is read-only (r--r--r--, owned by ")
                    .contains("make it writable first with the shell tool (for example chmod u+w theirs.txt)");
        }
        assertThatThrownBy(() -> calls.preview("save", "theirs.txt", "mine now")).isInstanceOf(ToolFailure.class);
        assertThat(Files.readString(file)).isEqualTo("not yours\n");
        assertThat(Files.getAttribute(file, "unix:uid")).isEqualTo(NOBODY);
    }

    /** Root may write anything; the mode still says the file is not to be changed, as vim reads it. */
    @Test
    void aReadOnlyFileOfOursIsRefusedToo() throws Exception {
        Calls calls = new Calls(dir);
        Path file = calls.write("frozen.txt", "as it is\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r-----"));
        ToolResult r = calls.save("frozen.txt", "changed");
        assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(Files.readString(file)).isEqualTo("as it is\n");
    }

    @Test
    void savingAWritableFileOfAnotherUserKeepsItsOwnerAndGroup() throws Exception {
        Calls calls = new Calls(dir);
        Path file = calls.write("shared.txt", "old\n");
        chown(file, NOBODY);
        Files.setAttribute(file, "unix:gid", NOBODY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(calls.save("shared.txt", "new").isError()).isFalse();
        assertThat(Files.readString(file)).isEqualTo("new\n");
        assertThat(Files.getAttribute(file, "unix:uid")).isEqualTo(NOBODY);
        assertThat(Files.getAttribute(file, "unix:gid")).isEqualTo(NOBODY);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-rw-rw-");
    }

    /** The uid of nobody, the other user these tests give files to. */
    private static final int NOBODY = 65534;

    /** Gives the file to {@code uid}: only root can, and these tests run as root on CI. */
    private static void chown(Path file, int uid) throws Exception {
        boolean done;
        try {
            Files.setAttribute(file, "unix:uid", uid);
            done = true;
        } catch (java.nio.file.FileSystemException e) {
            done = false;
        }
        MachineRequirement.require(done, "giving a file to another user (needs root)");
    }

    @Test
    void anExecutableStaysExecutable() throws Exception {
        Calls calls = new Calls(dir);
        Path script = calls.write("run.sh", "echo old\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));
        calls.save("run.sh", "echo new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-x---");
        calls.save("fresh.txt", "x");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("fresh.txt"))))
                .isEqualTo("rw-r--r--");
    }

    @Test
    void anExistingFileKeepsItsCrlfLineBreaksAndByteOrderMark() throws Exception {
        Path file = Files.write(dir.resolve("win.txt"), "\uFEFFone\r\ntwo\r\n".getBytes(StandardCharsets.UTF_8));
        new Calls(dir).save("win.txt", "uno\ndos\ntres");
        assertThat(Files.readAllBytes(file)).isEqualTo("\uFEFFuno\r\ndos\r\ntres\r\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void savingThroughALinkWritesItsTargetAndKeepsTheLink() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("real/config.toml", "a = 1\n");
        Path link = Files.createSymbolicLink(dir.resolve("config.toml"), Path.of("real/config.toml"));
        calls.save("config.toml", "a = 2");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(calls.text("real/config.toml")).isEqualTo("a = 2\n");
    }

    @Test
    void previewOfANewFileIsADiffFromNothing() throws Exception {
        Preview p = new Calls(dir).preview("save", "src/hello.py", "print('hi')\nprint('bye')");
        assertThat(p).isEqualTo(new Preview.FileChange("src/hello.py", """
                --- /dev/null
                +++ b/src/hello.py
                @@ -0,0 +1,2 @@
                +print('hi')
                +print('bye')
                """, true));
        assertThat(dir.resolve("src")).doesNotExist();
    }

    @Test
    void previewOfAnOverwriteIsADiffAgainstTheFile() throws Exception {
        Calls calls = new Calls(dir);
        calls.write("a.txt", "1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        Preview p = calls.preview("save", "a.txt", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n");
        assertThat(p).isEqualTo(new Preview.FileChange("a.txt", """
                --- a/a.txt
                +++ b/a.txt
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8
                """, false));
    }

    @Test
    void previewOfOverwritingABinaryFileDoesNotDumpItsBytes() throws Exception {
        Files.write(dir.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13, 1, 2, 3});
        assertThat(new Calls(dir).preview("save", "logo.png", "<svg/>"))
                .isEqualTo(new Preview.FileChange("logo.png", "Binary files a/logo.png and b/logo.png differ\n", false));
    }

    @Test
    void previewRefusesAPlaceholderBeforeAnyoneIsAsked() {
        assertThatThrownBy(() -> new Calls(dir).preview("save", "a.js", "// existing code here\nfoo();\n"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }
}
