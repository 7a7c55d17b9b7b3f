package dev.rosetta.cli.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.MaskingCallback;
import org.jline.reader.Reference;
import org.jline.reader.UserInterruptException;
import org.jline.reader.Widget;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.utils.InfoCmp.Capability;

import dev.rosetta.agent.config.UiSettings;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.cli.terminal.DoublePress;
import dev.rosetta.cli.terminal.HistoryFile;
import dev.rosetta.cli.terminal.PromptReader;
import dev.rosetta.cli.terminal.ReplCompleter;
import dev.rosetta.cli.terminal.ReplTerminal;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;

/**
 * The terminal UI: inline in the terminal (never the alternate screen for the conversation), so
 * what is done goes into the terminal's own scrollback and stays there after Rosetta exits, while
 * a live region at the bottom holds the line being streamed (or what the turn is doing, or a
 * confirmation), the prompt — editable all the while — and a status line. Calls and results of
 * every dialect fold into headers with a preview; Ctrl-O opens the whole conversation with every
 * block to open and close. Esc stops the reply or the tool; Enter during a turn queues the message
 * for after it.
 *
 * <p>Threads: this one reads lines (JLine) and sends them to the session host, which runs turns and
 * commands one after another on its thread; {@link TurnView} turns the host's events into
 * {@link UiState} on the threads they come on; {@link FrameLoop} draws. Only this thread and the
 * frame loop write to the terminal, both under the line editor's lock.
 */
public final class InlineUi {

    private static final String FRAME = "rosetta-frame";
    private static final String ESCAPE = "rosetta-escape";
    private static final String TRANSCRIPT = "rosetta-transcript";
    private static final String CLEAR = "rosetta-clear";
    private static final String RESTORE = "rosetta-restore";
    private static final String EXIT_HINT = "(press Ctrl-C again or Ctrl-D to exit)";
    private static final String BUSY_EXIT_HINT = "(a turn is running: Esc stops it; Ctrl-D again leaves)";
    /** Rows and columns below which the live region has no room. */
    private static final int MIN_COLUMNS = 20;
    private static final int MIN_ROWS = 6;

    private final Terminal terminal;
    private final Map<String, String> env;
    private final UiState state;
    private final EventView view;
    private final UiConfirmation confirmation;
    private final Attributes cooked;
    private final DoublePress exitPresses = new DoublePress(System::nanoTime);
    private final DoublePress turnPresses = new DoublePress(System::nanoTime);
    private final DoublePress endPresses = new DoublePress(System::nanoTime);
    private final AtomicReference<String> restore = new AtomicReference<>();
    /** Set by the Ctrl-C key (the editor reads it as a key: it turns the terminal's signals off while it reads). */
    private final AtomicBoolean typedCtrlC = new AtomicBoolean();
    /** The SIGINTs counted so far ({@link ReplTerminal#interruptsReceived}). */
    private final AtomicLong seenInterrupts = new AtomicLong(ReplTerminal.interruptsReceived());
    private UiReader reader;
    private QuestionKeys answers;
    private SessionHost session;
    private TurnView turns;
    private Thread inputThread;
    private volatile boolean leaving;
    private final PromptedLines prompted;

    /** Why the UI cannot run on this terminal (the line prompt serves it then), or empty when it can. */
    public static Optional<String> unsuitable(Terminal terminal) {
        if (terminal.getWidth() < MIN_COLUMNS || terminal.getHeight() < MIN_ROWS) {
            return Optional.of("the terminal is smaller than " + MIN_COLUMNS + "×" + MIN_ROWS + " or says no size");
        }
        for (Capability needed : List.of(Capability.cursor_up, Capability.clr_eol, Capability.carriage_return)) {
            if (terminal.getStringCapability(needed) == null) {
                return Optional.of("the terminal cannot " + needed.name().replace('_', ' '));
            }
        }
        return Optional.empty();
    }

    public InlineUi(Terminal terminal, TerminalStyle style, Map<String, String> env) {
        this.terminal = terminal;
        this.env = env;
        this.state = new UiState(style, System::nanoTime);
        this.view = new EventView(state);
        this.confirmation = new UiConfirmation(state, view);
        this.prompted = new PromptedLines(state, view);
        this.cooked = terminal.getAttributes();
        state.change(s -> s.frame(terminal.getWidth(), terminal.getHeight()));
    }

    /** How calls and results fold into the scrollback ({@code [ui]} in the config files). */
    public void settings(UiSettings settings) {
        state.change(s -> s.scrollback().folding(new Scrollback.Folding(settings.collapse(), settings.previewLines())));
    }

