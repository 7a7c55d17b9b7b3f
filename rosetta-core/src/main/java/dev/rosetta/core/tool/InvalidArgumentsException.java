package dev.rosetta.core.tool;

/** A call whose arguments do not fit its tool's declaration; the message is for the model. */
public final class InvalidArgumentsException extends RuntimeException {

    public InvalidArgumentsException(String message) {
        super(message);
    }
}
