package dev.rosetta.cli.ui;

import java.util.concurrent.CompletableFuture;

/**
 * What the lines typed at the prompt go to, for a while, instead of to the model: an
 * /impersonate message being written, or the answer to a command's question. The prompt shows
 * {@link #prompt} meanwhile; Ctrl-D {@link #finish finishes} it, Ctrl-C {@link #cancel cancels} it.
 */
sealed interface PromptedInput permits AssistantMessage, CommandQuestion {

    /** What the lines are typed after, styled. */
    String prompt();

    /** What was typed, once it is complete: null when canceled (or, for a question, left unanswered). */
    CompletableFuture<String> result();

    /** A line sent. */
    void add(String line);

    /** Ctrl-D: the input ends as it is. */
    void finish();

    /** Ctrl-C: nothing is given. */
    default void cancel() {
        result().complete(null);
    }
}
