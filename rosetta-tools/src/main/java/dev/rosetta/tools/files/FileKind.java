package dev.rosetta.tools.files;

import java.nio.file.attribute.BasicFileAttributes;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * What the file tools work on: regular files (and folders, which each tool handles its own way).
 * Anything else is refused before it is opened: opening a FIFO blocks until someone writes to
 * it (no Ctrl-C ends that), a device may never end or swallow what is written.
 */
final class FileKind {

    private FileKind() {}

    /** Refuses a FIFO, device or socket; {@code verb} is what the tool would do ("read", "save"). */
    static void refuseSpecial(BasicFileAttributes attributes, String shown, String verb) throws ToolFailure {
        if (!attributes.isRegularFile() && !attributes.isDirectory()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, shown + " is not a regular file (a device, pipe or"
                    + " socket), and " + verb + " works on regular files only: opening it could block or never end."
                    + " Use the shell tool for it.");
        }
    }
}
