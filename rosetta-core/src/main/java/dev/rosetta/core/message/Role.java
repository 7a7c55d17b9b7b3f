package dev.rosetta.core.message;

/** Who wrote a message. Tool results are system messages, tied to their call by a call id. */
public enum Role {
    SYSTEM, USER, ASSISTANT
}
