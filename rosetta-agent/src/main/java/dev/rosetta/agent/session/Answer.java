package dev.rosetta.agent.session;

import dev.rosetta.tools.Decision;
import dev.rosetta.tools.mcp.McpForm;

/** How a {@link Question} was answered. */
public sealed interface Answer {

    /** A permission decided: run, don't, always, remember a rule, run as edited. */
    record Decided(Decision decision) implements Answer {}

    /** A form filled in, declined or canceled. */
    record Filled(McpForm.Answer answer) implements Answer {}

    /** A line (or a message) of text; null when none was given (Ctrl-C, the input closed). */
    record Text(String text) implements Answer {}

    /**
     * The user stopped the turn instead of answering (Esc, Ctrl-C at the question), or the turn was
     * interrupted while the question waited.
     */
    record Stop() implements Answer {}

    Answer STOP = new Stop();

    /** What a question left without an answer comes to: the turn stops at a permission, nothing is said elsewhere. */
    static Answer none(Question question) {
        return switch (question) {
            case Question.Permission p -> STOP;
            case Question.Form f -> new Filled(new McpForm.Answer.Cancel());
            case Question.Choice c -> new Text(null);
            case Question.Message m -> new Text(null);
        };
    }
}
