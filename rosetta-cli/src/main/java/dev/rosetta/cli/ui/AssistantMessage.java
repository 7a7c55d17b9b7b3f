package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An /impersonate message being written at the prompt: its lines, until one holding only "." (or
 * Ctrl-D) ends it, or Ctrl-C cancels it.
 */
final class AssistantMessage {

    private final String prompt;
    private final List<String> lines = new ArrayList<>();
    private final CompletableFuture<String> result = new CompletableFuture<>();

    /** @param prompt what its lines are typed after, styled */
    AssistantMessage(String prompt) {
        this.prompt = prompt;
    }

    String prompt() {
        return prompt;
    }

    /** The message once written: its text, or null when the user canceled. */
    CompletableFuture<String> result() {
        return result;
    }

    void add(String line) {
        if (line.equals(".")) {
            finish();
        } else {
            lines.add(line);
        }
    }

    void finish() {
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(l).append('\n'));
        result.complete(text.toString());
    }

    void cancel() {
        result.complete(null);
    }
}
