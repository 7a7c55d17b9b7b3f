package dev.rosetta.tools.repl;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The file an interpreter's stdout and stderr go to (opened in append mode by the interpreter,
 * so both streams, child processes and our truncation interleave correctly). A file rather than
 * a pipe: what was printed survives the interpreter dying mid-call, a chatty program never
 * blocks on a full pipe, and the output never mixes with the protocol.
 */
public final class CaptureFile implements AutoCloseable {

    /** Output beyond this keeps its head and tail; the model gets far less anyway. */
    static final long KEEP_BYTES = 8L << 20;

    private final Path dir;
    private final Path file;
    private final long keepBytes;

    private CaptureFile(Path dir, long keepBytes) throws IOException {
        this.dir = dir;
        this.file = Files.createFile(dir.resolve("output"));
        this.keepBytes = keepBytes;
    }

    /** A fresh, empty capture file in a private temporary folder. */
    public static CaptureFile create(String name) throws IOException {
        return new CaptureFile(Files.createTempDirectory("rosetta-" + name + "-"), KEEP_BYTES);
    }

    static CaptureFile create(String name, long keepBytes) throws IOException {
        return new CaptureFile(Files.createTempDirectory("rosetta-" + name + "-"), keepBytes);
    }

    public Path path() {
        return file;
    }

    /**
     * Everything written since the last drain, decoded with replacement, and empties the file.
     * Output larger than the keep limit keeps its head and tail around a line saying how much
     * was dropped. A file that cannot be read (a temp cleaner removed it) gives a note instead:
     * losing output must not fail the call.
     */
    public String drain() {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            // Never follow what took its place: a link would have Rosetta read and empty another file.
            return "[the output file " + file + " was replaced by something that is not a plain file; it was not read]\n";
        }
        // RandomAccessFile, not FileChannel: a channel closes itself when the thread is
        // interrupted, and a canceled call must still collect what the code printed
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            long size = out.length();
            String text = size <= keepBytes ? decode(read(out, 0, (int) size))
                    : decode(read(out, 0, (int) (keepBytes / 2)))
                            + "\n[… " + (size - keepBytes) + " bytes of output dropped …]\n"
                            + decode(read(out, size - keepBytes / 2, (int) (keepBytes / 2)));
            out.setLength(0);
            return text;
        } catch (IOException e) {
            return "[the output could not be read from " + file + ": " + e + "]\n";
        }
    }

    private static byte[] read(RandomAccessFile file, long from, int length) throws IOException {
        byte[] bytes = new byte[length];
        file.seek(from);
        int total = 0;
        int n;
        while (total < length && (n = file.read(bytes, total, length - total)) > 0) {
            total += n;
        }
        return total == length ? bytes : Arrays.copyOf(bytes, total);
    }

    private static String decode(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Deletes the file and its folder. */
    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder we could not remove is not worth failing for
        }
    }
}
