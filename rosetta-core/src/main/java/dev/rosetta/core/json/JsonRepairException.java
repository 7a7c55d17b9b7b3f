package dev.rosetta.core.json;

/** Text that even {@link JsonRepair} cannot read as JSON; the message is one line a model can act on. */
public final class JsonRepairException extends RuntimeException {

    public JsonRepairException(String message) {
        super(message);
    }

    public JsonRepairException(String message, Throwable cause) {
        super(message, cause);
    }
}