    /** Runs the first prompt, if there is one, then reads until the user leaves; the exit code. */
    public int run(SessionHost host, String firstPrompt) {
        inputThread = Thread.currentThread();
        session = host;
        Path history = HistoryFile.of(env);
        String problem = HistoryFile.prepare(history).orElse(null);
        reader = PromptReader.configure(new UiReader(terminal, state::promptLines, state::status),
                ReplCompleter.forChat(host.conversation(), env), problem == null ? history : null);
        answers = new QuestionKeys(state, reader, cooked, env);
        bindKeys();
        turns = new TurnView(host, state, view, confirmation, new Host());
        reader.onResize(() -> state.change(s -> { }));
        // Between lines (the editor puts its own handler in place while it reads), Ctrl-C stops the
        // turn, or counts toward the two presses that leave.
        terminal.handle(Signal.INT, signal -> {
            seenInterrupts.set(ReplTerminal.interruptsReceived());
            if (turns.turnRunning()) {
                turns.interruptTurn();
            } else if (exitPresses.press()) {
                leaving = true;
                inputThread.interrupt();
            }
        });
        if (problem != null) {
            view.say("rosetta: warning: " + problem, false);
        }
        turns.refresh(false);
        // From the session's first event: what the servers said while the conversation opened comes first.
        SessionHost.Subscription shown = host.subscribe(0, turns::accept);
        view.say("/help lists the commands · Esc stops the model · Ctrl-O the transcript · Ctrl-D leaves",
                true);
        host.resumed().forEach(turns::show);
        view.endTurn();
        turns.refresh(true);
        FrameLoop frames = new FrameLoop(state, this::drawFrame);
        frames.start();
        if (!firstPrompt.isBlank()) {
            turns.send(firstPrompt);
        }
        try {
            read();
            return ExitCode.OK;
        } finally {
            leave(frames, shown);
        }
    }

    private void read() {
        while (!leaving) {
            printPending();
            try {
                String line = reader.readLine(null, null, (MaskingCallback) null, restore.getAndSet(null));
                exitPresses.reset();
                endPresses.reset();
                route(line);
            } catch (UserInterruptException e) {
                // Ctrl-C stops the editor as a key (signals are off while it reads) or, just as it
                // starts or ends reading, as a signal. An interrupt of this thread for any other
                // reason (JLine may even leave one set for the next read) stops it too, and is no Ctrl-C.
                Thread.interrupted();
                long signals = ReplTerminal.interruptsReceived();
                boolean signalled = signals != seenInterrupts.getAndSet(signals);
                if (typedCtrlC.getAndSet(false) || signalled) {
                    interrupted(e.getPartialLine());
                } else if (e.getPartialLine() != null && !e.getPartialLine().isEmpty()) {
                    restore.compareAndSet(null, e.getPartialLine());
                }
            } catch (EndOfFileException e) {
                if (endOfInput()) {
                    return;
                }
            }
        }
    }

    /** A line the user sent: to what waits for it (an /impersonate message, a command's question), or to the host. */
    private void route(String line) {
        if (!prompted.take(line) && !line.isBlank()) {
            turns.send(line);
        }
    }

    /** Ctrl-C: stops the turn (twice in a turn leaves at once); else clears the line, or leaves when pressed twice. */
    private void interrupted(String partial) {
        if (leaving || prompted.cancel()) {
            return;
        }
        if (turns.turnRunning()) {
            if (turnPresses.press()) {
                ReplTerminal.leave(terminal);
            }
            turns.interruptTurn();
            restore.compareAndSet(null, partial == null || partial.isEmpty() ? null : partial);
            return;
        }
        turnPresses.reset();
        if (partial != null && !partial.isEmpty()) {
            exitPresses.reset();
            return;
        }
        if (exitPresses.press()) {
            leaving = true;
            return;
        }
        view.say(EXIT_HINT, true);
    }

    /** Ctrl-D on an empty line: leaves; during a turn only when pressed twice. True to leave. */
    private boolean endOfInput() {
        if (prompted.finish()) {
            return false;
        }
        if (session.busy() && !endPresses.press()) {
            view.say(BUSY_EXIT_HINT, true);
            return false;
        }
        return true;
    }

    private void leave(FrameLoop frames, SessionHost.Subscription shown) {
        leaving = true;
        prompted.cancel(); // the host is not left waiting for a line that will not come
        session.close(); // stops the turn, waiting a while for it: what it shows last is still shown
        shown.close();
        frames.close();
        String rest = state.read(s -> {
            s.scrollback().screen().endLine();
            return s.scrollback().takePending();
        });
        reader.print(rest);
        try {
            reader.getHistory().save();
        } catch (IOException | RuntimeException e) {
            // each line was appended as it was entered; saving only trims the file
        }
    }

