package dev.rosetta.agent.log;

import java.nio.file.Path;

import dev.rosetta.core.RosettaException;

/**
 * The conversation asked for by its id is not in the log folder: a front end that names
 * conversations by id (an editor's {@code session/load}) tells its client so in its own terms.
 */
public final class NoSuchConversation extends RosettaException {

    public NoSuchConversation(String id, Path logs) {
        super("no conversation '" + id + "' in " + logs + "; `rosetta logs` lists them");
    }
}
