package dev.rosetta.cli.ui;

import java.util.concurrent.ExecutionException;

/**
 * Where the lines typed at the prompt go while something other than the model waits for them (an
 * /impersonate message being written, a command's question): to it, after its prompt, until it has
 * what it waits for; then to the model again. Ctrl-C cancels it, Ctrl-D finishes it.
 */
final class PromptedLines {

    private final UiState state;
    private final EventView view;
    /** What the lines typed go to instead of the model; or null. */
    private volatile PromptedInput waiting;

    PromptedLines(UiState state, EventView view) {
        this.state = state;
        this.view = view;
    }

    /** The lines typed go to {@code input}, after its prompt, until it has what it waits for; what it got, or null. */
    String await(PromptedInput input) throws InterruptedException {
        String before = state.read(UiState::promptText);
        waiting = input; // before its prompt shows: a line typed after it goes to it
        state.change(s -> s.prompt(input.prompt()));
        try {
            return input.result().get();
        } catch (ExecutionException e) {
            return null;
        } finally {
            waiting = null;
            state.change(s -> s.prompt(before));
        }
    }

    /** A line sent: shown and given to what waits for it. False when nothing does, and the line is the model's. */
    boolean take(String line) {
        PromptedInput input = waiting;
        if (input == null) {
            return false;
        }
        view.add(view.blocks().user(input.prompt(), line));
        input.add(line);
        return true;
    }

    /** Ctrl-C, or leaving: what waits gets nothing. False when nothing waits. */
    boolean cancel() {
        PromptedInput input = waiting;
        if (input != null) {
            input.cancel();
        }
        return input != null;
    }

    /** Ctrl-D: what waits has all it gets. False when nothing waits. */
    boolean finish() {
        PromptedInput input = waiting;
        if (input != null) {
            input.finish();
        }
        return input != null;
    }
}
