package dev.rosetta.agent.session;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.ProviderException;

/**
 * One conversation, driven from any number of front ends at once: the line prompt, the terminal
 * UI, {@code --output-format json}, an editor over ACP, a browser. Front ends send input in
 * ({@link #submit}), answer questions ({@link #answer}) and stop the turn ({@link #interrupt});
 * everything the conversation does comes out as numbered {@link SessionEvent}s to every front end
 * attached ({@link #subscribe}). The rules — what a slash command does, what needs confirming, when
 * a turn stops, what happens to queued input after an interrupt — live here and nowhere else.
 *
 * <p>Threads: one thread of the host's takes the inputs one at a time, in the order they came, and
 * runs them (a turn of the model, a command); input sent meanwhile waits ({@link
 * SessionEvent.Queued}). Questions block that thread (or an MCP server's) until a front end answers.
 * Events are delivered on the thread that raised them, one at a time, so a listener must not block:
 * a front end that asks the user in its own way does so on a thread of its own and answers from there.
 * docs/SESSION.md describes the events, the questions and the threads.
 */
public final class SessionHost implements AutoCloseable {

    /** Every slash command, for completion: the host's and the prompt's own (/exit, /clear). */
    public static final List<String> COMMANDS = SlashCommands.NAMES;

    /** How long closing waits for the turn it stops. */
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    /** Opens the conversation with the outlets the host gives it. */
    @FunctionalInterface
    public interface Opener {
        Conversation open(Outlets outlets) throws ProviderException;
    }

    /** A front end's attachment; closing it detaches the listener. */
    @FunctionalInterface
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /** An input as submitted: its id, and how it ends ({@link TurnOutcome#done()} for a command). */
    public record Submitted(long id, CompletableFuture<TurnOutcome> ended) {}

    /**
     * A front end joined: the conversation so far as the events that show it, then — to its listener —
     * every event numbered after {@code after}, kept ones first.
     *
     * @param messages     the messages logged before the input now running (all of them when none runs)
     * @param history      those messages as the events that show them
     * @param after        the number of the last event {@code history} stands for
     * @param subscription detaches the listener
     */
    public record Joined(List<LoggedMessage> messages, List<SessionEvent> history, long after,
            Subscription subscription) {}

    /**
     * Puts the conversation where other devices can reach it ({@code /serve}): says where, or throws a
     * {@link RosettaException} saying why it cannot. Given by the launcher; the host only asks it.
     */
    @FunctionalInterface
    public interface Publisher {
        String publish(SessionHost host);
    }

    private final EventRelay events;
    private final QuestionDesk desk;
    private final Conversation conversation;
    private final InputRunner runner;
    private final ReentrantLock lock;
    private final Condition inputArrived;
    private final Deque<Pending> waiting = new ArrayDeque<>();
    private final Thread worker;
    private long inputs;
    /** An input submitted while nothing ran: taken next without being shown as queued. */
    private Pending handedOver;
    private Pending current;
    private boolean closed;
    /** The conversation as the running input found it, for a front end joining mid-turn. */
    private TurnStart turnStart;

    private record Pending(Input input, CompletableFuture<TurnOutcome> ended) {}

    /** The messages logged when the input whose {@link SessionEvent.TurnStarted} is event {@code seq} was taken. */
    private record TurnStart(long seq, List<LoggedMessage> messages, List<Compaction> compactions) {}

    private SessionHost(Conversation conversation, EventRelay events, QuestionDesk desk) {
        this.conversation = conversation;
        this.events = events;
        this.desk = desk;
        this.runner = new InputRunner(conversation, events, desk, this::status);
        this.lock = events.lock();
        this.inputArrived = lock.newCondition();
        this.worker = Thread.ofPlatform().name("rosetta-turns").daemon().unstarted(this::work);
    }

    /**
     * Opens a conversation on a new host. Its events go out through the host, and its calls and MCP
     * forms are asked as the host's questions.
     */
    public static SessionHost open(Opener opener) throws ProviderException {
        EventRelay events = new EventRelay();
        QuestionDesk desk = new QuestionDesk(events);
        Conversation conversation = opener.open(new Outlets(e -> events.emit(new SessionEvent.Agent(e)),
                desk.confirmation(), desk.forms()));
        SessionHost host = new SessionHost(conversation, events, desk);
        host.worker.start();
        return host;
    }

