package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolFailure;

class FileToolsTest {

    @TempDir
    Path dir;

    @Test
    void theFileToolsAreTheBuiltinDeclarations() {
        assertThat(FileTools.all().stream().map(Tool::spec).toList())
                .containsExactly(BuiltinTools.SAVE, BuiltinTools.APPEND, BuiltinTools.PATCH, BuiltinTools.READ);
    }

    @Test
    void theDeclaredExamplesRunForReal() throws Exception {
        Calls calls = new Calls(dir);
        for (ToolSpec spec : List.of(BuiltinTools.SAVE, BuiltinTools.PATCH, BuiltinTools.READ, BuiltinTools.APPEND)) {
            for (Example example : spec.examples()) {
                ToolResult r = calls.call(spec.name(), example.use().args().get(0), example.use().content());
                assertThat(r.isError()).as(spec.name() + ": " + r.output()).isFalse();
            }
        }
        assertThat(calls.text("hello.py")).isEqualTo("print(\"Hello, everyone!\")\n");
        assertThat(calls.read("hello.py", "1-20").output()).isEqualTo("1\tprint(\"Hello, everyone!\")\n");
        assertThat(calls.text("notes.md")).isEqualTo("- [ ] write the release notes");
    }

    /**
     * Opening a FIFO blocks until someone writes to it, and nobody will: each tool, and each
     * preview, must refuse it without opening it. A hang here is the bug, caught by the guard.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard, not a measurement
    void everyFileToolRefusesAFifoWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertRefusedAsNotARegularFile(new Calls(dir), "pipe");
        assertThat(Files.readAttributes(fifo, BasicFileAttributes.class).isOther()).isTrue();
    }

    /** A private /dev/full (char 1,7): appending to it fails, saving would rename a file over it. */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard, not a measurement
    void everyFileToolRefusesADeviceAndLeavesIt() throws Exception {
        Path device = dir.resolve("full");
        Process mknod = new ProcessBuilder("mknod", device.toString(), "c", "1", "7").redirectErrorStream(true).start();
        String said = new String(mknod.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        MachineRequirement.require(mknod.waitFor() == 0, "making a device node (needs root: " + said + ")");
        assertRefusedAsNotARegularFile(new Calls(dir), "full");
        assertThat(Files.readAttributes(device, BasicFileAttributes.class).isOther()).isTrue();
    }

    private static void assertRefusedAsNotARegularFile(Calls calls, String name) throws Exception {
        for (String tool : List.of("save", "append", "patch", "read")) {
            String body = tool.equals("patch") ? Calls.hunk("a\n", "b\n") : tool.equals("read") ? null : "x\n";
            ToolResult r = calls.call(tool, name, body);
            assertThat(r.code()).as(tool).isEqualTo(ErrorCode.INVALID_ARGS);
            assertThat(r.output()).as(tool).contains(name + " is not a regular file (a device, pipe or socket)");
            if (!tool.equals("read")) { // read's preview is a note that opens nothing
                assertThatThrownBy(() -> calls.preview(tool, name, body)).as(tool + " preview")
                        .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGS));
            }
        }
    }
}
