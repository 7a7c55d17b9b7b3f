package dev.rosetta.agent.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.SystemPrompt;
import dev.rosetta.core.dialect.ToolFormat;

/** AGENTS.md and kin: from the user's folder, then the repository root down to the workspace, each named. */
class ProjectInstructionsTest {

    @TempDir
    Path home;

    @TempDir
    Path repo;

    @Test
    void filesAreReadFromTheUsersFolderThenFromTheRootDownToTheWorkspace() throws Exception {
        Path user = Files.createDirectories(home.resolve(".config/rosetta"));
        Files.writeString(user.resolve("AGENTS.md"), "Be brief.\n");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve("AGENTS.md"), "Run the tests with make test.\n");
        Path workspace = Files.createDirectories(repo.resolve("services/api"));
        Files.writeString(repo.resolve("services/CLAUDE.md"), "Services use Java 21.\n");
        Files.writeString(workspace.resolve("ROSETTA.md"), "The API module has no database.\n");

        ProjectInstructions loaded = ProjectInstructions.load(workspace, user);

        assertThat(loaded.files()).extracting(InstructionFile::path).containsExactly(user.resolve("AGENTS.md"),
                repo.resolve("AGENTS.md"), repo.resolve("services/CLAUDE.md"), workspace.resolve("ROSETTA.md"));
        String prompt = SystemPrompt.of(ToolFormat.MARKDOWN, List.of(), workspace, LocalDate.of(2026, 12, 1), loaded);
        assertThat(prompt).contains("## " + repo.resolve("AGENTS.md") + "\n\nRun the tests with make test.");
        assertThat(prompt.indexOf("Be brief.")).isLessThan(prompt.indexOf("make test"));
        assertThat(prompt.indexOf("make test")).isLessThan(prompt.indexOf("no database"));
    }

    @Test
    void foldersAboveAWorkspaceOutsideAnyRepositoryAreNotRead() throws Exception {
        Files.writeString(repo.resolve("AGENTS.md"), "Not for the child.\n");
        Path workspace = Files.createDirectories(repo.resolve("child"));
        Files.writeString(workspace.resolve("AGENTS.md"), "For the child.\n");

        assertThat(ProjectInstructions.load(workspace, null).files()).extracting(InstructionFile::text)
                .containsExactly("For the child.");
    }

    @Test
    void aLinkOrACopyIsReadOnce() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve("AGENTS.md"), "One set of rules.\n");
        Files.createSymbolicLink(repo.resolve("CLAUDE.md"), repo.resolve("AGENTS.md"));
        Files.writeString(repo.resolve("ROSETTA.md"), "One set of rules.\n");

        assertThat(ProjectInstructions.load(repo, null).files()).hasSize(1);
    }

    @Test
    void aLargeFileIsCutWithANoticeInThePromptAndANoteForTheUser() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve("AGENTS.md"), "x".repeat(ProjectInstructions.MAX_CHARS + 5_000));

        ProjectInstructions loaded = ProjectInstructions.load(repo, null);

        InstructionFile f = loaded.files().getFirst();
        assertThat(f.cut()).isTrue();
        assertThat(f.chars()).isEqualTo(ProjectInstructions.MAX_CHARS + 5_000);
        assertThat(f.text()).endsWith("read it with a tool for the rest …]").hasSizeLessThan(ProjectInstructions.MAX_CHARS + 200);
        assertThat(loaded.notes()).singleElement().asString().contains("37,000 characters").contains("first 32,000");
    }

    @Test
    void withoutFilesThePromptIsAsBefore() {
        ProjectInstructions none = ProjectInstructions.load(repo, home.resolve("missing"));
        assertThat(none.isEmpty()).isTrue();
        assertThat(SystemPrompt.of(ToolFormat.XML, List.of(), repo, LocalDate.of(2026, 12, 1), none))
                .isEqualTo(SystemPrompt.of(ToolFormat.XML, List.of(), repo, LocalDate.of(2026, 12, 1)));
    }
}
