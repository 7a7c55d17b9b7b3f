package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.FileAccess;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.ToolContext;

/**
 * The file tools with a holder of the files (as an editor is, over ACP): its buffers differ from the
 * disk, so each assertion tells which one a tool read or wrote.
 */
class HeldFilesTest {

    @TempDir
    Path dir;

    /** An editor's buffers, in memory; what it was asked, in order. */
    static final class Buffers implements FileAccess {
        final Map<Path, String> open = new LinkedHashMap<>();
        final List<String> asked = new ArrayList<>();
        boolean reads = true;
        boolean writes = true;
        /** What the editor answers a write with, or null: it writes. */
        String refusal;

        @Override
        public boolean reads() {
            return reads;
        }

        @Override
        public boolean writes() {
            return writes;
        }

        @Override
        public String read(Path file) throws IOException {
            asked.add("read " + file);
            String text = open.get(file);
            if (text == null) {
                return Files.readString(file); // a file the editor has not open: it reads the disk
            }
            return text;
        }

        @Override
        public void write(Path file, String text) throws IOException {
            asked.add("write " + file);
            if (refusal != null) {
                throw new FileSystemException(file.toString(), null, refusal);
            }
            open.put(file, text);
        }
    }

    private final Buffers buffers = new Buffers();
    /** The tools over {@link #buffers}, unconfined. */
    private Calls calls;

    @BeforeEach
    void tools() {
        calls = calls(false);
    }

    /** The tools over {@link #buffers}, confined to the workspace when {@code confine}. */
    private Calls calls(boolean confine) {
        return new Calls(ToolContext.in(dir).confined(confine).withFiles(buffers));
    }

    /** A file that is {@code onDisk} on the disk and {@code inEditor} in its open buffer. */
    private Path held(String name, String onDisk, String inEditor) throws IOException {
        Path file = calls.write(name, onDisk);
        buffers.open.put(file, inEditor);
        return file;
    }

    @Test
    void readSeesTheUnsavedBufferNotTheDisk() throws Exception {
        held("app.py", "on disk\n", "in the editor\nunsaved\n");
        ToolResult r = calls.read("app.py");
        assertThat(r.output()).contains("in the editor").contains("unsaved").doesNotContain("on disk");
    }

    @Test
    void anEmptyFileOnDiskWithABufferIsReadFromTheBuffer() throws Exception {
        held("new.txt", "", "typed, not saved\n");
        assertThat(calls.read("new.txt").output()).contains("typed, not saved");
    }

    @Test
    void saveWritesThroughTheHolderAndLeavesTheDiskAlone() throws Exception {
        Path file = held("app.py", "on disk\n", "a\nb\nc\n");
        ToolResult r = calls.save("app.py", "x");
        assertThat(r.output()).isEqualTo("Saved app.py (1 line, overwritten, was 3 lines)");
        assertThat(buffers.open.get(file)).isEqualTo("x\n");
        assertThat(calls.text("app.py")).isEqualTo("on disk\n");
    }

    @Test
    void patchAppliesToTheBufferAndItsPreviewShowsTheBuffersDiff() throws Exception {
        Path file = held("app.py", "disk line\n", "def main():\r\n    return 1\r\n");
        String hunk = Calls.hunk("    return 1\n", "    return 2\n");
        Preview preview = calls.preview("patch", "app.py", hunk);
        assertThat(((Preview.FileChange) preview).diff()).contains("-    return 1").contains("+    return 2");
        ToolResult r = calls.patch("app.py", hunk);
        assertThat(r.isError()).as(r.output()).isFalse();
        assertThat(buffers.open.get(file)).isEqualTo("def main():\r\n    return 2\r\n"); // its line breaks kept
        assertThat(calls.text("app.py")).isEqualTo("disk line\n");
    }

    @Test
    void appendAddsToTheBuffersText() throws Exception {
        Path file = held("notes.md", "disk\n", "buffer without a final break");
        ToolResult r = calls.append("notes.md", "more\n");
        assertThat(r.isError()).as(r.output()).isFalse();
        assertThat(buffers.open.get(file)).isEqualTo("buffer without a final break\nmore\n");
        assertThat(calls.text("notes.md")).isEqualTo("disk\n");
    }

    @Test
    void aNewFileIsCreatedThroughTheHolder() throws Exception {
        Calls confined = calls(true);
        ToolResult r = confined.save("src/new.py", "print(1)\n");
        assertThat(r.isError()).as(r.output()).isFalse();
        assertThat(buffers.open).containsEntry(dir.resolve("src/new.py"), "print(1)\n");
        assertThat(dir.resolve("src/new.py")).doesNotExist();
    }

    @Test
    void linksAreFollowedBeforeTheHolderIsAskedAndTheWorkspaceStaysTheConfine() throws Exception {
        Calls confined = calls(true);
        Path real = confined.write("real/app.py", "disk\n");
        Files.createSymbolicLink(dir.resolve("link.py"), real);
        Path outside = Files.createTempFile("outside", ".txt");
        try {
            Files.createSymbolicLink(dir.resolve("away.txt"), outside);
            assertThat(confined.save("link.py", "through the link\n").isError()).isFalse();
            assertThat(buffers.asked).contains("write " + real);
            assertThat(buffers.open).containsEntry(real, "through the link\n").doesNotContainKey(dir.resolve("link.py"));

            buffers.asked.clear();
            ToolResult away = confined.save("away.txt", "escape\n");
            assertThat(away.code()).isEqualTo(ErrorCode.EACCES);
            assertThat(buffers.asked).isEmpty();
        } finally {
            Files.deleteIfExists(outside);
        }
    }

    @Test
    void theHoldersRefusalIsTheToolsErrorInItsWords() throws Exception {
        calls.write("app.py", "disk\n");
        buffers.refusal = "the editor could not write it: buffer is read-only";
        ToolResult r = calls.save("app.py", "x\n");
        assertThat(r.isError()).isTrue();
        assertThat(r.output()).contains("cannot write app.py").contains("buffer is read-only");
    }

    @Test
    void withoutTheReadCapabilityReadsComeFromTheDisk() throws Exception {
        buffers.reads = false;
        Path file = held("app.py", "on disk\n", "in the editor\n");
        assertThat(calls.read("app.py").output()).contains("on disk");
        calls.save("app.py", "saved\n");
        assertThat(buffers.asked).containsExactly("write " + file);
    }

    @Test
    void aMissingFileTheHolderDoesNotHaveIsStillAMissingFile() throws Exception {
        ToolResult r = calls.read("nowhere.txt");
        assertThat(r.code()).isEqualTo(ErrorCode.ENOENT);
        assertThat(buffers.asked).isEmpty();
        assertThat(new Workspace(dir, false, buffers).text(dir.resolve("nowhere.txt"), 100)).isEmpty();
        buffers.open.put(dir.resolve("x.txt"), "held");
        assertThat(new Workspace(dir, false, buffers).text(dir.resolve("x.txt"), 100)).contains("held");
        assertThat(new Workspace(dir, false, buffers).text(dir.resolve("x.txt"), 2)).isEmpty();
    }
}
