package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * Agent Skills through the jar (docs/CONFIG.md, Skills): a skill as public skill repositories write
 * them for Claude Code (front matter with an unquoted colon in its description, a scripts folder),
 * listed to the model, loaded with the skill tool, listed by {@code /skills}.
 */
class SkillsIT extends EndToEnd {

    private static final String MODEL = "openai/gpt-4.1";

    /** In the Anthropic skills repository's shape: name, description, then the instructions. */
    private static final String PDF_SKILL = """
            ---
            name: pdf-processing
            description: Extract text and tables from PDF files. Use when: the user mentions PDFs, forms or document extraction.
            license: Apache-2.0
            ---

            # PDF processing

            Run `python3 ${CLAUDE_SKILL_DIR}/scripts/extract.py FILE` and summarise the text it prints.
            Pages asked for: $ARGUMENTS
            """;

    private Path pdfSkill() throws IOException {
        Path folder = sandbox.workspace().resolve(".claude/skills/pdf-processing");
        Files.createDirectories(folder.resolve("scripts"));
        Files.writeString(folder.resolve("SKILL.md"), PDF_SKILL);
        Files.writeString(folder.resolve("scripts/extract.py"), "print('text')\n");
        return folder;
    }

    @Test
    void aPublicSkillIsListedToTheModelAndLoadedWhenItAsks() throws IOException {
        Path folder = pdfSkill();
        model.script(Format.TOOL.reply("", ModelCall.json("skill", "{\"name\": \"pdf-processing\", \"arguments\": \"1-3\"}")),
                ScriptedReply.text("I will run the script."));

        Run run = sandbox.rosetta("-n", "-m", MODEL, "--tool-format", "tool", "summarise report.pdf");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String system = model.request(0).systemPrompt();
        assertThat(system).contains("pdf-processing")
                .contains("Extract text and tables from PDF files. Use when: the user mentions PDFs");
        assertThat(system).as("only the name and description until it is loaded").doesNotContain("extract.py");
        String loaded = String.join("\n", model.request(1).strings());
        assertThat(loaded).contains("Run `python3 " + folder.toRealPath().resolve("scripts/extract.py") + " FILE`")
                .contains("Pages asked for: 1-3")
                .contains("scripts/extract.py");
    }

    @Test
    void slashSkillsListsTheSkillsWithTheirDescriptions() throws IOException {
        pdfSkill();
        Path mine = sandbox.userConfig().resolve("skills/release-notes");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("SKILL.md"), """
                ---
                name: release-notes
                description: Writes release notes from the git log
                disable-model-invocation: true
                ---
                Read `git log` since the last tag and write the notes.
                """);

        Run run = sandbox.rosetta("-n", "-m", MODEL, "/skills");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String shown = run.stdout() + run.stderr();
        assertThat(shown).contains("pdf-processing").contains("Extract text and tables from PDF files")
                .contains("release-notes").contains("/skills release-notes");
        assertThat(model.requests()).isEmpty();
    }
}
