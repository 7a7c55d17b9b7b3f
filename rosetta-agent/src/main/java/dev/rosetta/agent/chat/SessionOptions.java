package dev.rosetta.agent.chat;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.undo.FileCheckpoints;

/**
 * What keeps a long conversation sharp and its changes undoable.
 *
 * @param context      how it is kept within the model's context window
 * @param instructions the project instructions for the system prompt
 * @param checkpoints  where files are kept before tools write them (the tools' {@code
 *                     FileWrites}); null when file changes are not kept
 */
public record SessionOptions(ContextSettings context, ProjectInstructions instructions,
        FileCheckpoints checkpoints) {

    public static final SessionOptions DEFAULT = new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE,
            null);

    public SessionOptions {
        context = context == null ? ContextSettings.DEFAULT : context;
        instructions = instructions == null ? ProjectInstructions.NONE : instructions;
    }
}
