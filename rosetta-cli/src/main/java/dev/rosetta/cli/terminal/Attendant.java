package dev.rosetta.cli.terminal;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;

/**
 * A line prompt's way with the session host: it sends an input, then answers the questions the
 * host asks meanwhile, on the prompt's own thread (which owns the terminal), until the input is
 * handled. A question another front end answered first is not asked.
 */
public final class Attendant implements AutoCloseable {

    /** Asks the user a question on the terminal; blocks until answered. */
    @FunctionalInterface
    public interface Asker {
        Answer ask(Question question) throws InterruptedException;
    }

    private final SessionHost host;
    private final Asker asker;
    /** A question asked, or (null) word that an input ended. */
    private final BlockingQueue<Heard> heard = new LinkedBlockingQueue<>();
    private final SessionHost.Subscription subscription;

    public Attendant(SessionHost host, Asker asker) {
        this.host = host;
        this.asker = asker;
        this.subscription = host.subscribe(this::heard);
    }

    private record Heard(Question question) {}

    private void heard(NumberedEvent numbered) {
        if (numbered.event() instanceof SessionEvent.QuestionAsked q) {
            heard.add(new Heard(q.question()));
        }
    }

    /** Sends {@code text} and answers what is asked until it is handled; how it ended. */
    public TurnOutcome run(String text) {
        SessionHost.Submitted input = host.submit(text);
        input.ended().thenRun(() -> heard.add(new Heard(null)));
        try {
            while (true) {
                Question q = heard.take().question();
                if (q == null) {
                    if (input.ended().isDone()) {
                        return input.ended().get();
                    }
                    continue;
                }
                if (host.questions().contains(q)) {
                    Answer answer;
                    try {
                        answer = asker.ask(q);
                    } catch (InterruptedException e) {
                        answer = Answer.none(q);
                    }
                    host.answer(q.id(), answer);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            host.interrupt();
            return new TurnOutcome(TurnOutcome.Reason.INTERRUPTED, "interrupted");
        } catch (ExecutionException e) {
            return new TurnOutcome(TurnOutcome.Reason.FAILED, String.valueOf(e.getCause()));
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
