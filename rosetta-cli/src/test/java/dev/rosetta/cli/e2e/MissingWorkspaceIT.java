package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * A workspace that is not there is refused before anything starts, in one line with exit code 2:
 * a save would otherwise create the folder silently, wherever a typo put it.
 */
class MissingWorkspaceIT extends EndToEnd {

    @Test
    void aWorkspaceThatDoesNotExistIsRefusedAtStartAndNotCreated() {
        Path missing = sandbox.workspace().resolve("no-such-folder");

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "-w", missing.toString(), "save a file");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).containsExactly("rosetta: the workspace " + missing
                + " does not exist; create it first, or choose another folder with --workspace");
        assertThat(missing).doesNotExist();
        assertThat(sandbox.conversations()).isEmpty();
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void aFileGivenAsTheWorkspaceIsRefusedAtStart() throws Exception {
        Path file = Files.writeString(sandbox.workspace().resolve("notes.txt"), "not a folder\n");

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "-w", file.toString(), "save a file");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).singleElement().asString().contains(file + " is not a folder");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void aResumedConversationWhoseFolderIsGoneIsRefusedUntilGivenAnother() throws Exception {
        Path project = Files.createDirectory(sandbox.workspace().resolve("project"));
        model.script(ScriptedReply.text("First answer."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "-w", project.toString(), "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        Files.delete(project);

        Run refused = sandbox.rosetta("-n", "-r", "second task");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.errorLines()).containsExactly("rosetta: this conversation's workspace " + project
                + " does not exist; restore it, or resume with --workspace FOLDER to work in another folder");
        assertThat(project).doesNotExist();
        assertThat(model.requests()).hasSize(1);

        model.script(ScriptedReply.text("Second answer."));
        Run elsewhere = sandbox.rosetta("-n", "-r", "-w", sandbox.workspace().toString(), "second task");

        assertThat(elsewhere.exitCode()).as(elsewhere.toString()).isZero();
        assertThat(elsewhere.stdout()).contains("Second answer.");
    }
}
