package dev.rosetta.tools.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import dev.rosetta.core.size.ByteSize;

/**
 * Where a conversation's tools save whole outputs ({@code tool-outputs/}), and how much it may
 * hold: a command that prints without end, call after call, must not fill the disk (512 MiB a
 * call, 3.1 GB in 25 s, before this). Every writer takes its bytes from the one budget before it
 * writes them; what is refused is said where the output would have been named. The budget starts
 * from what the folder holds when the conversation is opened, so a resumed one goes on from there.
 */
public final class OutputFolder {

    private final Path path;
    private final long limit;
    private final String setting;
    private final AtomicLong used;

    private OutputFolder(Path path, long limit, String setting, long used) {
        this.path = path.toAbsolutePath().normalize();
        this.limit = limit;
        this.setting = setting;
        this.used = new AtomicLong(used);
    }

    /**
     * The folder at {@code path} (made when first written), holding at most {@code limit} bytes.
     *
     * @param setting the setting that sets the limit, for the message that says it was reached
     */
    public static OutputFolder of(Path path, long limit, String setting) {
        return new OutputFolder(path, limit, setting, sizeOf(path));
    }

    /** A folder without a limit (tests, a workspace's own {@code .rosetta/outputs}). */
    public static OutputFolder unbounded(Path path) {
        return new OutputFolder(path, Long.MAX_VALUE, "", 0);
    }

    public Path path() {
        return path;
    }

    /**
     * Takes up to {@code bytes} of the budget for a file about to be written: how many may be
     * written, all of them, fewer, or none when the folder is full.
     */
    public long take(long bytes) {
        while (true) {
            long before = used.get();
            long granted = Math.max(0, Math.min(bytes, limit - before));
            if (granted == 0 || used.compareAndSet(before, before + granted)) {
                return granted;
            }
        }
    }

    /** Whether nothing more may be saved. */
    public boolean isFull() {
        return used.get() >= limit;
    }

    /** Gives back what was taken and not written (a write that failed). */
    public void giveBack(long bytes) {
        used.addAndGet(-bytes);
    }

    /** Why an output was not saved whole: the line that names where it is says this instead. */
    public String full() {
        return "the conversation's saved outputs reached their limit of " + ByteSize.of(limit)
                + (setting.isEmpty() ? "" : " (" + setting + ")");
    }

    private static long sizeOf(Path folder) {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.mapToLong(OutputFolder::size).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0; // unreadable: counted from nothing, as a new folder
        }
    }

    private static long size(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return attributes.isRegularFile() ? attributes.size() : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
