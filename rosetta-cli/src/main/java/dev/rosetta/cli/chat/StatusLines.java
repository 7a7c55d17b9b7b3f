package dev.rosetta.cli.chat;

import java.util.function.Consumer;
import java.util.function.Predicate;

import dev.rosetta.agent.chat.AgentEvent;

/**
 * One-line reports that come while the chat runs (an MCP server ready or failed, a call's
 * progress), from any thread. They go out as notices through the chat's output — sanitised and in
 * order with the turn's events — except while the prompt reads a line: then the line editor
 * prints them above the line being typed, which stays as it was.
 */
public final class StatusLines implements Consumer<String> {

    private final Consumer<AgentEvent> output;
    private volatile Predicate<String> aboveThePrompt = line -> false;

    public StatusLines(Consumer<AgentEvent> output) {
        this.output = output;
    }

    /** @param printer prints a line above the prompt and returns true, or returns false when no line is being read */
    public void whileReading(Predicate<String> printer) {
        this.aboveThePrompt = printer;
    }

    @Override
    public void accept(String line) {
        if (!aboveThePrompt.test(line)) {
            output.accept(new AgentEvent.Notice(line));
        }
    }
}
