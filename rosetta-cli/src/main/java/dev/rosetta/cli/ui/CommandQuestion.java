package dev.rosetta.cli.ui;

import java.util.concurrent.CompletableFuture;

/**
 * A slash command's question (which turn /rewind goes back to, whether /undo puts files back),
 * asked at the prompt: the next line sent is the answer; Ctrl-C or Ctrl-D leave it unanswered.
 */
record CommandQuestion(String prompt, CompletableFuture<String> result) implements PromptedInput {

    CommandQuestion(String prompt) {
        this(prompt, new CompletableFuture<>());
    }

    @Override
    public void add(String line) {
        result.complete(line);
    }

    @Override
    public void finish() {
        result.complete(null);
    }
}
