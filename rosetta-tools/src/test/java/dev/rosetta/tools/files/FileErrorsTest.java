package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

    @Test
    void aFileWithoutPermissionIsEacces() throws Exception {
        Path target;
        if (Calls.permissionsBite(dir)) {
            target = Files.writeString(dir.resolve("private.txt"), "x\n");
            Files.setPosixFilePermissions(target, Set.of());
        } else {
            // Root reads any file; procfs still refuses it writes to a read-only sysctl.
            target = Path.of("/proc/sys/kernel/osrelease");
            assumeTrue(refusesWrites(target, AccessDeniedException.class), "no file here that root cannot write");
        }
        ToolResult r = new Calls(dir).append(target.toString(), "x");
        assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(r.output()).startsWith("[ERROR:EACCES] permission denied: cannot append to");
    }

    @Test
    void aFailureNoOtherCodeDescribesIsEioWithTheSystemsReason() throws Exception {
        // For root, writing to /proc/version fails with errno EIO, which Java reports as a plain IOException.
        Path target = Path.of("/proc/version");
        assumeTrue(refusesWrites(target, IOException.class) && !refusesWrites(target, FileSystemException.class),
                "/proc/version is not writable-but-failing here");
        ToolResult r = new Calls(dir).append(target.toString(), "x");
        assertThat(r.code()).isEqualTo(ErrorCode.EIO);
        assertThat(r.output()).startsWith("[ERROR:EIO] cannot append to /proc/version: Input/output error");
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

    private static boolean refusesWrites(Path path, Class<? extends IOException> with) {
        if (!Files.exists(path)) {
            return false;
        }
        try {
            Files.write(path, new byte[] {'x'}, StandardOpenOption.APPEND);
            return false;
        } catch (IOException e) {
            return with.isInstance(e);
        }
    }
}
