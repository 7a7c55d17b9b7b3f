package dev.rosetta.agent.session;

import java.util.List;

import dev.rosetta.tools.Preview;

/**
 * How a slash command talks to the user, whichever front end typed it: what it says goes out as
 * events every front end sees; what it asks is a {@link Question} any of them may answer.
 */
final class CommandIo {

    private final EventRelay events;
    private final QuestionDesk desk;

    CommandIo(EventRelay events, QuestionDesk desk) {
        this.events = events;
        this.desk = desk;
    }

    void line(String text) {
        events.emit(new SessionEvent.Said(text, SessionEvent.Tone.PLAIN));
    }

    /** A line to stand out: a warning before a question, a file to be deleted. */
    void strong(String text) {
        events.emit(new SessionEvent.Said(text, SessionEvent.Tone.STRONG));
    }

    /** What went wrong, in a line that says what to do. */
    void problem(String text) {
        events.emit(new SessionEvent.Said(text, SessionEvent.Tone.PROBLEM));
    }

    /**
     * A command's failure, in the one shape every command's problem has: what happened and what to do
     * (the exception's message), with no "failed" before it — the user has just typed the command.
     */
    void problem(RuntimeException e) {
        String message = e.getMessage();
        problem(message == null || message.isBlank()
                ? "an internal error (" + e.getClass().getSimpleName() + ") stopped the command" : message);
    }

    void change(Preview.FileChange change) {
        events.emit(new SessionEvent.ChangeShown(change));
    }

    void emit(SessionEvent event) {
        events.emit(event);
    }

    /** The line answered, or null when none was (Ctrl-C, the input closed, the host closing). */
    String choose(String prompt, List<Question.Option> options) {
        return desk.choose(id -> new Question.Choice(id, prompt, options));
    }

    /** A message the user writes (for the assistant), or null when none was written. */
    String message(String prompt) {
        return desk.choose(id -> new Question.Message(id, prompt));
    }
}