    /** The conversation, to read (its model, messages, workspace); only the host's thread changes it. */
    public Conversation conversation() {
        return conversation;
    }

    /** Attaches a front end from now on. */
    public Subscription subscribe(Consumer<NumberedEvent> listener) {
        return subscribe(events.last(), listener);
    }

    /**
     * Attaches a front end that has seen the events up to number {@code after}: it gets the later ones
     * kept (a {@link SessionEvent.Missed} first when some are no longer kept), then every new one.
     */
    public Subscription subscribe(long after, Consumer<NumberedEvent> listener) {
        Runnable detach = events.subscribe(after, listener);
        return detach::run;
    }

    /**
     * Attaches a front end that shows the whole conversation: it gets the messages logged so far as
     * events and, from then on, every event — one view with no gap and no repeat, also mid-turn (the
     * history stops where the running input started; the events since are replayed from what is kept).
     */
    public Joined join(Consumer<NumberedEvent> listener) {
        lock.lock();
        try {
            TurnStart from = current != null && turnStart != null ? turnStart
                    // Nothing runs: the conversation cannot change while the lock keeps the next input waiting.
                    : new TurnStart(events.last() + 1, conversation.log().messages(), conversation.log().compactions());
            List<SessionEvent> shown = HistoryReplay.of(from.messages(), 0, from.compactions());
            return new Joined(from.messages(), shown, from.seq() - 1, subscribe(from.seq() - 1, listener));
        } finally {
            lock.unlock();
        }
    }

    /** Who {@code /serve} asks to publish the conversation; without one, {@code /serve} says it cannot here. */
    public void publisher(Publisher publisher) {
        runner.publishWith(publisher == null ? null : () -> publisher.publish(this));
    }

    /**
     * Sends a message for the model, or a slash command. It is taken when what runs now has ended
     * (and what was sent before it); until then it is shown as queued.
     */
    public Submitted submit(String text) {
        lock.lock();
        try {
            Pending pending = new Pending(new Input(++inputs, text, kind(text)), new CompletableFuture<>());
            if (closed) {
                pending.ended().complete(new TurnOutcome(TurnOutcome.Reason.INTERRUPTED, "the session is closed"));
            } else if (current == null && handedOver == null && waiting.isEmpty()) {
                handedOver = pending;
            } else {
                waiting.add(pending);
                events.emit(new SessionEvent.Queued(texts()));
            }
            inputArrived.signalAll();
            return new Submitted(pending.input().id(), pending.ended());
        } finally {
            lock.unlock();
        }
    }

