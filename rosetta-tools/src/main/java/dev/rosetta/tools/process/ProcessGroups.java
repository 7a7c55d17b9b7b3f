package dev.rosetta.tools.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The members of a process group, from {@code /proc}: what a sandbox started, even after the
 * process Rosetta started for it has ended (its init and command keep the group it made with
 * {@code setsid}, while their parent is no longer Rosetta's child). Linux only; elsewhere empty.
 */
public final class ProcessGroups {

    private ProcessGroups() {}

    /** The running processes whose process group is {@code pgid}. */
    public static List<ProcessHandle> members(long pgid) {
        List<ProcessHandle> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"),
                p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                if (groupOf(dir.resolve("stat")) == pgid) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc here
        }
        return found;
    }

    /** {@code pid (comm) state ppid pgrp …}; the command name may hold spaces and parentheses. */
    private static long groupOf(Path stat) {
        try {
            String line = Files.readString(stat, StandardCharsets.ISO_8859_1);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[2]);
        } catch (IOException | RuntimeException e) {
            return -1; // it ended while we looked
        }
    }
}
