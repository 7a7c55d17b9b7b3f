package dev.rosetta.agent.chat;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.secret.Redaction;

/**
 * What keeps a long conversation sharp and its changes undoable.
 *
 * @param context      how it is kept within the model's context window
 * @param instructions the project instructions for the system prompt
 * @param checkpoints  where files are kept before tools write them (the tools' {@code
 *                     FileWrites}); null when file changes are not kept
 * @param secrets      the keys and tokens Rosetta knows, blanked out of every tool's output and
 *                     result before it is shown, logged or sent to the model
 */
public record SessionOptions(ContextSettings context, ProjectInstructions instructions,
        FileCheckpoints checkpoints, Redaction secrets) {

    public static final SessionOptions DEFAULT = new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE,
            null);

    public SessionOptions {
        context = context == null ? ContextSettings.DEFAULT : context;
        instructions = instructions == null ? ProjectInstructions.NONE : instructions;
        secrets = secrets == null ? Redaction.NONE : secrets;
    }

    /** Options with no secrets known. */
    public SessionOptions(ContextSettings context, ProjectInstructions instructions, FileCheckpoints checkpoints) {
        this(context, instructions, checkpoints, null);
    }

    public SessionOptions withSecrets(Redaction known) {
        return new SessionOptions(context, instructions, checkpoints, known);
    }
}
