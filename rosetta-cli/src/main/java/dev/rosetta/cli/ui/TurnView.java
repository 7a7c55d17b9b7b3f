package dev.rosetta.cli.ui;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.config.FormatChoice;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Input;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionStatus;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.tokens.TokenTally;
import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.cli.terminal.ReplPrompt;
import dev.rosetta.cli.terminal.TerminalMcpQuestions;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.ModelInfo;

/**
 * The session as the terminal UI shows it: the host's events become the scrollback, the live region
 * and the status line. What the user sent shows when the host takes it (what waits shows as
 * queued); a turn's events stream in; a question shows where it is answered — a call's in the live
 * region, a command's or a server's form at the prompt — and its answer goes into the scrollback,
 * whichever front end gave it. Events come on the host's threads and are handled whole under
 * {@link UiState}'s lock; nothing here blocks them: questions asked at the prompt wait on threads of
 * their own.
 */
final class TurnView {

    static final String KEYS = "keys: Esc stops the model or a tool · Ctrl-O opens the transcript · Enter while the"
            + " model works queues a message · Ctrl-C clears the line (twice leaves) · Ctrl-D leaves";

    /** What the view needs of the screen. */
    interface Host {
        /** Leave the UI (after /exit). */
        void leave();

        /** /clear: an empty screen. */
        void clearScreen();

        /** /impersonate without text: the lines the user writes for the assistant; null when canceled. */
        String readAssistantMessage() throws InterruptedException;

        /** A command's question, asked at the prompt: the next line the user sends, or null on Ctrl-C, Ctrl-D or leaving. */
        String ask(String question);

        /** After an interrupt, what was queued goes back into the prompt, to be sent again or not. */
        void restoreInput(List<String> texts);
    }

    private final SessionHost session;
    private final UiState state;
    private final EventView view;
    private final UiConfirmation confirmation;
    private final Host host;
    private final TerminalMcpQuestions forms;
    /** The questions being asked at the prompt, by id, and the threads waiting for their answers. */
    private final Map<String, Thread> asking = new ConcurrentHashMap<>();
    /** The inputs sent from this UI: only those of its own prompt commands (/exit, /clear) are carried out here. */
    private final Set<Long> sentHere = new HashSet<>();
    /** The latest count asked for; an older one that finishes later is dropped. */
    private final AtomicLong counting = new AtomicLong();
    private volatile boolean turnRunning;

    TurnView(SessionHost session, UiState state, EventView view, UiConfirmation confirmation, Host host) {
        this.session = session;
        this.state = state;
        this.view = view;
        this.confirmation = confirmation;
        this.host = host;
        this.forms = new TerminalMcpQuestions(host::ask, line -> view.say(line, false), () -> { });
    }

    /** Sends what the user typed to the host. */
    synchronized void send(String text) {
        sentHere.add(session.submit(text).id());
    }

    /** Whether the model is at work: Esc and Ctrl-C stop it. */
    boolean turnRunning() {
        return turnRunning;
    }

    /** Esc or Ctrl-C: the reply stops being generated, a running tool is stopped. */
    void interruptTurn() {
        session.interrupt();
    }

    void accept(NumberedEvent numbered) {
        show(numbered.event());
    }

    void show(SessionEvent event) {
        switch (event) {
            case SessionEvent.Agent a -> view.accept(a.event());
            case SessionEvent.TurnStarted t -> started(t.input());
            case SessionEvent.TurnEnded t -> ended(t);
            case SessionEvent.Queued q -> state.change(s -> s.queued(q.waiting()));
            case SessionEvent.QuestionAsked q -> ask(q.question());
            case SessionEvent.QuestionAnswered q -> answered(q.question(), q.answer());
            case SessionEvent.Said s -> said(s);
            case SessionEvent.ChangeShown c -> lines(PreviewText.of(c.change(), state.style()));
            case SessionEvent.UserShown u -> {
                view.endTurn();
                view.say("you> " + TerminalText.safe(u.text()), false);
            }
            case SessionEvent.StatusChanged s -> refresh(false);
            case SessionEvent.Missed m -> { }
        }
    }

    /** Shown in the scrollback as sent; a message for the model starts the turn's clock at once. */
    private void started(Input input) {
        boolean turn = input.kind() == Input.Kind.MESSAGE || input.runsModel() && !input.text().strip()
                .equalsIgnoreCase("/impersonate");
        if (input.runsModel()) {
            turnRunning = true;
        }
        state.change(s -> {
            view.addTo(s, view.blocks().user(s.promptText(), input.text()));
            if (turn) {
                s.turnStarted(true);
            }
        });
    }

    private void ended(SessionEvent.TurnEnded ended) {
        Input input = ended.input();
        boolean here;
        synchronized (this) {
            here = sentHere.remove(input.id());
        }
        switch (input.kind()) {
            case PROMPT -> {
                if (here && input.text().strip().equalsIgnoreCase("/clear")) {
                    host.clearScreen();
                } else if (here) {
                    host.leave();
                }
            }
            case COMMAND -> {
                if (input.runsModel()) {
                    turnEnded(ended);
                } else {
                    if (input.text().strip().equalsIgnoreCase("/help")) {
                        view.say(KEYS, false);
                    }
                    refresh(false);
                }
            }
            case MESSAGE -> turnEnded(ended);
        }
    }

