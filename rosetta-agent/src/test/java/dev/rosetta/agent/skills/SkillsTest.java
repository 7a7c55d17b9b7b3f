package dev.rosetta.agent.skills;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolContext;

/** Skills found in the user's and the project's folders, listed for the model and loaded by the skill tool. */
class SkillsTest {

    @TempDir
    Path root;

    private Path home() {
        return root.resolve("home");
    }

    private Path config() {
        return home().resolve(".config/rosetta");
    }

    private Path project() {
        return root.resolve("repo");
    }

    private Path skill(Path skillsFolder, String folder, String text) throws IOException {
        Path dir = skillsFolder.resolve(folder);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("SKILL.md"), text);
        return dir;
    }

    private static String skillText(String name, String description, String body) {
        return "---\nname: " + name + "\ndescription: " + description + "\n---\n" + body;
    }

    private Skills discover(Path workspace) {
        return Skills.discover(workspace, config(), home());
    }

    @Test
    void skillsAreFoundInTheUsersAndTheProjectsFolders() throws IOException {
        Files.createDirectories(project().resolve(".git"));
        skill(config().resolve("skills"), "commit", skillText("commit", "Writes commit messages.", "Use git."));
        skill(home().resolve(".claude/skills"), "pdf", skillText("pdf", "Handles PDFs.", "Use pdftotext."));
        skill(project().resolve(".agents/skills"), "deploy", skillText("deploy", "Deploys the app.", "Run make."));
        skill(project().resolve("app/.rosetta/skills"), "lint", skillText("lint", "Lints the app.", "Run ruff."));
        Skills skills = discover(project().resolve("app"));

        assertThat(skills.all()).extracting(Skill::name).containsExactly("commit", "pdf", "lint", "deploy");
        assertThat(skills.named("lint").orElseThrow().fromProject()).isTrue();
        assertThat(skills.named("commit").orElseThrow().fromProject()).isFalse();
        assertThat(skills.notes()).isEmpty();
    }

    @Test
    void theUsersSkillWinsOverTheProjectsOfTheSameNameWhichIsNamedInANote() throws IOException {
        skill(config().resolve("skills"), "deploy", skillText("deploy", "My own deploy.", "Mine."));
        Path theirs = skill(project().resolve(".claude/skills"), "deploy", skillText("deploy", "Theirs.", "Theirs."));
        Skills skills = discover(project());

        assertThat(skills.all()).singleElement().extracting(Skill::description).isEqualTo("My own deploy.");
        assertThat(skills.notes()).singleElement().asString().contains(theirs.resolve("SKILL.md").toString())
                .contains("is not used");
    }

    @Test
    void withoutADescriptionTheFirstParagraphDescribesItAndWithNeitherItIsLeftOut() throws IOException {
        skill(project().resolve(".claude/skills"), "notes", "# Notes\n\nKeeps release notes.\nIn CHANGES.md.\n\nMore.\n");
        skill(project().resolve(".claude/skills"), "empty", "---\nname: empty\n---\n");
        Skills skills = discover(project());

        assertThat(skills.named("notes").orElseThrow().description()).isEqualTo("Keeps release notes. In CHANGES.md.");
        assertThat(skills.named("empty")).isEmpty();
        assertThat(skills.notes()).singleElement().asString().contains("has no description");
    }

    @Test
    void theFolderNamesASkillWhoseFrontMatterDoesNot() throws IOException {
        skill(project().resolve(".agents/skills"), "data-analysis", "---\ndescription: Analyses data.\n---\nbody");
        assertThat(discover(project()).all()).extracting(Skill::name).containsExactly("data-analysis");
    }

    @Test
    void aSkillOnlyTheUserStartsIsNotOfferedToTheModel() throws IOException {
        skill(project().resolve(".claude/skills"), "release",
                "---\nname: release\ndescription: Ships a release.\ndisable-model-invocation: true\n---\nShip it.");
        skill(project().resolve(".claude/skills"), "review", skillText("review", "Reviews <diffs> & patches.", "x"));
        Skills skills = discover(project());

        assertThat(skills.offered()).extracting(Skill::name).containsExactly("review");
        assertThat(skills.prompt()).contains("<name>review</name>")
                .contains("<description>Reviews &lt;diffs&gt; &amp; patches.</description>")
                .contains("<location>" + project().resolve(".claude/skills/review/SKILL.md") + "</location>")
                .doesNotContain("release");
    }

    @Test
    void noSkillsMeansNoPromptSection() {
        assertThat(discover(project()).prompt()).isEmpty();
    }

    @Test
    void aSkillReachedTwiceThroughALinkIsListedOnce() throws IOException {
        Path real = skill(root.resolve("shared"), "fmt", skillText("fmt", "Formats code.", "Run fmt."));
        Files.createDirectories(project().resolve(".claude/skills"));
        Files.createSymbolicLink(project().resolve(".claude/skills/fmt"), real);
        Files.createDirectories(project().resolve(".agents/skills"));
        Files.createSymbolicLink(project().resolve(".agents/skills/fmt"), real);
        Skills skills = discover(project());
        assertThat(skills.all()).hasSize(1);
        assertThat(skills.notes()).isEmpty();
    }

    @Test
    void theSkillToolLoadsTheBodyWithItsFolderAndFilesAndFillsInClaudeCodesPlaceholders() throws IOException {
        Path dir = skill(project().resolve(".claude/skills"), "render-chart", """
                ---
                name: render-chart
                description: Renders a chart from a CSV file.
                arguments: [csv]
                ---
                # Render a chart

                Run `${CLAUDE_SKILL_DIR}/scripts/render.sh $csv` from ${CLAUDE_PROJECT_DIR}.
                Session ${CLAUDE_SESSION_ID}; first word $0; all: $ARGUMENTS; a price: \\$1.00.
                """);
        Files.createDirectories(dir.resolve("scripts"));
        Files.writeString(dir.resolve("scripts/render.sh"), "echo chart");
        Files.writeString(dir.resolve("REFERENCE.md"), "ref");
        Skills skills = discover(project());
        SkillTool tool = new SkillTool(skills, project(), "2026-01-01-quiet-fox");

        ToolResult result = tool.run(new Arguments(Map.of("name", "render-chart", "arguments", "sales.csv bar")),
                ToolContext.in(project()));
        assertThat(result.isError()).isFalse();
        assertThat(result.output()).startsWith("<skill_content name=\"render-chart\">\n# Render a chart")
                .contains("Run `" + dir + "/scripts/render.sh sales.csv` from " + project() + ".")
                .contains("Session 2026-01-01-quiet-fox; first word sales.csv; all: sales.csv bar; a price: $1.00.")
                .contains("Skill directory: " + dir)
                .contains("<file>REFERENCE.md</file>").contains("<file>scripts/render.sh</file>")
                .doesNotContain("<file>SKILL.md</file>").doesNotContain("description:")
                .endsWith("</skill_content>");
    }

    @Test
    void argumentsABodyDoesNotPlaceComeAfterIt() {
        assertThat(SkillContent.withArguments("Fix the issue.", "42", java.util.List.of()))
                .isEqualTo("Fix the issue.\n\nARGUMENTS: 42");
        assertThat(SkillContent.withArguments("Fix $1 of $0.", "42", java.util.List.of())).isEqualTo("Fix $1 of 42.");
    }

    @Test
    void theSkillToolSaysWhichSkillsThereAreWhenTheNameIsWrong() throws IOException {
        skill(project().resolve(".claude/skills"), "pdf", skillText("pdf", "Handles PDFs.", "x"));
        skill(project().resolve(".claude/skills"), "ship",
                "---\nname: ship\ndescription: Ships.\ndisable-model-invocation: true\n---\nShip.");
        SkillTool tool = new SkillTool(discover(project()), project(), "id");
        ToolResult unknown = tool.run(new Arguments(Map.of("name", "pdfs")), ToolContext.in(project()));
        assertThat(unknown.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(unknown.output()).contains("the skills are: pdf");
        ToolResult userOnly = tool.run(new Arguments(Map.of("name", "ship")), ToolContext.in(project()));
        assertThat(userOnly.code()).isEqualTo(ErrorCode.DENIED);
        assertThat(tool.trusted()).isTrue();
        assertThat(tool.spec().examples().getFirst().use().args()).containsExactly("pdf");
    }
}
