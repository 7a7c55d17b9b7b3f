package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rosetta's own environment block, as other processes read it ({@code /proc/PID/environ}). Java
 * keeps its own copy of the environment ({@link System#getenv()}), taken the first time it is
 * asked; the block the kernel shows is the memory the process started with, which a process may
 * write through {@code /proc/self/mem}. {@link #wipe} overwrites the secret entries there with
 * zero bytes, so a process that reads Rosetta's environment (a tool outside the sandbox running
 * {@code cat /proc/$PPID/environ}) finds no key, while Rosetta, holding its copy, still has them.
 * A child started with the inherited environment gets the wiped block too.
 *
 * <p>Linux only; elsewhere, and where {@code /proc/self/mem} cannot be written, the block keeps
 * the keys (docs/SECURITY.md says what that leaves open).
 */
public final class OwnEnvironment {

    /** Fields 50 and 51 of {@code /proc/self/stat}: where the block starts and ends. */
    private static final int ENV_START_FIELD = 50;

    private OwnEnvironment() {}

    /**
     * Wipes every entry whose name {@code rule} calls secret from this process's environment
     * block, after making sure Java holds its own copy.
     *
     * @return the names wiped (empty when there were none), or empty when the block cannot be written
     */
    public static List<String> wipe(SecretVariables rule) {
        Map<String, String> copy = System.getenv(); // Java's copy exists before the block changes
        if (copy.keySet().stream().noneMatch(rule::isSecret)) {
            return List.of();
        }
        try {
            long[] range = blockRange();
            return wipe(rule, range[0], range[1]);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static List<String> wipe(SecretVariables rule, long start, long end) throws IOException {
        if (start <= 0 || end <= start || end - start > (64L << 20)) {
            return List.of();
        }
        List<String> wiped = new ArrayList<>();
        try (RandomAccessFile memory = new RandomAccessFile("/proc/self/mem", "rw")) {
            byte[] block = new byte[(int) (end - start)];
            memory.seek(start);
            memory.readFully(block);
            int entry = 0;
            for (int i = 0; i <= block.length; i++) {
                if (i == block.length || block[i] == 0) {
                    String name = nameOf(block, entry, i);
                    if (name != null && rule.isSecret(name)) {
                        memory.seek(start + entry);
                        memory.write(new byte[i - entry]);
                        wiped.add(name);
                    }
                    entry = i + 1;
                }
            }
        }
        return wiped;
    }

    private static String nameOf(byte[] block, int from, int to) {
        for (int i = from; i < to; i++) {
            if (block[i] == '=') {
                return i == from ? null : new String(block, from, i - from, StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static long[] blockRange() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.ISO_8859_1).strip();
        // The command name (field 2) may hold spaces and parentheses: count from its closing one.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        int first = ENV_START_FIELD - 3; // fields[0] is field 3
        return new long[] {Long.parseLong(fields[first]), Long.parseLong(fields[first + 1])};
    }
}
