package dev.rosetta.agent.skills;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;

/**
 * {@code skill}: loads a skill's instructions into the conversation, by name — the body of its
 * {@code SKILL.md}, read now (an edit since the start counts), with the folder its paths start in and
 * the files it holds listed for the model to read as it needs them ({@link SkillContent}). It only
 * reads, so it runs without asking.
 */
public final class SkillTool implements Tool {

    public static final String NAME = "skill";

    private final Skills skills;
    private final SkillContent content;
    private final ToolSpec spec;

    /** @param sessionId the conversation's id, for skills that use {@code ${CLAUDE_SESSION_ID}} */
    public SkillTool(Skills skills, Path workspace, String sessionId) {
        this.skills = skills;
        this.content = new SkillContent(workspace, sessionId);
        String example = skills.offered().isEmpty() ? "pdf-processing" : skills.offered().getFirst().name();
        this.spec = new ToolSpec(NAME,
                "Loads a skill's instructions, by its name in the skills list.",
                """
                Load a skill before a task its description fits, then follow what it says. Give arguments \
                when the skill takes some.""",
                List.of(Parameter.argument("name", "the skill's name, as the skills list gives it"),
                        Parameter.body("arguments", "what to pass the skill, if it takes arguments", false)),
                List.of(NAME), List.of(),
                List.of(new Example("use the " + example + " skill", "",
                        ToolUse.positional(NAME, List.of(example), null), "<skill_content name=\"" + example
                                + "\">…</skill_content>")));
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean trusted() {
        return true; // it reads instructions the user has; nothing runs
    }

    /**
     * The skill as the model gets it — its body read now, placeholders and {@code arguments} filled
     * in, its folder and files listed — for the tool, and for the user's {@code /skills NAME}.
     */
    public String load(Skill skill, String arguments) throws IOException {
        String text = Files.readString(skill.location(), StandardCharsets.UTF_8);
        return content.of(skill, SkillFile.parse(text).body(), arguments);
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) {
        return new Preview.Note("load the skill " + args.require("name"));
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) {
        String name = args.require("name").strip();
        Skill skill = skills.named(name).orElse(null);
        if (skill == null) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, "there is no skill named '" + name + "'; the skills are: "
                    + String.join(", ", skills.offered().stream().map(Skill::name).toList()));
        }
        if (!skill.modelInvocable()) {
            return ToolResult.error(ErrorCode.DENIED, "the skill '" + name + "' is one the user starts themselves"
                    + " (disable-model-invocation); do not do its steps another way, ask the user to run /skills "
                    + name);
        }
        try {
            return ToolResult.ok(load(skill, args.string("arguments").orElse("")));
        } catch (IOException e) {
            ErrorCode code = e instanceof java.nio.file.NoSuchFileException ? ErrorCode.ENOENT : ErrorCode.EIO;
            return ToolResult.error(code, "could not read " + skill.location() + ": " + e.getMessage());
        }
    }
}
