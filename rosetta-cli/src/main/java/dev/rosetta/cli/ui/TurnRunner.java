package dev.rosetta.cli.ui;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.tokens.TokenTally;
import dev.rosetta.cli.chat.Chat;
import dev.rosetta.cli.chat.SlashCommands;
import dev.rosetta.cli.repl.ReplPrompt;
import dev.rosetta.cli.repl.SlashCommand;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.agent.config.FormatChoice;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.ModelInfo;

/**
 * The one thread that touches the conversation: it takes what the user sent, in order, and runs
 * it — a turn, or a slash command — while the line editor keeps reading. So a message typed
 * during a turn waits for it, and the session's model, format and messages change on this thread
 * only.
 */
final class TurnRunner {

    static final String KEYS = "keys: Esc stops the model or a tool · Ctrl-O opens the transcript · Enter while the"
            + " model works queues a message · Ctrl-C clears the line (twice leaves) · Ctrl-D leaves";

    /** What the runner needs of the screen. */
    interface Host {
        /** Leave the UI (after /exit). */
        void leave();

        /** /clear: an empty screen. */
        void clearScreen();

        /** /impersonate without text: the lines the user writes for the assistant; null when canceled. */
        String readAssistantMessage() throws InterruptedException;

        /**
         * A command's question, asked at the prompt: the next line the user sends, or null on
         * Ctrl-C, Ctrl-D or leaving. (Slash commands that ask take it as their questions.)
         */
        String ask(String question);

        /** After an interrupt, what was queued goes back into the prompt, to be sent again or not. */
        void restoreInput(List<String> texts);
    }

    private final Chat chat;
    private final Inputs inputs;
    private final UiState state;
    private final EventView view;
    private final Host host;
    private final SlashCommands commands;
    private final Thread thread;
    private volatile boolean turnRunning;
    /** The latest count asked for; an older one that finishes later is dropped. */
    private final AtomicLong counting = new AtomicLong();

    TurnRunner(Chat chat, Inputs inputs, UiState state, EventView view, Host host) {
        this.chat = chat;
        this.inputs = inputs;
        this.state = state;
        this.view = view;
        this.host = host;
        this.commands = new SlashCommands(chat, CommandOutput.to(line -> view.say(line, false)), host::ask,
                state.style());
        this.thread = Thread.ofPlatform().name("rosetta-turns").daemon().unstarted(this::run);
    }

    void start() {
        thread.start();
    }

    boolean turnRunning() {
        return turnRunning;
    }

    /** Esc or Ctrl-C: the reply stops being generated, a running tool is stopped. */
    void interruptTurn() {
        if (turnRunning) {
            chat.loop().interrupt();
        }
    }

    /** Stops taking inputs, stops the turn, and waits a while for the thread to end. */
    void close(Duration patience) {
        inputs.close();
        interruptTurn();
        try {
            thread.join(patience);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The model's name and format for the prompt and the status line; with {@code recount}, the
     * tokens and cost so far too, counted on a thread of their own (estimating loads a vocabulary
     * and reads every message), from the messages as they are now. Call on this thread or before
     * it starts: the session's messages change on it only.
     */
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

    void refresh(boolean recount) {
        ChatSession session = chat.session();
        String model = session.model().name();
        String format = formatLabel(session.model(), session.format(), session.formatReason());
        long window = session.model().contextWindowOrDefault();
        state.change(s -> {
            s.session(ReplPrompt.shortName(model), format, window);
            s.prompt(ReplPrompt.of(model, s.style()));
        });
        List<LoggedMessage> messages = recount ? session.messages() : List.of();
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

    private void run() {
        refresh(true);
        try {
            for (String text = inputs.next(); text != null; text = inputs.next()) {
                handle(text);
            }
        } catch (InterruptedException e) {
            // leaving
        }
    }

    private void handle(String line) throws InterruptedException {
        String text = line.strip();
        if (text.isEmpty()) {
            return;
        }
        String[] parts = text.split("\\s+", 2);
        String name = parts[0].toLowerCase(Locale.ROOT);
        if (!SlashCommand.looksLikeOne(name)) {
            turn(() -> chat.loop().run(line));
            return;
        }
        switch (name) {
            case "/exit", "/quit" -> host.leave();
            case "/clear" -> host.clearScreen();
            case "/impersonate" -> impersonate(parts.length > 1 ? parts[1] : "");
            default -> command(text, name);
        }
    }

    private void command(String text, String name) {
        try {
            if (!commands.run(text)) {
                view.say("rosetta: unknown command " + name + "; /help lists the commands", false);
            } else if (name.equals("/help")) {
                view.say(KEYS, false);
            }
        } catch (RuntimeException e) {
            view.say("rosetta: " + name + " failed: " + TerminalText.safe(String.valueOf(e.getMessage())), false);
        }
        refresh(false);
    }

    private void impersonate(String inline) throws InterruptedException {
        String message = inline.isBlank() ? host.readAssistantMessage() : inline;
        if (message == null || message.isBlank()) {
            view.say("nothing written; nothing sent", false);
            return;
        }
        turn(() -> chat.loop().impersonate(message));
    }

    /** Runs a turn, then says how it ended when that matters; the status goes idle once all of it shows. */
    private void turn(Supplier<TurnOutcome> body) {
        state.change(s -> s.turnStarted(true));
        turnRunning = true;
        TurnOutcome outcome = null;
        String failure = null;
        try {
            outcome = body.get();
        } catch (RuntimeException e) {
            failure = e.getMessage();
        } finally {
            turnRunning = false;
        }
        view.endTurn();
        if (failure != null) {
            view.say("rosetta: " + TerminalText.safe(String.valueOf(failure)), false);
        } else if (outcome.reason() == TurnOutcome.Reason.INTERRUPTED) {
            view.say("interrupted", true);
            List<String> waiting = inputs.takeWaiting();
            if (!waiting.isEmpty()) {
                host.restoreInput(waiting);
            }
        } else if (!outcome.ok() && outcome.message() != null) {
            view.say("rosetta: " + TerminalText.safe(outcome.message()), false);
        }
        refresh(true);
        state.change(s -> s.turnStarted(false));
    }
}
