package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import dev.rosetta.core.size.ByteSize;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.FileWrites;
import dev.rosetta.tools.ToolFailure;

/**
 * A file as it is before save, append or patch changes it.
 *
 * @param path      the file
 * @param shown     the path as the model knows it
 * @param exists    whether there is a file there now
 * @param content   its text and conventions (empty for a new file)
 * @param validUtf8 whether its bytes are UTF-8 (else {@code content} shows them with U+FFFD)
 * @param binary    whether its first bytes look binary (then a diff says so instead of showing them)
 */
record CurrentFile(Path path, String shown, boolean exists, TextFile content, boolean validUtf8, boolean binary) {

    /** Files larger than this are not edited in memory. */
    static final long MAX_BYTES = 32L << 20;

    /**
     * The file at {@code path}, or a new, empty one when there is none yet. A folder, a FIFO or a
     * device is refused, and so is a read-only file: {@code tool} is about to change it.
     */
    static CurrentFile load(Path path, Workspace workspace, String tool) throws ToolFailure {
        String shown = workspace.show(path);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return new CurrentFile(path, shown, false, TextFile.empty(), true, false);
        } catch (IOException e) {
            throw FileErrors.classify(e, path, workspace, "read");
        }
        if (attributes.isDirectory()) {
            throw FileErrors.isAFolder(shown, tool);
        }
        FileKind.refuseSpecial(attributes, shown, tool);
        ReadOnly.refuse(path, shown, tool);
        if (attributes.size() > MAX_BYTES) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, shown + " is " + ByteSize.of(attributes.size())
                    + ", too large for " + tool + " (the limit is " + ByteSize.of(MAX_BYTES) + "); change it with the shell tool");
        }
        byte[] bytes;
        try {
            bytes = workspace.read(path, MAX_BYTES);
        } catch (NoSuchFileException e) {
            return new CurrentFile(path, shown, false, TextFile.empty(), true, false);
        } catch (IOException e) {
            throw FileErrors.classify(e, path, workspace, "read");
        }
        boolean binary = ContentSniffer.isBinary(bytes, Math.min(bytes.length, ContentSniffer.SAMPLE));
        try {
            return new CurrentFile(path, shown, true, TextFile.decode(bytes), true, binary);
        } catch (CharacterCodingException e) {
            return new CurrentFile(path, shown, true, TextFile.decodeLeniently(bytes), false, binary);
        }
    }

    /** The file at {@code path}, which must exist. */
    static CurrentFile existing(Path path, Workspace workspace, String tool) throws ToolFailure {
        CurrentFile file = load(path, workspace, tool);
        if (!file.exists()) {
            throw FileErrors.classify(new NoSuchFileException(path.toString()), path, workspace, tool);
        }
        return file;
    }

    String text() {
        return content.text();
    }

    /** The unified diff from this file to {@code newText}; for a binary file, the line diff(1) prints. */
    String diffTo(String newText) {
        String label = shown.startsWith("/") ? shown : "b/" + shown;
        String oldLabel = !exists ? "/dev/null" : shown.startsWith("/") ? shown : "a/" + shown;
        if (binary) {
            return "Binary files " + oldLabel + " and " + label + " differ\n";
        }
        return UnifiedDiff.of(text(), newText, oldLabel, label);
    }

    /** How a tool puts its bytes in the file: replaced whole, or added at its end. */
    @FunctionalInterface
    interface Bytes {
        void writeTo(Workspace workspace, Path path) throws IOException;
    }

    /**
     * Writes the file: undo is told first (it removes the folders this makes), then the missing
     * folders are made and {@code bytes} written; a failure is the tool's error, worded by {@code
     * verb}. Returns the outermost folder made, or null.
     */
    Path write(Workspace workspace, FileWrites writes, String verb, Bytes bytes) throws ToolFailure {
        writes.aboutToWrite(path);
        Path createdFolder = makeFolders(workspace, verb);
        try {
            bytes.writeTo(workspace, path);
        } catch (IOException e) {
            throw FileErrors.classify(e, path, workspace, verb);
        }
        return createdFolder;
    }

    /** Creates the folders the file will be in; returns the first one that was missing, if any. */
    private Path makeFolders(Workspace workspace, String verb) throws ToolFailure {
        try {
            return workspace.makeFolders(path.getParent());
        } catch (IOException e) {
            throw FileErrors.classify(e, path, workspace, verb);
        }
    }
}
