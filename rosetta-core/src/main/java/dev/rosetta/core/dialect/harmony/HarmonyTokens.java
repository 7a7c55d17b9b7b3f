package dev.rosetta.core.dialect.harmony;

import java.util.List;

/** The special tokens of OpenAI's harmony format (gpt-oss). */
final class HarmonyTokens {

    static final String START = "<|start|>";
    static final String END = "<|end|>";
    static final String MESSAGE = "<|message|>";
    static final String CHANNEL = "<|channel|>";
    static final String CONSTRAIN = "<|constrain|>";
    /** A stop token: the answer is done. */
    static final String RETURN = "<|return|>";
    /** A stop token: the message is a tool call. */
    static final String CALL = "<|call|>";
    /** Where the namespace of user-defined functions ends in a recipient: {@code to=functions.NAME}. */
    static final String FUNCTIONS = "functions.";

    /** Tokens that end a message and belong to it. */
    static final List<String> CLOSERS = List.of(END, RETURN, CALL);
    /** Tokens that end a message by starting the next one. */
    static final List<String> OPENERS = List.of(START, CHANNEL);
    static final List<String> ENDS = List.of(END, RETURN, CALL, START, CHANNEL);

    private HarmonyTokens() {}
}
