package dev.rosetta.agent.skills;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;

/** SKILL.md front matter as agentskills.io specifies it, and as skills written for other agents spell it. */
class SkillFileTest {

    @Test
    void frontMatterAndBodyAreSplitAtTheFences() {
        SkillFile file = SkillFile.parse("""
                ---
                name: pdf-processing
                description: Extract PDF text, fill forms, merge files. Use when handling PDFs.
                license: Apache-2.0
                metadata:
                  author: example-org
                  version: "1.0"
                allowed-tools: Bash(git:*) Read
                ---
                # PDF processing

                Use scripts/extract.py.
                ---
                A rule in the body stays in the body.
                """);
        assertThat(file.problem()).isNull();
        assertThat(file.text("name")).isEqualTo("pdf-processing");
        assertThat(file.text("license")).isEqualTo("Apache-2.0");
        assertThat(file.fields().get("metadata")).isEqualTo(Map.of("author", "example-org", "version", "1.0"));
        assertThat(file.words("allowed-tools")).containsExactly("Bash(git:*)", "Read");
        assertThat(file.body()).startsWith("# PDF processing\n").contains("---\nA rule in the body");
    }

    @Test
    void foldedAndLiteralBlocksAndListsAreRead() {
        SkillFile file = SkillFile.parse("""
                ---
                name: code-review
                description: >-
                  Reviews a change for bugs
                  and style.
                allowed-tools:
                  - Read
                  - Bash(git diff:*)
                disable-model-invocation: yes
                ---
                body""");
        assertThat(file.text("description")).isEqualTo("Reviews a change for bugs and style.");
        assertThat(file.words("allowed-tools")).containsExactly("Read", "Bash(git diff:*)");
        assertThat(file.flag("disable-model-invocation")).isTrue();
    }

    @Test
    void anUnquotedValueWithAColonIsReadAsOtherAgentsReadIt() {
        SkillFile file = SkillFile.parse("---\nname: pdf\ndescription: Use this skill when: the user asks about PDFs\n"
                + "---\nbody\n");
        assertThat(file.problem()).isNull();
        assertThat(file.text("description")).isEqualTo("Use this skill when: the user asks about PDFs");
    }

    @Test
    void windowsLineEndsAndAByteOrderMarkAreFine() {
        SkillFile file = SkillFile.parse("\uFEFF---\r\nname: x\r\ndescription: does x\r\n---\r\nbody\r\n");
        assertThat(file.text("description")).isEqualTo("does x");
        assertThat(file.body()).isEqualTo("body\r\n");
    }

    @Test
    void aFileWithoutFrontMatterIsAllBody() {
        SkillFile file = SkillFile.parse("# Deploy\n\nDeploys the app.\n");
        assertThat(file.fields()).isEmpty();
        assertThat(file.body()).isEqualTo("# Deploy\n\nDeploys the app.\n");
    }

    @Test
    void frontMatterThatNeverClosesOrIsNoMappingIsAProblem() {
        assertThat(SkillFile.parse("---\nname: x\n").problem()).contains("never closes");
        assertThat(SkillFile.parse("---\n- a\n- b\n---\nbody").problem()).contains("not YAML");
        assertThat(SkillFile.parse("---\nname: [unclosed\n---\n").problem()).contains("not YAML");
    }

    @Test
    void aliasesThatWouldExplodeAreRefusedNotExpanded() {
        StringBuilder yaml = new StringBuilder("---\na: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n");
        char previous = 'a';
        for (char c = 'b'; c <= 'k'; c++) {
            yaml.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                yaml.append(i == 0 ? "" : ",").append('*').append(previous);
            }
            yaml.append("]\n");
            previous = c;
        }
        SkillFile file = SkillFile.parse(yaml.append("---\nbody").toString());
        assertThat(file.problem()).isNotNull();
    }

    /** Any description, written as a double-quoted YAML string, reads back exactly; the body is untouched. */
    @Test
    void randomDescriptionsAndBodiesReadBackExactly() {
        Random random = new Random(24);
        String alphabet = "abcXYZ 019:-#'\"\\/{}[]>|&*!%@`\t…é€😀";
        for (int round = 0; round < 500; round++) {
            String description = randomText(random, alphabet, 1 + random.nextInt(80));
            String body = randomText(random, alphabet + "\n", random.nextInt(200)) + "\n---\nafter";
            String text = "---\nname: r" + round + "\ndescription: " + Json.write(description) + "\n---\n" + body;
            SkillFile file = SkillFile.parse(text);
            assertThat(file.problem()).as("round %d", round).isNull();
            assertThat(file.text("description")).as("round %d", round).isEqualTo(description);
            assertThat(file.body()).as("round %d", round).isEqualTo(body);
        }
    }

    private static String randomText(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder();
        int[] points = alphabet.codePoints().toArray();
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(points[random.nextInt(points.length)]);
        }
        return text.toString();
    }

    @Test
    void wordsComeFromAListOrASpaceOrCommaSeparatedString() {
        assertThat(SkillFile.parse("---\nallowed-tools: Read, Grep  Bash\n---\n").words("allowed-tools"))
                .isEqualTo(List.of("Read", "Grep", "Bash"));
        assertThat(SkillFile.parse("---\narguments: [issue, branch]\n---\n").words("arguments"))
                .isEqualTo(List.of("issue", "branch"));
    }
}
