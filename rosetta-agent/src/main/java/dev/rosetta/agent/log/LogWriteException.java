package dev.rosetta.agent.log;

import dev.rosetta.core.RosettaException;

/**
 * The log could not be written (a full or read-only disk): the message is not saved, and it was
 * not added to the conversation either. Not a usage error — the command failed (exit 1).
 */
public final class LogWriteException extends RosettaException {

    LogWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
