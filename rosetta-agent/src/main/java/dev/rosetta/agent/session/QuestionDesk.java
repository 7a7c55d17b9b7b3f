package dev.rosetta.agent.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.mcp.McpForm;

/**
 * Where the conversation's questions wait for their answers. Asking announces the question to every
 * front end and blocks the asking thread; the first answer given by id wins, later ones are refused;
 * the answer is announced, on the asking thread, before the asker goes on, so every front end sees
 * the question closed before anything that follows from it. An interrupt of the asking thread (the
 * user stopped the turn) closes the question with {@link Answer#STOP}.
 */
final class QuestionDesk {

    private final EventRelay events;
    private final AtomicLong ids = new AtomicLong();
    private final Map<String, Waiting> open = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private record Waiting(Question question, CompletableFuture<Answer> answer) {}

    QuestionDesk(EventRelay events) {
        this.events = events;
    }

    String nextId() {
        return "q" + ids.incrementAndGet();
    }

    /** Asks and waits for the first answer. */
    Answer ask(Question question) throws InterruptedException {
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        open.put(question.id(), new Waiting(question, answer));
        if (closed) {
            answer.complete(Answer.none(question));
        }
        Answer given = Answer.STOP;
        try {
            events.emit(new SessionEvent.QuestionAsked(question));
            given = answer.get();
            return given;
        } catch (ExecutionException e) {
            given = Answer.none(question);
            return given;
        } finally {
            open.remove(question.id());
            answer.complete(Answer.STOP); // a late answer finds it closed
            events.emit(new SessionEvent.QuestionAnswered(question, given));
        }
    }

    /** Answers a waiting question; false when there is none by that id (answered already, or never asked). */
    boolean answer(String id, Answer answer) {
        Waiting waiting = open.get(id);
        return waiting != null && fits(waiting.question(), answer) && waiting.answer().complete(answer);
    }

    /** The host is closing: every question waiting, and every one asked from now on, goes unanswered. */
    void closeAll() {
        closed = true;
        open.values().forEach(w -> w.answer().complete(Answer.none(w.question())));
    }

    /** Whether {@code answer} is one {@code question} takes: a decision for a permission, a form for a form… */
    static boolean fits(Question question, Answer answer) {
        return answer instanceof Answer.Stop || switch (question) {
            case Question.Permission p -> answer instanceof Answer.Decided;
            case Question.Form f -> answer instanceof Answer.Filled;
            case Question.Choice c -> answer instanceof Answer.Text;
            case Question.Message m -> answer instanceof Answer.Text;
        };
    }

    /** The questions waiting now, oldest first. */
    List<Question> waiting() {
        List<Question> all = new ArrayList<>();
        open.values().forEach(w -> all.add(w.question()));
        all.sort((a, b) -> Long.compare(number(a), number(b)));
        return all;
    }

    private static long number(Question q) {
        return Long.parseLong(q.id().substring(1));
    }

    /** The toolbox's confirmation: a {@link Question.Permission} for every call that is to be asked about. */
    Confirmation confirmation() {
        return (use, preview, remember) -> {
            Answer answer = ask(new Question.Permission(nextId(), use, preview, remember));
            if (answer instanceof Answer.Decided d) {
                return d.decision();
            }
            throw new InterruptedException("the user stopped the turn at the confirmation");
        };
    }

    /** An MCP server's forms, as {@link Question.Form}s. */
    McpForm.Asker forms() {
        return form -> ask(new Question.Form(nextId(), form)) instanceof Answer.Filled f ? f.answer()
                : new McpForm.Answer.Cancel();
    }

    /** A command's question; the text answered, or null when none was. */
    String choose(Function<String, Question> question) {
        try {
            return ask(question.apply(nextId())) instanceof Answer.Text t ? t.text() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