    // ---- drawing ----

    /**
     * Between two lines (the editor not reading, so no frame is being drawn): what is done goes
     * on screen now, before the prompt is drawn again under it.
     */
    private void printPending() {
        String pending = state.read(s -> s.scrollback().takePending());
        if (!pending.isEmpty()) {
            reader.print(pending);
        }
    }

    /** A frame, drawn inside the line editor; false when it is not reading a line just now. */
    private boolean drawFrame() {
        return drawWidget(FRAME);
    }

    /** Runs a widget inside the line editor; false when it is not reading a line just now. */
    private boolean drawWidget(String widget) {
        if (!reader.isReading()) {
            return false;
        }
        try {
            reader.callWidget(widget);
            return true;
        } catch (IllegalStateException notReading) {
            return false;
        }
    }

    private boolean frameWidget() {
        UiState.Frame frame = state.frame(reader.columns(), reader.rows());
        reader.show(frame.committed(), frame.prompt(), frame.status());
        return true;
    }

    // ---- keys ----

    private void bindKeys() {
        Map<String, Widget> widgets = reader.getWidgets();
        widgets.put(FRAME, this::frameWidget);
        widgets.put(ESCAPE, this::escape);
        widgets.put(TRANSCRIPT, this::transcript);
        widgets.put(CLEAR, this::clear);
        widgets.put(RESTORE, this::restoreWidget);
        Widget insert = widgets.get(LineReader.SELF_INSERT);
        widgets.put(LineReader.SELF_INSERT, () -> answers.key(reader.getLastBinding()) || insert.apply());
        Widget interrupt = widgets.get(LineReader.INTERRUPT);
        widgets.put(LineReader.INTERRUPT, () -> {
            typedCtrlC.set(true);
            return interrupt.apply();
        });
        Widget accept = widgets.get(LineReader.ACCEPT_LINE);
        widgets.put(LineReader.ACCEPT_LINE, () -> (reader.getBuffer().length() == 0 && answers.key("y"))
                || accept.apply());
        // Emacs keys, JLine's default (in vi's insert mode Esc is the way to its command mode).
        KeyMap<Binding> keys = reader.getKeyMaps().get(LineReader.EMACS);
        keys.bind(new Reference(ESCAPE), KeyMap.esc());
        keys.bind(new Reference(TRANSCRIPT), KeyMap.ctrl('O'));
        answers.bindScrolling(keys);
    }

    /** Esc: stops the turn (at a confirmation too); nothing between turns. */
    private boolean escape() {
        turns.interruptTurn();
        return true;
    }

    /** Ctrl-O: the transcript on the alternate screen, until q or Esc. */
    private boolean transcript() {
        TranscriptScreen.of(terminal, state, view).show();
        reader.redrawLine();
        state.change(s -> { });
        return true;
    }

    private boolean clear() {
        terminal.puts(Capability.clear_screen);
        terminal.flush();
        reader.redrawLine();
        return true;
    }

    private boolean restoreWidget() {
        String text = restore.getAndSet(null);
        if (text != null) {
            String typed = reader.getBuffer().toString();
            reader.getBuffer().clear();
            reader.getBuffer().write(typed.isEmpty() ? text : text + "\n" + typed);
        }
        return true;
    }

    /** What the view asks of the screen. */
    private final class Host implements TurnView.Host {

        @Override
        public void leave() {
            leaving = true;
            inputThread.interrupt();
        }

        @Override
        public void clearScreen() {
            callWhenReading(CLEAR);
        }

        @Override
        public String readAssistantMessage() throws InterruptedException {
            view.say("Write the assistant's message; end with a line holding only \".\" (Ctrl-C cancels)", true);
            return prompted.await(new AssistantMessage(state.style().paint("assistant>", Tone.DIM) + " "));
        }

        @Override
        public String ask(String question) {
            try {
                return prompted.await(new CommandQuestion(TerminalText.safe(question)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        @Override
        public void restoreInput(List<String> texts) {
            restore.accumulateAndGet(String.join("\n", texts), (draft, queued) -> draft == null ? queued
                    : queued + "\n" + draft);
            callWhenReading(RESTORE);
        }

        /** Runs a widget as soon as the editor reads; it always soon does, unless Rosetta is leaving. */
        private void callWhenReading(String widget) {
            for (int tries = 0; tries < 200 && !leaving; tries++) {
                if (drawWidget(widget)) {
                    return;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
