package dev.rosetta.cli.repl;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.terminal.Terminal.SignalHandler;
import org.jline.utils.NonBlockingReader;

import dev.rosetta.cli.terminal.CallEditor;
import dev.rosetta.cli.terminal.RuleText;
import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * Asks before a call runs, on the JLine terminal: shows the preview (the command, or the diff in
 * colour), then takes one key: y or Enter runs it, n doesn't, a (always) runs it and offers rules
 * to remember so that calls like it are not asked about again (the key of one, or any other key
 * to go back), e opens the body in the user's editor and runs what was saved. Ctrl-C stops the
 * turn; Ctrl-D answers no.
 *
 * <p>Keys typed while the model was still writing are dropped first, so an Enter meant for
 * something else never says yes to a call the user has not seen.
 */
public final class JLineConfirmation implements Confirmation {

    private static final int CTRL_C = 3;
    private static final int CTRL_D = 4;
    /** How long to look for keys typed ahead; they are already in the terminal's buffer. */
    private static final long TYPEAHEAD_MILLIS = 15;
    /** How long one wait for a key lasts before it is waited for again. */
    private static final long KEY_WAIT_MILLIS = 200;
    /** No second question was asked. */
    private static final int NOT_ASKED = -3;

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

    /** With no rules to offer, a runs this call and every later one without asking. */
    @Override
    public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) throws InterruptedException {
        endOutput.run();
        out.print(PreviewText.of(preview, style));
        while (true) {
            int[] keys = ask(question(use), key -> Answer.of(key) == Answer.ALL && !remember.isEmpty()
                    ? Answer.ALL.word() + "\n" + offer(remember) : null);
            Answer answer = Answer.of(keys[0]);
            if (keys[1] == NOT_ASKED) {
                out.println(answer.word());
                out.flush();
            }
            switch (answer) {
                case YES -> {
                    return Decision.yes();
                }
                case NO -> {
                    return new Decision.No("");
                }
                case ALL -> {
                    if (remember.isEmpty()) {
                        return new Decision.YesToAll();
                    }
                    PermissionRule rule = picked(remember, keys[1]);
                    if (rule != null) {
                        return new Decision.Remember(rule);
                    }
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
        return style.paint("Run " + tool + "?", Tone.BOLD) + " " + style.paint("[y]es [n]o [a]lways [e]dit", Tone.DIM)
                + " ";
    }

    /** The rules by number, and the question that asks for one. */
    private String offer(List<PermissionRule> rules) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rules.size(); i++) {
            text.append("  ").append(i + 1).append("  ").append(RuleText.of(rules.get(i))).append('\n');
        }
        return text + style.paint("Allow from now on, in this conversation:", Tone.BOLD) + " "
                + style.paint("[1-" + rules.size() + "], another key goes back", Tone.DIM) + " ";
    }

    /** The rule whose number was pressed, or null to go back to the question. */
    private PermissionRule picked(List<PermissionRule> rules, int key) throws InterruptedException {
        if (key == CTRL_C) {
            throw new InterruptedException("Ctrl-C at the confirmation prompt");
        }
        int n = key - '0';
        PermissionRule rule = n >= 1 && n <= rules.size() ? rules.get(n - 1) : null;
        say(rule == null ? "back" : String.valueOf(n));
        return rule;
    }

    /**
     * Writes the question and reads one key, with the terminal in raw mode; when {@code then} has
     * a second question for that key, writes it and reads a second key in the same raw mode.
     * Keys typed before the question appears are dropped first, so none typed after it is. Ctrl-C
     * arrives as a key here, not as a signal: the turn's handler would interrupt this very thread
     * in its read.
     *
     * @return the first key and the second, or {@link #NOT_ASKED}
     */
    private int[] ask(String question, IntFunction<String> then) {
        Attributes saved = terminal.enterRawMode();
        SignalHandler turnHandler = terminal.handle(Signal.INT, SignalHandler.SIG_IGN);
        try {
            NonBlockingReader keys = terminal.reader();
            while (keys.read(TYPEAHEAD_MILLIS) >= 0) {
                // typed before the question was asked
            }
            out.print(question);
            out.flush();
            int first = key(keys);
            String second = then.apply(first);
            if (second == null) {
                return new int[] {first, NOT_ASKED};
            }
            out.print(second);
            out.flush();
            return new int[] {first, key(keys)};
        } catch (IOException e) {
            return new int[] {-1, NOT_ASKED};
        } finally {
            terminal.handle(Signal.INT, turnHandler);
            terminal.setAttributes(saved);
        }
    }

    /**
     * The next key, waited for in timed reads only. JLine reads a timed read through a thread of
     * its own, and an untimed one on the calling thread when that thread is not reading: after
     * the typeahead check had started it, the two read the terminal at once, and a key the
     * other thread took was never seen here (a quick second key was lost).
     */
    private static int key(NonBlockingReader keys) throws IOException {
        int key;
        do {
            key = keys.read(KEY_WAIT_MILLIS);
        } while (key == NonBlockingReader.READ_EXPIRED);
        return key;
    }

    private void say(String line) {
        out.println(TerminalText.safe(line));
        out.flush();
    }

    /** What a key means. */
    enum Answer {
        YES("yes"), NO("no"), ALL("always"), EDIT("edit"), CLOSED("no"), STOP("^C"), OTHER("?");

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
