package dev.rosetta.core;

/**
 * An error a user can act on: its message says what happened and what to do, in one line,
 * without a stack trace (those appear only with {@code --verbose}).
 */
public class RosettaException extends RuntimeException {

    public RosettaException(String message) {
        super(message);
    }

    public RosettaException(String message, Throwable cause) {
        super(message, cause);
    }
}