    /** Sends {@code text} and waits for it to be handled: for a front end that runs one prompt and leaves. */
    public TurnOutcome run(String text) throws InterruptedException {
        try {
            return submit(text).ended().get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    private static Input.Kind kind(String text) {
        if (!SlashCommands.isCommand(text)) {
            return Input.Kind.MESSAGE;
        }
        return SlashCommands.PROMPT_COMMANDS.contains(SlashCommands.name(text)) ? Input.Kind.PROMPT
                : Input.Kind.COMMAND;
    }

    /**
     * Answers a question; the first answer wins. False when it is answered already, was never asked,
     * or {@code answer} is not one it takes (a decision for a form).
     */
    public boolean answer(String questionId, Answer answer) {
        return desk.answer(questionId, answer);
    }

    /** The questions waiting for an answer now, oldest first. */
    public List<Question> questions() {
        return desk.waiting();
    }

    /**
     * Stops what the model is doing: the reply stops being generated, a running tool is stopped, a
     * confirmation waiting is closed with {@link Answer#STOP}; the turn ends {@code INTERRUPTED} and
     * what was queued behind it is handed back. /undo and /rewind stop comparing the files and take
     * nothing back. Nothing happens when no turn (or such a command) runs.
     */
    public void interrupt() {
        if (runner.interruptible()) {
            conversation.loop().interrupt();
        }
    }

    /** Whether the model is at work (a turn, an /impersonate, a /compact's summary). */
    public boolean modelRunning() {
        return runner.modelRunning();
    }

    /** Whether an input is being handled or waits. */
    public boolean busy() {
        lock.lock();
        try {
            return current != null || handedOver != null || !waiting.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** What waits now, oldest first. */
    public List<String> queued() {
        lock.lock();
        try {
            return texts();
        } finally {
            lock.unlock();
        }
    }

    private List<String> texts() {
        return waiting.stream().map(p -> p.input().text()).toList();
    }

    public SessionStatus status() {
        var session = conversation.session();
        return new SessionStatus(conversation.log().id(), session.model().name(), session.format().id(),
                session.model().contextWindowOrDefault(), session.settings().thinking());
    }

    /** The whole conversation as events, as it was shown live: for a front end that shows it from the start. */
    public List<SessionEvent> history() {
        return HistoryReplay.all(conversation);
    }

    /** A resumed conversation's last turn, after a line saying which one it is; empty for a new one. */
    public List<SessionEvent> resumed() {
        return HistoryReplay.resumed(conversation);
    }

    // ---- the host's thread ----

    private void work() {
        for (Pending next = next(); next != null; next = next()) {
            end(next, handled(next.input()));
        }
    }

    /**
     * The input handled; memory or stack running out ends the turn, not this thread (which would
     * leave every front end waiting for the turn's end for ever).
     */
    private TurnOutcome handled(Input input) {
        try {
            return runner.handle(input);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return TurnOutcome.exhausted(e);
        }
    }

    /** The next input, waited for; null once the host closes. */
    private Pending next() {
        lock.lock();
        try {
            while (handedOver == null && waiting.isEmpty() && !closed) {
                inputArrived.awaitUninterruptibly();
            }
            if (closed) {
                return null;
            }
            if (handedOver != null) {
                current = handedOver;
                handedOver = null;
            } else {
                current = waiting.poll();
                events.emit(new SessionEvent.Queued(texts()));
            }
            turnStart = new TurnStart(events.last() + 1, conversation.log().messages(),
                    conversation.log().compactions());
            events.emit(new SessionEvent.TurnStarted(current.input()));
            return current;
        } finally {
            lock.unlock();
        }
    }

    /** The input is handled: after an interrupt what waited is handed back, not run. */
    private void end(Pending pending, TurnOutcome outcome) {
        lock.lock();
        try {
            List<String> returned = List.of();
            if (outcome.reason() == TurnOutcome.Reason.INTERRUPTED && !waiting.isEmpty()) {
                returned = texts();
                waiting.forEach(p -> p.ended().complete(new TurnOutcome(TurnOutcome.Reason.INTERRUPTED,
                        "handed back after an interrupt")));
                waiting.clear();
                events.emit(new SessionEvent.Queued(List.of()));
            }
            current = null;
            events.emit(new SessionEvent.TurnEnded(pending.input(), outcome, returned, historyRewritten()));
        } finally {
            lock.unlock();
        }
        pending.ended().complete(outcome);
    }

    /**
     * Whether the running input changed the conversation other than by adding to it: the messages it
     * found are no longer the log's first ones, or the compactions differ. Compared by reference first
     * (the log keeps its message objects), so an ordinary turn costs one pass over the list.
     */
    private boolean historyRewritten() {
        if (turnStart == null) {
            return false;
        }
        List<LoggedMessage> before = turnStart.messages();
        List<LoggedMessage> now = conversation.log().messages();
        if (now.size() < before.size() || !conversation.log().compactions().equals(turnStart.compactions())) {
            return true;
        }
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i) != now.get(i) && !before.get(i).equals(now.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Stops taking input, stops the turn (waiting a while for it to end), closes what waits, then the
     * conversation: its tools' processes end and its log is released.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return; // closed already (a front end leaving, then its launcher)
            }
            closed = true;
            waiting.forEach(p -> p.ended().complete(new TurnOutcome(TurnOutcome.Reason.INTERRUPTED, "closed")));
            waiting.clear();
            inputArrived.signalAll();
        } finally {
            lock.unlock();
        }
        conversation.loop().interrupt();
        desk.closeAll();
        try {
            worker.join(PATIENCE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        conversation.close();
    }
}
