package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An /impersonate message being written at the prompt: its lines, until one holding only "." (or
 * Ctrl-D) ends it, or Ctrl-C cancels it.
 */
final class AssistantMessage implements PromptedInput {

    private final String prompt;
    private final List<String> lines = new ArrayList<>();
    private final CompletableFuture<String> result = new CompletableFuture<>();

    /** @param prompt what its lines are typed after, styled */
    AssistantMessage(String prompt) {
        this.prompt = prompt;
    }

    @Override
    public String prompt() {
        return prompt;
    }

    /** The message once written: its text, or null when the user canceled. */
    @Override
    public CompletableFuture<String> result() {
        return result;
    }

    @Override
    public void add(String line) {
        if (line.equals(".")) {
            finish();
        } else {
            lines.add(line);
        }
    }

    @Override
    public void finish() {
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(l).append('\n'));
        result.complete(text.toString());
    }

    @Override
    public void cancel() {
        result.complete(null);
    }
}
