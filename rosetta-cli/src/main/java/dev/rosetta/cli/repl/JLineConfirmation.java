package dev.rosetta.cli.repl;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.terminal.Terminal.SignalHandler;
import org.jline.utils.NonBlockingReader;

import dev.rosetta.cli.chat.CallEditor;
import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

/**
 * Asks before a call runs, on the JLine terminal: shows the preview (the command, or the diff in
 * colour), then takes one key: y or Enter runs it, n doesn't, a runs it and everything after, e
 * opens the body in the user's editor and runs what was saved. Ctrl-C stops the turn; Ctrl-D
 * answers no.
 *
 * <p>Keys typed while the model was still writing are dropped first, so an Enter meant for
 * something else never says yes to a call the user has not seen.
 */
public final class JLineConfirmation implements Confirmation {

    private static final int CTRL_C = 3;
    private static final int CTRL_D = 4;
    /** How long to look for keys typed ahead; they are already in the terminal's buffer. */
    private static final long TYPEAHEAD_MILLIS = 15;

    private final Terminal terminal;
    /** The terminal's writer, guarded as every output is. */
    private final PrintWriter out;
    private final TerminalStyle style;
    private final Runnable endOutput;
    private final CallEditor editor;

    /**
     * @param endOutput ends what the renderer is showing (held text, the spinner) before the
     *                  question is written: the renderer's {@code endTurn}
     */
    public JLineConfirmation(Terminal terminal, TerminalStyle style, Runnable endOutput, Map<String, String> env) {
        this.terminal = terminal;
        this.out = TerminalOutput.onTerminal(terminal.writer());
        this.style = style;
        this.endOutput = endOutput;
        this.editor = new CallEditor(env, this::say);
    }

    @Override
    public Decision confirm(ToolUse use, Preview preview) throws InterruptedException {
        endOutput.run();
        out.print(PreviewText.of(preview, style));
        while (true) {
            Answer answer = Answer.of(ask(question(use)));
            out.println(answer.word());
            out.flush();
            switch (answer) {
                case YES -> {
                    return Decision.yes();
                }
                case NO -> {
                    return new Decision.No("");
                }
                case ALL -> {
                    return new Decision.YesToAll();
                }
                case CLOSED -> {
                    return new Decision.No("the user closed the input");
                }
                case STOP -> throw new InterruptedException("Ctrl-C at the confirmation prompt");
                case EDIT -> {
                    // The editor gets the terminal to itself: the system terminal reads only when asked.
                    Decision edited = editor.edit(use, preview);
                    if (edited != null) {
                        return edited;
                    }
                }
                case OTHER -> say("Please press y, n, a or e.");
            }
        }
    }

    private String question(ToolUse use) {
        String tool = TerminalText.safe(use.tool()).replace('\n', ' ');
        return style.paint("Run " + tool + "?", Tone.BOLD) + " " + style.paint("[y]es [n]o [a]ll [e]dit", Tone.DIM)
                + " ";
    }

    /**
     * Writes the question and reads one key, with the terminal in raw mode. Keys typed earlier are
     * dropped before the question appears, so none typed after it is. Ctrl-C arrives as a key
     * here, not as a signal: the turn's handler would interrupt this very thread in its read.
     */
    private int ask(String question) {
        Attributes saved = terminal.enterRawMode();
        SignalHandler turnHandler = terminal.handle(Signal.INT, SignalHandler.SIG_IGN);
        try {
            NonBlockingReader keys = terminal.reader();
            while (keys.read(TYPEAHEAD_MILLIS) >= 0) {
                // typed before the question was asked
            }
            out.print(question);
            out.flush();
            return keys.read();
        } catch (IOException e) {
            return -1;
        } finally {
            terminal.handle(Signal.INT, turnHandler);
            terminal.setAttributes(saved);
        }
    }

    private void say(String line) {
        out.println(TerminalText.safe(line));
        out.flush();
    }

    /** What a key means. */
    enum Answer {
        YES("yes"), NO("no"), ALL("all"), EDIT("edit"), CLOSED("no"), STOP("^C"), OTHER("?");

        private final String word;

        Answer(String word) {
            this.word = word;
        }

        String word() {
            return word;
        }

        static Answer of(int key) {
            return switch (key) {
                case 'y', 'Y', '\r', '\n' -> YES;
                case 'n', 'N' -> NO;
                case 'a', 'A' -> ALL;
                case 'e', 'E' -> EDIT;
                case CTRL_C -> STOP;
                case CTRL_D, -1 -> CLOSED;
                default -> OTHER;
            };
        }
    }
}
