package dev.rosetta.tools;

import java.nio.file.Path;

/**
 * Told by a tool just before it writes a file (and before it makes the folders for a new one), so
 * that the write can be taken back: {@code /undo} puts back what the file held, and removes the
 * folders made for it. Every tool that writes files calls it with each file it is about
 * to create, change or delete — save, append and patch do, and a tool that writes through another
 * process (an MCP filesystem server) calls it before it sends the call, for every path the call
 * names. What the file holds after is read when the call has finished. A tool that cannot know
 * what it will write (the shell) does not call it, and its changes cannot be undone this way.
 *
 * <p>It never throws and never stops a write: when the file cannot be kept (too large, the disk
 * full), the write goes on and {@code /undo} says it cannot restore that file.
 */
@FunctionalInterface
public interface FileWrites {

    /** Keeps nothing: for tools run outside a conversation. */
    FileWrites NONE = file -> { };

    /** @param file the file about to be written, absolute (a link is kept as the path that names it) */
    void aboutToWrite(Path file);
}
