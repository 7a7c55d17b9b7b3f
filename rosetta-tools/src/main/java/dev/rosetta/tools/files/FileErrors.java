package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Optional;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Turns a failed file operation into a {@link ToolFailure} with the code of its real cause: the
 * exception's type first, then what the file system says about the path (a folder where a file
 * was needed, a file where a folder was needed). Message text is never looked at.
 */
final class FileErrors {

    private FileErrors() {}

    /**
     * @param e         what the operation threw
     * @param path      the path the tool was working on (not a temporary file beside it)
     * @param workspace to show paths the way the model knows them
     * @param verb      what the tool was doing: "read", "write", "append to"
     */
    static ToolFailure classify(IOException e, Path path, Workspace workspace, String verb) {
        String shown = workspace.show(path);
        return switch (e) {
            case Workspace.Outside outside -> new ToolFailure(ErrorCode.EACCES, "'" + shown + "' " + outside.getReason()
                    + "; use a path inside it", e);
            case ConfinedFolder.LinkInTheWay link -> new ToolFailure(ErrorCode.EACCES, "cannot " + verb + " " + shown
                    + ": " + workspace.show(Path.of(link.getFile())) + " became a symbolic link while the file was being"
                    + " written, so nothing was written (file tools are confined to the workspace and never follow a"
                    + " link they did not check)", e);
            case ConfinedFolder.HardLinked linked -> new ToolFailure(ErrorCode.EACCES, "cannot " + verb + " " + shown
                    + ": it has " + linked.links + " names (hard links), and another name may be outside the"
                    + " workspace, where appending would change it too. Write it whole with save instead (save makes"
                    + " a new file, and the other names keep the old content)", e);
            case NoSuchFileException missing -> fileInTheWay(path)
                    .map(file -> notAFolder(file, shown, workspace, verb))
                    .orElseGet(() -> new ToolFailure(ErrorCode.ENOENT, shown + " does not exist" + Nearby.hint(path, workspace), e));
            case AccessDeniedException denied -> new ToolFailure(ErrorCode.EACCES,
                    "permission denied: cannot " + verb + " " + shown, e);
            case FileAlreadyExistsException exists -> new ToolFailure(ErrorCode.EEXIST, "cannot " + verb + " " + shown + ": "
                    + showFile(exists, path, workspace) + " already exists and is not a folder, so it cannot hold " + shown, e);
            case NotDirectoryException notDir -> new ToolFailure(ErrorCode.ENOTDIR,
                    "cannot " + verb + " " + shown + ": it is a file, not a folder", e);
            case DirectoryNotEmptyException notEmpty -> new ToolFailure(ErrorCode.EEXIST,
                    "cannot " + verb + " " + shown + ": the folder is not empty", e);
            default -> byState(e, path, shown, workspace, verb);
        };
    }

    /** A folder where a file is needed. */
    static ToolFailure isAFolder(String shown, String tool) {
        return new ToolFailure(ErrorCode.EISDIR, shown + " is a folder, not a file; " + tool
                + " needs the path of a file (for example " + shown + "/name.ext)");
    }

    /** The first step of the path that exists but is not a folder, so the path cannot exist. */
    private static Optional<Path> fileInTheWay(Path path) {
        for (Path step = path.getParent(); step != null; step = step.getParent()) {
            if (Files.exists(step)) {
                return Files.isDirectory(step) ? Optional.empty() : Optional.of(step);
            }
        }
        return Optional.empty();
    }

    /** A generic failure: the file system's state says what it was, if anything does. */
    private static ToolFailure byState(IOException e, Path path, String shown, Workspace workspace, String verb) {
        if (Files.isDirectory(path)) {
            return new ToolFailure(ErrorCode.EISDIR, "cannot " + verb + " " + shown + ": it is a folder, not a file", e);
        }
        Optional<Path> file = fileInTheWay(path);
        if (file.isPresent()) {
            return notAFolder(file.get(), shown, workspace, verb);
        }
        // The system's words, for the model to read; the code above came from the state, not from them.
        String reason = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
        if (reason == null || reason.isBlank()) {
            reason = e.getClass().getSimpleName();
        }
        return new ToolFailure(ErrorCode.EIO, "cannot " + verb + " " + shown + ": " + reason, e);
    }

    private static ToolFailure notAFolder(Path file, String shown, Workspace workspace, String verb) {
        return new ToolFailure(ErrorCode.ENOTDIR, "cannot " + verb + " " + shown + ": " + workspace.show(file)
                + " is a file, not a folder, so nothing can be inside it");
    }

    private static String showFile(FileSystemException e, Path fallback, Workspace workspace) {
        return e.getFile() == null ? workspace.show(fallback) : workspace.show(Path.of(e.getFile()));
    }
}
