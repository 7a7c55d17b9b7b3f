package dev.rosetta.tools;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Who holds the files the file tools read and write, when it is not only the disk: an editor that
 * has them open (ACP's {@code fs/read_text_file} and {@code fs/write_text_file}), so that a tool
 * sees the unsaved text of a buffer and its change shows in the editor as the editor's own. Without
 * one ({@link ToolContext#files()} null) the tools use the disk, confined as the workspace is.
 *
 * <p>Everything else stays with the tools: the path is resolved, checked against the workspace and
 * its links followed before it is handed here (always absolute); what the file is on the disk (a
 * folder, a device, read-only, too big) is still asked of the disk; permissions and the log are
 * unchanged, and undo keeps and puts back the text the holder had ({@code Workspace#heldBytes}). A failure is an {@link IOException} whose reason the model reads as the tool's error.
 */
public interface FileAccess {

    /** Whether files are read through it (else from the disk). */
    boolean reads();

    /** Whether files are written through it (else to the disk). */
    boolean writes();

    /**
     * The file's whole text as its holder has it now (an unsaved buffer included).
     *
     * @throws java.nio.file.NoSuchFileException when there is no such file
     */
    String read(Path file) throws IOException;

    /** Replaces the file's whole text, creating the file when there is none. */
    void write(Path file, String text) throws IOException;
}
