package dev.rosetta.cli.repl;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.jline.reader.EndOfFileException;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.utils.InfoCmp.Capability;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalRenderer;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.cli.terminal.Attendant;
import dev.rosetta.cli.terminal.DoublePress;
import dev.rosetta.cli.terminal.EventPrinter;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.cli.terminal.HistoryFile;
import dev.rosetta.cli.terminal.PromptReader;
import dev.rosetta.cli.terminal.ReplCompleter;
import dev.rosetta.cli.terminal.ReplPrompt;
import dev.rosetta.cli.terminal.TerminalLines;
import dev.rosetta.cli.terminal.TerminalMcpQuestions;

/**
 * The interactive prompt on a real terminal, over the session host: line editing, history,
 * completion, several lines per message; /exit and /clear, which are the prompt's own. What is
 * typed goes to the host, which runs it while this thread answers the host's questions (a call to
 * confirm, a server's form, a command's question, an /impersonate message). Ctrl-C while a turn
 * runs stops it and comes back here; Ctrl-C at an empty prompt says how to leave, and leaves when
 * pressed again within two seconds; Ctrl-D leaves.
 */
public final class JLineRepl {

    private static final String EXIT_HINT = "(press Ctrl-C again or Ctrl-D to exit)";

    private final SessionHost host;
    private final Terminal terminal;
    private final TerminalStyle style;
    private final TerminalOutput output;
    private final TerminalRenderer renderer;
    private final PromptReader reader;
    private final TurnInterrupts interrupts;
    private final JLineConfirmation confirmation;
    private final TerminalMcpQuestions forms;
    private final DoublePress exitPresses = new DoublePress(System::nanoTime);
    /** Set by a second Ctrl-C that came while no line was being read; the loop leaves before reading. */
    private volatile boolean leaveRequested;

    /**
     * @param output   where the renderer writes too (standard output), for the REPL's own lines
     * @param env      where the history file's folder, the user's home and the editor are read
     * @param renderer shows the turns' events
     */
    public JLineRepl(SessionHost host, Terminal terminal, TerminalStyle style, TerminalOutput output,
            Map<String, String> env, TerminalRenderer renderer) {
        this.host = host;
        this.terminal = terminal;
        this.style = style;
        this.output = output;
        this.renderer = renderer;
        this.interrupts = new TurnInterrupts(terminal);
        this.confirmation = new JLineConfirmation(terminal, style, renderer::endTurn, env);
        this.forms = TerminalLines.questions(terminal, renderer::endTurn);
        ReplCompleter completer = ReplCompleter.forChat(host.conversation(), env);
        Path history = HistoryFile.of(env);
        String problem = HistoryFile.prepare(history).orElse(null);
        if (problem != null) {
            output.warning(problem);
        }
        this.reader = new PromptReader(terminal, completer, problem == null ? history : null);
    }

    /** Runs the first prompt, if there is one, then reads until the user leaves; the exit code. */
    public int run(String firstPrompt) {
        // Until now Ctrl-C ended Rosetta (the terminal's first handler). From here, between
        // prompts (a slash command running, output being written) it counts toward the double
        // press that leaves; the line editor and each turn put their own handler in place while
        // they run and restore this one after.
        terminal.handle(Signal.INT, signal -> {
            if (exitPresses.press()) {
                leaveRequested = true;
            }
        });
        EventPrinter printer = new EventPrinter(renderer, renderer::endTurn, output.out(), style);
        // From the session's first event: what the servers said while the conversation opened comes first.
        try (SessionHost.Subscription shown = host.subscribe(0, e -> show(e, printer));
                Attendant attendant = new Attendant(host, this::ask)) {
            renderer.endTurn();
            String model = TerminalText.safe(host.status().model()).replace('\n', ' ');
            say(style.paint(model + " · tool format " + host.status().format()
                    + " · /help lists the commands, Ctrl-D leaves", Tone.DIM));
            host.resumed().forEach(printer::show);
            renderer.endTurn();
            if (!firstPrompt.isBlank()) {
                send(attendant, firstPrompt);
            }
            while (next(attendant)) {
                // one input at a time
            }
            return ExitCode.OK;
        } finally {
            reader.saveHistory();
        }
    }

