package dev.rosetta.agent.chat;

import java.util.List;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.skills.Skills;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.secret.Redaction;

/**
 * What keeps a long conversation sharp and its changes undoable, and what the user plugged into it.
 *
 * @param context      how it is kept within the model's context window
 * @param instructions the project instructions for the system prompt
 * @param checkpoints  where files are kept before tools write them (the tools' {@code
 *                     FileWrites}); null when file changes are not kept
 * @param secrets      the keys and tokens Rosetta knows, blanked out of every tool's output and
 *                     result before it is shown, logged or sent to the model
 * @param hooks        the commands run at points of the loop ({@code [[hooks]]})
 * @param skills       the Agent Skills the system prompt lists
 * @param dialects     the dialects the user described ({@code [[dialects]]}), read in every format after the built-in ones
 */
public record SessionOptions(ContextSettings context, ProjectInstructions instructions,
        FileCheckpoints checkpoints, Redaction secrets, Hooks hooks, Skills skills, List<? extends Dialect> dialects) {

    public static final SessionOptions DEFAULT = new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE,
            null, Redaction.NONE, Hooks.NONE, Skills.NONE, List.of());

    public SessionOptions {
        context = context == null ? ContextSettings.DEFAULT : context;
        instructions = instructions == null ? ProjectInstructions.NONE : instructions;
        secrets = secrets == null ? Redaction.NONE : secrets;
        hooks = hooks == null ? Hooks.NONE : hooks;
        skills = skills == null ? Skills.NONE : skills;
        dialects = dialects == null ? List.of() : List.copyOf(dialects);
    }

    public SessionOptions(ContextSettings context, ProjectInstructions instructions, FileCheckpoints checkpoints,
            Redaction secrets, Hooks hooks, Skills skills) {
        this(context, instructions, checkpoints, secrets, hooks, skills, List.of());
    }

    /** Options with no secrets known, no hooks and no skills. */
    public SessionOptions(ContextSettings context, ProjectInstructions instructions, FileCheckpoints checkpoints) {
        this(context, instructions, checkpoints, null, null, null, List.of());
    }

    public SessionOptions withSecrets(Redaction known) {
        return new SessionOptions(context, instructions, checkpoints, known, hooks, skills, dialects);
    }

    public SessionOptions withHooks(Hooks next) {
        return new SessionOptions(context, instructions, checkpoints, secrets, next, skills, dialects);
    }

    public SessionOptions withDialects(List<? extends Dialect> described) {
        return new SessionOptions(context, instructions, checkpoints, secrets, hooks, skills, described);
    }

    public SessionOptions withSkills(Skills next) {
        return new SessionOptions(context, instructions, checkpoints, secrets, hooks, next, dialects);
    }
}
