package dev.rosetta.agent.log;

import java.util.List;

/**
 * What reading a log found.
 *
 * @param messages       the visible messages: every message, less those undone
 * @param warnings       what the user should know, e.g. that a torn last line was skipped
 * @param goodLength     bytes up to the end of the last readable line, where appending resumes
 *                       (blank bytes after it, such as the NULs a crash can leave, are not kept)
 * @param missingNewline whether that last readable line lacks its newline (the writer was stopped
 *                       just before it)
 * @param torn           a last line cut off by a crash, or empty
 */
record LogContents(List<LoggedMessage> messages, List<String> warnings, long goodLength, boolean missingNewline,
        byte[] torn) {

    LogContents {
        messages = List.copyOf(messages);
        warnings = List.copyOf(warnings);
    }

    /** Whether a file of {@code size} bytes must be cut back or end a line before appending to it. */
    boolean needsRepair(long size) {
        return torn.length > 0 || missingNewline || size != goodLength;
    }

    static LogContents empty() {
        return new LogContents(List.of(), List.of(), 0, false, new byte[0]);
    }
}