    /** An MCP server's report that comes while the user types goes above the line, which stays. */
    private void show(NumberedEvent numbered, EventPrinter printer) {
        if (numbered.event() instanceof SessionEvent.Agent(AgentEvent.Notice n) && reader.printAboveIfReading(
                style.paint("ℹ " + TerminalText.safe(n.text()).strip().replace('\n', ' '), Tone.DIM))) {
            return;
        }
        printer.accept(numbered);
    }

    /** Reads and handles one input; false when the user leaves. */
    private boolean next(Attendant attendant) {
        if (leaveRequested) {
            return false;
        }
        String line;
        try {
            line = reader.read(ReplPrompt.of(host.status().model(), style));
        } catch (UserInterruptException e) {
            return !leavesOnCtrlC(e.getPartialLine());
        } catch (EndOfFileException e) {
            return false;
        }
        exitPresses.reset();
        return handle(attendant, line);
    }

    /** Ctrl-C on a typed line only clears it (JLine has); on an empty one, twice leaves. */
    private boolean leavesOnCtrlC(String partialLine) {
        if (partialLine != null && !partialLine.isEmpty()) {
            exitPresses.reset();
            return false;
        }
        if (exitPresses.press()) {
            return true;
        }
        say(style.paint(EXIT_HINT, Tone.DIM));
        return false;
    }

    private boolean handle(Attendant attendant, String line) {
        String text = line.strip();
        if (text.isEmpty()) {
            return true;
        }
        switch (text.split("\\s+", 2)[0].toLowerCase(Locale.ROOT)) {
            case "/exit", "/quit" -> {
                return false;
            }
            case "/clear" -> clear();
            default -> send(attendant, line);
        }
        return true;
    }

    /**
     * Sends an input with Ctrl-C routed to the host (it stops the model; nothing else), then says how
     * it ended when that matters.
     */
    private void send(Attendant attendant, String line) {
        TurnOutcome outcome;
        try (TurnInterrupts.Active routed = interrupts.during(host::interrupt)) {
            outcome = attendant.run(line);
        }
        if (outcome.reason() == TurnOutcome.Reason.INTERRUPTED) {
            say(style.paint("interrupted", Tone.DIM));
        } else if (!outcome.ok() && outcome.message() != null) {
            output.error(outcome.message());
        }
    }

    /** Asks one of the host's questions at this terminal. */
    private Answer ask(Question question) throws InterruptedException {
        return switch (question) {
            case Question.Permission p -> {
                try {
                    yield new Answer.Decided(confirmation.confirm(p.use(), p.preview(), p.remember()));
                } catch (InterruptedException stopped) {
                    yield Answer.STOP;
                }
            }
            case Question.Form f -> new Answer.Filled(forms.ask(f.form()));
            case Question.Choice c -> new Answer.Text(line(c.prompt()));
            case Question.Message m -> new Answer.Text(readMessage());
        };
    }

    /** A command's question, answered on a line of its own (not kept in the history); null on Ctrl-C or Ctrl-D. */
    private String line(String question) {
        renderer.endTurn();
        try {
            return reader.readUnrecorded(question);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
    }

    /** Lines (typed or pasted) until one holding only "." or Ctrl-D; null when Ctrl-C cancels. */
    private String readMessage() {
        say(style.paint("Write the assistant's message; end with a line holding only \".\" (Ctrl-C cancels)",
                Tone.DIM));
        StringBuilder message = new StringBuilder();
        while (true) {
            String line;
            try {
                line = reader.readUnrecorded(style.paint("assistant>", Tone.DIM) + " ");
            } catch (UserInterruptException e) {
                return null;
            } catch (EndOfFileException e) {
                return message.toString();
            }
            if (line.equals(".")) {
                return message.toString();
            }
            message.append(line).append('\n');
        }
    }

    private void clear() {
        if (terminal.puts(Capability.clear_screen)) {
            terminal.flush();
        } else {
            output.clearScreen();
        }
    }

    /** A line Rosetta styled from parts it cleaned. */
    private void say(String styled) {
        output.out().append(styled + "\n").flush();
    }
}
