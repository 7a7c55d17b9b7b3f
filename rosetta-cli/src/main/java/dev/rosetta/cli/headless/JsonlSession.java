package dev.rosetta.cli.headless;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.EventObjects;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.tools.Decision;

/**
 * {@code --input-format jsonl}: a program's lines on stdin, taken as they come while the conversation
 * runs — messages are queued on the host and run in order, answers go to the questions they name
 * (the first answer wins), an interrupt stops what runs. When stdin ends, the conversation finishes
 * what was sent; a question asked after that gets no answer (a permission is refused, a form
 * canceled), since no one is left to give one. A line that is no message stops the run at once: what
 * runs is interrupted, what waits is not run, and the run ends as bad input.
 */
final class JsonlSession {

    /** The longest line read: a message larger than any model's context is refused all the same. */
    static final int LINE_LIMIT = 64 << 20;

    /** How the lines went. */
    record Outcome(List<TurnOutcome> turns, String badInput) {}

    private final SessionHost host;
    private final EventLines lines;
    private final InputStream in;
    private volatile boolean closed;

    JsonlSession(SessionHost host, EventLines lines, InputStream in) {
        this.host = host;
        this.lines = lines;
        this.in = in instanceof java.io.BufferedInputStream ? in : new java.io.BufferedInputStream(in);
    }

    Outcome run(String prompt) {
        List<CompletableFuture<TurnOutcome>> sent = new ArrayList<>();
        if (!prompt.isBlank()) {
            sent.add(host.submit(prompt).ended());
        }
        try (SessionHost.Subscription closing = host.subscribe(this::afterClose)) {
            String badInput = readAll(sent);
            closed = true;
            host.questions().forEach(q -> host.answer(q.id(), unanswered(q)));
            return new Outcome(await(sent), badInput);
        }
    }

    /** Takes the lines until stdin ends; what was wrong with the line that stopped it early, or null. */
    private String readAll(List<CompletableFuture<TurnOutcome>> sent) {
        try {
            for (String line = readLine(); line != null; line = readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    take(InputLine.parse(line), lineNumber, sent);
                } catch (IllegalArgumentException e) {
                    return stop(lineNumber, e.getMessage());
                }
            }
            return null;
        } catch (LineTooLong e) {
            return stop(e.number, e.getMessage());
        }
    }

    /** A line that is no message: said, and the run stops at once. */
    private String stop(int number, String problem) {
        lines.write(EventObjects.object("input_error", "line", number, "problem", problem, "fatal", true));
        host.interrupt();
        return "line " + number + ": " + problem;
    }

    private void take(InputLine line, int number, List<CompletableFuture<TurnOutcome>> sent) {
        switch (line) {
            case InputLine.Send s -> sent.add(host.submit(s.text()).ended());
            case InputLine.Interrupt i -> host.interrupt();
            case InputLine.Reply r -> {
                Optional<Question> waiting = host.questions().stream().filter(q -> q.id().equals(r.id())).findFirst();
                if (waiting.isEmpty()) {
                    lines.write(EventObjects.object("input_error", "line", number, "problem", "no question " + r.id()
                            + " waits for an answer (it was answered already, or never asked)", "fatal", false));
                    return;
                }
                Answer answer = Answers.of(waiting.get(), r.fields(), host.conversation().session().toolbox());
                if (!host.answer(r.id(), answer)) {
                    lines.write(EventObjects.object("input_error", "line", number, "problem", "the answer to " + r.id()
                            + " was not taken: the question had its answer already", "fatal", false));
                }
            }
        }
    }

    /** Once stdin is closed, nothing answers: a question asked then is answered with none. */
    private void afterClose(NumberedEvent numbered) {
        if (closed && numbered.event() instanceof SessionEvent.QuestionAsked asked) {
            Question q = asked.question();
            Thread.ofVirtual().start(() -> host.answer(q.id(), unanswered(q)));
        }
    }

    /** A question no one is left to answer: a call is refused (the model is told why), anything else has no answer. */
    private static Answer unanswered(Question q) {
        return q instanceof Question.Permission ? new Answer.Decided(new Decision.No("no one could answer: the"
                + " program that sends Rosetta its input closed it")) : Answer.none(q);
    }

    private static List<TurnOutcome> await(List<CompletableFuture<TurnOutcome>> sent) {
        List<TurnOutcome> outcomes = new ArrayList<>();
        for (CompletableFuture<TurnOutcome> f : sent) {
            try {
                outcomes.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcomes.add(new TurnOutcome(TurnOutcome.Reason.INTERRUPTED, "interrupted"));
                break;
            } catch (ExecutionException e) {
                outcomes.add(new TurnOutcome(TurnOutcome.Reason.FAILED, String.valueOf(e.getCause())));
            }
        }
        return outcomes;
    }

    /** The lines read so far. */
    private int lineNumber;

    /** The next line (UTF-8, without its end), null at the end of stdin. */
    private String readLine() throws LineTooLong {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b = in.read(); ; b = in.read()) {
                if (b < 0) {
                    if (line.size() == 0) {
                        return null;
                    }
                    lineNumber++;
                    return text(line);
                }
                if (b == '\n') {
                    lineNumber++;
                    return text(line);
                }
                if (line.size() == LINE_LIMIT) {
                    throw new LineTooLong(lineNumber + 1);
                }
                line.write(b);
            }
        } catch (IOException e) {
            return null; // stdin went away: as its end
        }
    }

    private static String text(ByteArrayOutputStream line) {
        String text = line.toString(StandardCharsets.UTF_8);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    /** A line longer than {@link #LINE_LIMIT}: it is not read to its end. */
    private static final class LineTooLong extends Exception {
        final int number;

        LineTooLong(int number) {
            super("the line is longer than " + (LINE_LIMIT >> 20) + " MiB, more than any model's context holds", null,
                    false, false);
            this.number = number;
        }
    }
}