    /** The turn is over: says how it ended when that matters; the status goes idle once all of it shows. */
    private void turnEnded(SessionEvent.TurnEnded ended) {
        turnRunning = false;
        view.endTurn();
        TurnOutcome outcome = ended.outcome();
        if (outcome.reason() == TurnOutcome.Reason.INTERRUPTED) {
            view.say("interrupted", true);
            if (!ended.returned().isEmpty()) {
                host.restoreInput(ended.returned());
            }
        } else if (!outcome.ok() && outcome.message() != null) {
            view.say("rosetta: " + TerminalText.safe(outcome.message()), false);
        }
        refresh(true);
        state.change(s -> s.turnStarted(false));
    }

    /** A question: a call's in the live region; the others at the prompt, waited for on a thread of their own. */
    private void ask(Question question) {
        switch (question) {
            case Question.Permission p -> confirmation.ask(p, decision -> session.answer(p.id(),
                    decision == null ? Answer.STOP : new Answer.Decided(decision)));
            case Question.Form f -> answerLater(f, () -> new Answer.Filled(forms.ask(f.form())));
            case Question.Choice c -> answerLater(c, () -> new Answer.Text(host.ask(c.prompt())));
            case Question.Message m -> answerLater(m, () -> new Answer.Text(host.readAssistantMessage()));
        }
    }

    @FunctionalInterface
    private interface Asking {
        Answer answer() throws InterruptedException;
    }

    private void answerLater(Question question, Asking asked) {
        Thread thread = Thread.ofVirtual().name("rosetta-question").unstarted(() -> {
            Answer answer;
            try {
                answer = asked.answer();
            } catch (InterruptedException e) {
                answer = Answer.none(question);
            }
            asking.remove(question.id());
            session.answer(question.id(), answer);
        });
        asking.put(question.id(), thread);
        thread.start();
    }

    /** The question has its answer; one still asked at the prompt here (answered elsewhere first) is let go. */
    private void answered(Question question, Answer answer) {
        Thread waiting = asking.remove(question.id());
        if (waiting != null) {
            waiting.interrupt();
        }
        switch (question) {
            case Question.Permission p -> confirmation.answered(p, answer);
            case Question.Message m -> {
                if (answer instanceof Answer.Text t && t.text() != null && !t.text().isBlank()) {
                    state.change(s -> s.turnStarted(true));
                }
            }
            default -> { }
        }
    }

    private void said(SessionEvent.Said said) {
        String text = TerminalText.safe(said.text());
        switch (said.tone()) {
            case PLAIN -> text.lines().forEach(line -> view.say(line, false));
            case STRONG -> text.lines().forEach(line -> view.say(state.style().paint(line, Tone.BOLD), false));
            case PROBLEM -> view.say("rosetta: " + text.replace('\n', ' '), false);
        }
    }

    /** Lines Rosetta styled from parts it cleaned (a diff). */
    private void lines(String styled) {
        styled.lines().forEach(line -> view.say(line, false));
    }

    /** The format's name, marked when it is the native dialect read off the model's chat template. */
    static String formatLabel(ModelInfo model, ToolFormat format) {
        boolean fromTemplate = format.id().equals(model.nativeDialect()) && model.dialectOrigin() != null
                && model.dialectOrigin().source() == DialectOrigin.Source.CHAT_TEMPLATE;
        return fromTemplate ? format.id() + " (template)" : format.id();
    }

    /** {@link #formatLabel(ModelInfo, ToolFormat)}, marked "(auto)" when auto chose it (/model says why). */
    static String formatLabel(ModelInfo model, ToolFormat format, String reason) {
        String label = formatLabel(model, format);
        return reason != null && reason.startsWith(FormatChoice.AUTO_PREFIX) ? label + " (auto)" : label;
    }

    /**
     * The model's name and format for the prompt and the status line; with {@code recount}, the
     * tokens and cost so far too, counted on a thread of their own (estimating loads a vocabulary
     * and reads every message), from the messages as they are now. Call on the host's thread or
     * before it takes input: the session's messages change on it only.
     */
    void refresh(boolean recount) {
        SessionStatus status = session.status();
        var chat = session.conversation().session();
        String format = formatLabel(chat.model(), chat.format(), chat.formatReason());
        state.change(s -> {
            s.session(ReplPrompt.shortName(status.model()), format, status.window());
            s.prompt(ReplPrompt.of(status.model(), s.style()));
        });
        List<LoggedMessage> messages = recount ? session.conversation().session().messages() : List.of();
        if (messages.isEmpty()) {
            return;
        }
        long count = counting.incrementAndGet();
        Thread.ofVirtual().name("rosetta-tally").start(() -> {
            Counts counts = Counts.of(TokenTally.of(messages, TokenEstimator.shared()));
            state.change(s -> {
                if (counting.get() == count) {
                    s.counts(counts);
                }
            });
        });
    }
}
