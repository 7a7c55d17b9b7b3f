package dev.rosetta.cli.repl;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.jline.reader.EndOfFileException;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.utils.InfoCmp.Capability;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.cli.chat.Chat;
import dev.rosetta.cli.chat.ChatRun;
import dev.rosetta.cli.chat.ConversationReplay;
import dev.rosetta.cli.chat.SlashCommands;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;

/**
 * The interactive prompt on a real terminal: line editing, history, completion, several lines per
 * message; slash commands; /exit, /clear and /impersonate, which need the prompt itself. Ctrl-C
 * while a turn runs stops it and comes back here; Ctrl-C at an empty prompt says how to leave,
 * and leaves when pressed again within two seconds; Ctrl-D leaves.
 */
public final class JLineRepl {

    private static final String EXIT_HINT = "(press Ctrl-C again or Ctrl-D to exit)";
    /** Commands Ctrl-C stops as it stops a turn: /compact's summary, /undo's comparing of large files. */
    private static final Set<String> INTERRUPTIBLE = Set.of("/compact", "/undo", "/rewind");

    private final Chat chat;
    private final Terminal terminal;
    private final TerminalStyle style;
    private final TerminalOutput output;
    private final PromptReader reader;
    private final SlashCommands commands;
    private final TurnInterrupts interrupts;
    private final DoublePress exitPresses = new DoublePress(System::nanoTime);
    /** Set by a second Ctrl-C that came while no line was being read; the loop leaves before reading. */
    private volatile boolean leaveRequested;

    /**
     * @param output where the renderer writes too (standard output), for the REPL's own lines
     * @param env    where the history file's folder and the user's home are read
     */
    public JLineRepl(Chat chat, Terminal terminal, TerminalStyle style, TerminalOutput output, Map<String, String> env) {
        this.chat = chat;
        this.terminal = terminal;
        this.style = style;
        this.output = output;
        this.interrupts = new TurnInterrupts(terminal);
        ReplCompleter completer = ReplCompleter.forChat(chat, env);
        Path history = HistoryFile.of(env);
        String problem = HistoryFile.prepare(history).orElse(null);
        if (problem != null) {
            output.warning(problem);
        }
        this.reader = new PromptReader(terminal, completer, problem == null ? history : null);
        if (chat.mcp() != null) {
            // An MCP server's report that comes while the user types goes above the line, which stays.
            chat.mcp().status().whileReading(line -> reader.printAboveIfReading(
                    style.paint("ℹ " + TerminalText.safe(line).strip().replace('\n', ' '), Tone.DIM)));
        }
        this.commands = new SlashCommands(chat, output.out(), this::ask, style);
    }

    /** A slash command's question, answered on a line of its own (not kept in the history); null on Ctrl-C or Ctrl-D. */
    private String ask(String question) {
        try {
            return reader.readUnrecorded(question);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
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
        String model = TerminalText.safe(chat.session().model().name()).replace('\n', ' ');
        say(style.paint(model + " · tool format " + chat.session().format().id()
                + " · /help lists the commands, Ctrl-D leaves", Tone.DIM));
        ConversationReplay.resumed(chat, output.out());
        if (!firstPrompt.isBlank()) {
            turn(() -> chat.loop().run(firstPrompt));
        }
        try {
            while (next()) {
                // one input at a time
            }
            return ChatRun.OK;
        } finally {
            reader.saveHistory();
        }
    }

    /** Reads and handles one input; false when the user leaves. */
    private boolean next() {
        if (leaveRequested) {
            return false;
        }
        String line;
        try {
            line = reader.read(ReplPrompt.of(chat.session().model().name(), style));
        } catch (UserInterruptException e) {
            return !leavesOnCtrlC(e.getPartialLine());
        } catch (EndOfFileException e) {
            return false;
        }
        exitPresses.reset();
        return handle(line);
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

    private boolean handle(String line) {
        String text = line.strip();
        if (text.isEmpty()) {
            return true;
        }
        String[] parts = text.split("\\s+", 2);
        String name = parts[0].toLowerCase(Locale.ROOT);
        switch (name) {
            case "/exit", "/quit" -> {
                return false;
            }
            case "/clear" -> clear();
            case "/impersonate" -> impersonate(parts.length > 1 ? parts[1] : "");
            default -> {
                if (SlashCommand.looksLikeOne(name)) {
                    command(text, name);
                } else {
                    turn(() -> chat.loop().run(line));
                }
            }
        }
        return true;
    }

    private void command(String text, String name) {
        try (TurnInterrupts.Active routed = INTERRUPTIBLE.contains(name) ? interrupts.during(chat.loop()) : null) {
            if (!commands.run(text)) {
                output.error("unknown command " + name + "; /help lists the commands");
            }
        } catch (RuntimeException e) {
            output.error(name + " failed: " + e.getMessage());
        }
    }

    /** Runs a turn with Ctrl-C routed to it, then ends its output and says how it ended when that matters. */
    private void turn(Supplier<TurnOutcome> body) {
        TurnOutcome outcome;
        try (TurnInterrupts.Active routed = interrupts.during(chat.loop())) {
            outcome = body.get();
        } catch (RuntimeException e) {
            chat.output().endTurn();
            output.error(e.getMessage());
            return;
        }
        chat.output().endTurn();
        if (outcome.reason() == TurnOutcome.Reason.INTERRUPTED) {
            say(style.paint("interrupted", Tone.DIM));
        } else if (!outcome.ok() && outcome.message() != null) {
            output.error(outcome.message());
        }
    }

    /** /impersonate: the user writes the assistant's next message; its calls run, then the model goes on. */
    private void impersonate(String inline) {
        String message = inline.isBlank() ? readMessage() : inline;
        if (message == null || message.isBlank()) {
            say("nothing written; nothing sent");
            return;
        }
        turn(() -> chat.loop().impersonate(message));
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
