package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/** Every code the file tools give, each produced by a real cause on a real file system. */
class FileErrorsTest {

    @TempDir
    Path dir;

    @Test
    void aMissingFileIsEnoentWithNearNamesSuggested() throws Exception {
        Files.writeString(dir.resolve("README.md"), "hi\n");
        ToolResult r = new Calls(dir).read("README.nd");
        assertThat(r.code()).isEqualTo(ErrorCode.ENOENT);
        assertThat(r.output()).isEqualTo("[ERROR:ENOENT] README.nd does not exist (did you mean README.md?)");
    }

    /** Issue 10 #18: it was "[EIO] cannot read …: File name too long". */
    @Test
    void aNameTooLongForTheFileSystemIsEnametoolongForEveryFileTool() throws Exception {
        String name = "n".repeat(300) + ".txt";
        Calls calls = new Calls(dir);
        for (ToolResult r : new ToolResult[] {calls.read(name), calls.save(name, "x"), calls.append(name, "x"),
                calls.patch(name, Calls.hunk("a\n", "b\n")), calls.save("deep/" + name + "/file.txt", "x")}) {
            assertThat(r.code()).as(r.output()).isEqualTo(ErrorCode.ENAMETOOLONG);
            assertThat(r.output()).startsWith("[ERROR:ENAMETOOLONG] cannot use ")
                    .contains("the name nnnnnnnnnnnnnnnnnnnn…nnnnnnnn.txt is 304 bytes long, more than the 255 a file name"
                            + " may have");
        }
        assertThat(dir.resolve("deep")).as("nothing is created for a path that cannot be").doesNotExist();
        assertThat(calls.read("a/" + "b/".repeat(2100)).output()).startsWith("[ERROR:ENAMETOOLONG]")
                .contains("bytes long, more than the 4095 a path may have");
    }

    @Test
    void aMissingFolderIsEnoentSayingHowFarThePathExists() throws Exception {
        Files.createDirectories(dir.resolve("src"));
        ToolResult r = new Calls(dir).patch("src/main/App.java", Calls.hunk("a\n", "b\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.ENOENT);
        assertThat(r.output()).contains("the folder src/main does not exist either; src is the deepest folder");
    }

    @Test
    void aFolderGivenWhereAFileIsNeededIsEisdir() throws Exception {
        Files.createDirectories(dir.resolve("src"));
        Calls calls = new Calls(dir);
        for (ToolResult r : new ToolResult[] {
                calls.save("src", "x"), calls.append("src", "x"), calls.patch("src", Calls.hunk("a\n", "b\n"))}) {
            assertThat(r.code()).isEqualTo(ErrorCode.EISDIR);
            assertThat(r.output()).contains("src is a folder, not a file");
        }
    }

    @Test
    void aPathThroughAFileIsEnotdir() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "hi\n");
        Calls calls = new Calls(dir);
        ToolResult read = calls.read("notes.txt/today.md");
        ToolResult patch = calls.patch("notes.txt/today.md", Calls.hunk("a\n", "b\n"));
        ToolResult deepSave = calls.save("notes.txt/2024/today.md", "x");
        for (ToolResult r : new ToolResult[] {read, patch, deepSave}) {
            assertThat(r.code()).isEqualTo(ErrorCode.ENOTDIR);
            assertThat(r.output()).contains("notes.txt is a file, not a folder");
        }
    }

    @Test
    void creatingAFolderWhereAFileIsIsEexist() throws Exception {
        // mkdir("notes.txt") really fails with EEXIST; one level deeper it is ENOTDIR (above).
        Files.writeString(dir.resolve("notes.txt"), "hi\n");
        ToolResult r = new Calls(dir).save("notes.txt/today.md", "x");
        assertThat(r.code()).isEqualTo(ErrorCode.EEXIST);
        assertThat(r.output()).contains("notes.txt already exists and is not a folder");
        assertThat(Files.readString(dir.resolve("notes.txt"))).isEqualTo("hi\n");
    }

    /** Read-only by its mode: refused for root too, which the system itself would let write. */
    @Test
    void aFileWithoutPermissionIsEacces() throws Exception {
        Path target = Files.writeString(dir.resolve("private.txt"), "x\n");
        Files.setPosixFilePermissions(target, Set.of());
        ToolResult r = new Calls(dir).append("private.txt", "x");
        assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(r.output()).startsWith("[ERROR:EACCES] private.txt is read-only (---------, owned by ");
    }

    /** A full disk: no code of its own, so EIO with the system's words. */
    @Test
    void aFailureNoOtherCodeDescribesIsEioWithTheSystemsReason() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("disk"));
        try (FullDisk disk = FullDisk.mount(mount)) {
            disk.fillLeaving(0);
            ToolResult r = new Calls(mount).save("report.txt", "x".repeat(64 << 10));
            assertThat(r.code()).isEqualTo(ErrorCode.EIO);
            assertThat(r.output()).startsWith("[ERROR:EIO] cannot write report.txt: No space left on device");
            assertThat(mount.resolve("report.txt")).doesNotExist();
        }
    }

    @Test
    void patchingAFileThatIsNotUtf8IsRefusedAndItsBytesKept() throws Exception {
        byte[] latin1 = "caf\u00e9 = 1\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("menu.txt"), latin1);
        ToolResult r = new Calls(dir).patch("menu.txt", Calls.hunk("caf\uFFFD = 1\n", "cafe = 2\n"));
        assertThat(r.code()).isEqualTo(ErrorCode.EILSEQ);
        assertThat(r.output()).contains("menu.txt is not valid UTF-8");
        assertThat(Files.readAllBytes(file)).isEqualTo(latin1);
    }

}
