package dev.rosetta.cli.ui;

import java.util.concurrent.CompletableFuture;

/**
 * A slash command's question (which turn /rewind goes back to, whether /undo puts files back),
 * asked at the prompt: the next line sent is the answer; Ctrl-C or Ctrl-D leave it unanswered.
 */
final class CommandQuestion implements PromptedInput {

    private final String prompt;
    private final CompletableFuture<String> result = new CompletableFuture<>();

    CommandQuestion(String prompt) {
        this.prompt = prompt;
    }

    @Override
    public String prompt() {
        return prompt;
    }

    @Override
    public CompletableFuture<String> result() {
        return result;
    }

    @Override
    public void add(String line) {
        result.complete(line);
    }

    @Override
    public void finish() {
        result.complete(null);
    }

    @Override
    public void cancel() {
        result.complete(null);
    }
}
