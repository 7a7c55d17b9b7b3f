package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jline.reader.Candidate;

/**
 * File names for the word being typed, relative to the workspace (where the tools work, so the
 * names mean the same to the model), absolute, or under {@code ~/}. Folders end with a slash and
 * leave the word open; hidden entries only when the word asks for them with a dot.
 */
final class PathCompletion {

    /** A folder of a hundred thousand files should not stall the prompt. */
    private static final int MAX_CANDIDATES = 1_000;

    private final Path workspace;
    private final Path home;

    PathCompletion(Path workspace, Path home) {
        this.workspace = workspace;
        this.home = home;
    }

    List<Candidate> candidates(String word) {
        int slash = word.lastIndexOf('/');
        String folderPart = word.substring(0, slash + 1);
        String namePrefix = word.substring(slash + 1);
        Path folder = folder(folderPart);
        List<Candidate> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.startsWith(namePrefix) || (name.startsWith(".") && !namePrefix.startsWith("."))) {
                    continue;
                }
                boolean isFolder = Files.isDirectory(entry);
                String shown = isFolder ? name + "/" : name;
                out.add(new Candidate(folderPart + shown, shown, null, null, null, null, !isFolder));
                if (out.size() == MAX_CANDIDATES) {
                    break;
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return List.of(); // no such folder, or not readable: nothing to offer
        }
        return out;
    }

    private Path folder(String folderPart) {
        if (folderPart.isEmpty()) {
            return workspace;
        }
        if (folderPart.startsWith("~/")) {
            return home.resolve(folderPart.substring(2));
        }
        Path path = Path.of(folderPart);
        return path.isAbsolute() ? path : workspace.resolve(path);
    }
}
