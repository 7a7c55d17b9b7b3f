package dev.rosetta.agent.session;

import java.util.List;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.tools.Preview;

/**
 * What a session host tells every front end attached to it, numbered in the order it happened
 * ({@link NumberedEvent}). A front end renders these and nothing else: what a turn wrote and ran,
 * what the host asks and how it was answered, what a command says.
 */
public sealed interface SessionEvent {

    /** An event of the running turn (prose, reasoning, calls read, tool output, results, usage, notices). */
    record Agent(AgentEvent event) implements SessionEvent {}

    /**
     * The host took an input: a message for the model, a slash command, or a command only a front end
     * can carry out ({@link Input.Kind#PROMPT}: /exit, /clear). Inputs are taken one at a time, in the
     * order they were submitted.
     */
    record TurnStarted(Input input) implements SessionEvent {}

    /**
     * The input is handled.
     *
     * @param outcome  how a turn of the model ended; {@link TurnOutcome#done()} for a command
     * @param returned inputs that were waiting and are handed back, not run (after an interrupt), oldest first
     * @param historyRewritten the conversation the input found is no longer all there as it was: messages
     *                         were taken back (/undo, /rewind) or a compaction changed what is sent. A front
     *                         end that shows the history redraws it ({@link SessionHost#join}); otherwise the
     *                         events it saw are the whole change, and it redraws nothing
     */
    record TurnEnded(Input input, TurnOutcome outcome, List<String> returned, boolean historyRewritten)
            implements SessionEvent {
        public TurnEnded {
            returned = List.copyOf(returned);
        }

        /** An input that only added to the conversation. */
        public TurnEnded(Input input, TurnOutcome outcome, List<String> returned) {
            this(input, outcome, returned, false);
        }
    }

    /** What waits to be taken, oldest first; empty once nothing waits. */
    record Queued(List<String> waiting) implements SessionEvent {
        public Queued {
            waiting = List.copyOf(waiting);
        }
    }

    /** The host waits for an answer to this ({@link SessionHost#answer}). */
    record QuestionAsked(Question question) implements SessionEvent {}

    /** The question has its answer (the first one given, or {@link Answer#STOP} when the turn was stopped). */
    record QuestionAnswered(Question question, Answer answer) implements SessionEvent {}

    /**
     * What a command says, as text from anywhere (names, paths, messages): a front end cleans it
     * before showing it. May hold several lines.
     */
    record Said(String text, Tone tone) implements SessionEvent {}

    /** A file change a command shows before it asks (the diff of putting a file back). */
    record ChangeShown(Preview.FileChange change) implements SessionEvent {}

    /** A user's message of the conversation, shown again ({@code /replay}). */
    record UserShown(String text) implements SessionEvent {}

    /** Model, tool format or settings changed (a command): what shows them reads {@link SessionHost#status}. */
    record StatusChanged(SessionStatus status) implements SessionEvent {}

    /**
     * Events a front end resuming from an old number asked for that are no longer kept (numbers
     * {@code from} to {@code to}): it redraws from the conversation's history instead.
     */
    record Missed(long from, long to) implements SessionEvent {}

    /** How a command's line is meant: plain, to stand out, or a problem (an error, a command that failed). */
    enum Tone {
        PLAIN, STRONG, PROBLEM
    }
}
