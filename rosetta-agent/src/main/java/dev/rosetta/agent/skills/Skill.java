package dev.rosetta.agent.skills;

import java.nio.file.Path;
import java.util.List;

/**
 * One Agent Skill: a folder with a {@code SKILL.md} (agentskills.io), as found.
 *
 * @param name           the name the model and the user call it by: the front matter's {@code name},
 *                       else its folder's name
 * @param description    what it does and when to use it: {@code description} (with Claude Code's
 *                       {@code when_to_use} after it), else the body's first paragraph
 * @param location       its {@code SKILL.md}
 * @param fromProject    whether it comes with the project (else from the user's folders)
 * @param modelInvocable false when its front matter says {@code disable-model-invocation: true}:
 *                       the model is not told of it, only the user can load it
 * @param arguments      the names its {@code arguments} field gives the arguments it is loaded with
 */
public record Skill(String name, String description, Path location, boolean fromProject, boolean modelInvocable,
        List<String> arguments) {

    public Skill {
        arguments = List.copyOf(arguments);
    }

    /** The folder its relative paths start from. */
    public Path folder() {
        return location.getParent();
    }
}
