package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * A real file system with no room left: a 64 KiB tmpfs mounted on a folder, filled to the last
 * block by a filler file after the test has put its own files there. Needs root (CI is root on
 * the same kind of machine, so there it must work, and a failure to mount fails the test).
 */
final class FullDisk implements AutoCloseable {

    final Path root;

    private FullDisk(Path root) {
        this.root = root;
    }

    /** Mounts a small tmpfs on {@code folder} (which must exist and be empty). */
    static FullDisk mount(Path folder) throws InterruptedException {
        String problem = run(List.of("mount", "-t", "tmpfs", "-o", "size=64k,mode=0777", "tmpfs", folder.toString()));
        MachineRequirement.require(problem == null,
                "mounting a small tmpfs to fill (needs root: " + problem + ")");
        return new FullDisk(folder);
    }

    /**
     * Fills what room is left with one file, until the file system says it is full, then gives
     * back {@code room} bytes: a large write then starts, and fails part way.
     */
    void fillLeaving(int room) throws IOException {
        Path filler = root.resolve("filler");
        try (FileChannel out = FileChannel.open(filler, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            try {
                for (int i = 0; i < 64; i++) {
                    out.write(ByteBuffer.allocate(4096));
                }
                throw new IllegalStateException("a 64 KiB tmpfs took 256 KiB: it is not full");
            } catch (IOException e) {
                // No space left: what we wanted.
            }
            out.truncate(Math.max(0, out.size() - room));
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        String problem = run(List.of("umount", root.toString()));
        if (problem != null) {
            throw new IOException("umount " + root + ": " + problem);
        }
    }

    /** Runs a command; null when it succeeded, else what it said. */
    private static String run(List<String> command) throws InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String said;
        try (var in = p.getInputStream()) {
            said = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            said = e.getMessage();
        }
        return p.waitFor() == 0 ? null : "exit " + p.exitValue() + (said.isEmpty() ? "" : ", " + said);
    }
}
