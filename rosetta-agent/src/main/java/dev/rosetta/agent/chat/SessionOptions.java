package dev.rosetta.agent.chat;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.skills.Skills;
import dev.rosetta.agent.undo.FileCheckpoints;

/**
 * What keeps a long conversation sharp and its changes undoable, and what the user plugged into it.
 *
 * @param context      how it is kept within the model's context window
 * @param instructions the project instructions for the system prompt
 * @param checkpoints  where files are kept before tools write them (the tools' {@code
 *                     FileWrites}); null when file changes are not kept
 * @param hooks        the commands run at points of the loop ({@code [[hooks]]})
 * @param skills       the Agent Skills the system prompt lists
 */
public record SessionOptions(ContextSettings context, ProjectInstructions instructions,
        FileCheckpoints checkpoints, Hooks hooks, Skills skills) {

    public static final SessionOptions DEFAULT = new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE,
            null, Hooks.NONE, Skills.NONE);

    public SessionOptions {
        context = context == null ? ContextSettings.DEFAULT : context;
        instructions = instructions == null ? ProjectInstructions.NONE : instructions;
        hooks = hooks == null ? Hooks.NONE : hooks;
        skills = skills == null ? Skills.NONE : skills;
    }

    /** Options without hooks or skills. */
    public SessionOptions(ContextSettings context, ProjectInstructions instructions, FileCheckpoints checkpoints) {
        this(context, instructions, checkpoints, Hooks.NONE, Skills.NONE);
    }

    public SessionOptions withHooks(Hooks next) {
        return new SessionOptions(context, instructions, checkpoints, next, skills);
    }

    public SessionOptions withSkills(Skills next) {
        return new SessionOptions(context, instructions, checkpoints, hooks, next);
    }
}
