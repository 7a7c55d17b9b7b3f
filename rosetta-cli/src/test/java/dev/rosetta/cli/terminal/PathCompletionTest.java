package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jline.reader.Candidate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathCompletionTest {

    @TempDir
    Path workspace;
    @TempDir
    Path home;
    private PathCompletion paths;

    @BeforeEach
    void files() throws IOException {
        Files.writeString(workspace.resolve("hello.py"), "print(1)\n");
        Files.writeString(workspace.resolve("help.md"), "# help\n");
        Files.writeString(workspace.resolve(".env"), "SECRET=1\n");
        Files.createDirectories(workspace.resolve("src/main"));
        Files.writeString(workspace.resolve("src/main/App.java"), "class App {}\n");
        Files.writeString(home.resolve("notes.txt"), "n\n");
        paths = new PathCompletion(workspace, home);
    }

    @Test
    void namesAreRelativeToTheWorkspace() {
        assertThat(values(paths.candidates("hel"))).containsExactlyInAnyOrder("hello.py", "help.md");
    }

    @Test
    void foldersEndWithASlashAndLeaveTheWordOpen() {
        List<Candidate> found = paths.candidates("sr");

        assertThat(values(found)).containsExactly("src/");
        assertThat(found.get(0).complete()).isFalse();
        assertThat(values(paths.candidates("src/main/"))).containsExactly("src/main/App.java");
    }

    @Test
    void hiddenFilesOnlyWhenAskedForWithADot() {
        assertThat(values(paths.candidates(""))).doesNotContain(".env");
        assertThat(values(paths.candidates("."))).contains(".env");
    }

    @Test
    void absoluteAndHomePathsWork() {
        assertThat(values(paths.candidates(workspace + "/hello"))).containsExactly(workspace + "/hello.py");
        assertThat(values(paths.candidates("~/no"))).containsExactly("~/notes.txt");
    }

    @Test
    void missingFolderOffersNothing() {
        assertThat(paths.candidates("nowhere/x")).isEmpty();
        assertThat(paths.candidates("hello.py/x")).isEmpty();
    }

    static List<String> values(List<Candidate> candidates) {
        return candidates.stream().map(Candidate::value).toList();
    }
}
