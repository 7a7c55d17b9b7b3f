package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An /impersonate message being written at the prompt: its lines, until one holding only "." (or
 * Ctrl-D) ends it, or Ctrl-C cancels it.
 *
 * @param prompt what its lines are typed after, styled
 * @param result the message once written: its text, or null when the user canceled
 */
record AssistantMessage(String prompt, List<String> lines, CompletableFuture<String> result)
        implements PromptedInput {

    AssistantMessage(String prompt) {
        this(prompt, new ArrayList<>(), new CompletableFuture<>());
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
}
