package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;

import org.jline.reader.Buffer;
import org.jline.reader.Completer;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;
import org.jline.reader.Widget;
import org.jline.reader.impl.DefaultParser;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.reader.impl.history.DefaultHistory;
import org.jline.terminal.Terminal;

/**
 * Reads what the user types, with JLine: history kept in a file, Tab completion, and input of
 * several lines — a line ending with a backslash goes on at the next (the backslash is dropped),
 * and pasted text keeps its line breaks (bracketed paste) until Enter sends it all.
 *
 * <p>The text is taken as the user wrote it: no quotes to close (prompts say "don't"), no
 * {@code !} history expansion (prompts say "hello!"). Quotes and escapes only shape the words
 * Tab completes. A line that starts with a space is not kept in the history, as in bash.
 */
public final class PromptReader {

    private final LineReader reader;

    /**
     * @param history where the history is kept; null for none
     */
    public PromptReader(Terminal terminal, Completer completer, Path history) {
        this.reader = configure(new LineReaderImpl(terminal, "rosetta", new HashMap<>()), completer, history);
    }

    /**
     * Makes {@code reader} read as the prompt does (the terminal UI's reader too): the words,
     * options, history and completion above, and a backslash at the end of a line going on at
     * the next.
     *
     * @param history where the history is kept; null for none
     */
    public static <R extends LineReaderImpl> R configure(R reader, Completer completer, Path history) {
        DefaultParser words = new DefaultParser();
        words.setQuoteChars(new char[0]);
        words.setEofOnEscapedNewLine(false);
        reader.setParser(words);
        reader.setCompleter(completer);
        reader.setHistory(new DefaultHistory());
        reader.option(LineReader.Option.DISABLE_EVENT_EXPANSION, true);
        reader.option(LineReader.Option.BRACKETED_PASTE, true);
        reader.option(LineReader.Option.INSERT_TAB, false);
        reader.setVariable(LineReader.SECONDARY_PROMPT_PATTERN, "%P … ");
        reader.setVariable(LineReader.HISTORY_FILE_SIZE, 10_000);
        if (history != null) {
            reader.setVariable(LineReader.HISTORY_FILE, history);
        }
        continueAfterBackslash(reader);
        return reader;
    }

    /** The next input, which may hold line breaks. */
    public String read(String prompt) throws UserInterruptException, EndOfFileException {
        return reader.readLine(prompt);
    }

    /** Like {@link #read}, but kept out of the history (the lines of an /impersonate message). */
    public String readUnrecorded(String prompt) throws UserInterruptException, EndOfFileException {
        reader.setVariable(LineReader.DISABLE_HISTORY, true);
        try {
            return reader.readLine(prompt);
        } finally {
            reader.setVariable(LineReader.DISABLE_HISTORY, false);
        }
    }

    /**
     * Prints a line above the one being typed, which is drawn again as it was; false when no line
     * is being read (the caller writes it as usual).
     */
    public boolean printAboveIfReading(String line) {
        if (!reader.isReading()) {
            return false;
        }
        reader.printAbove(line);
        return true;
    }

    /** Writes the history file (trimmed to its size); a failure loses only the history. */
    public void saveHistory() {
        try {
            reader.getHistory().save();
        } catch (IOException | RuntimeException ignored) {
            // Each line was appended as it was entered; this only trims the file.
        }
    }

    /**
     * Enter on a line whose last character is a backslash replaces the backslash with a line break
     * instead of sending: the widget JLine calls for Enter is wrapped, so pasted text (which is
     * inserted, not entered) keeps its backslashes.
     */
    private static void continueAfterBackslash(LineReader reader) {
        Widget accept = reader.getWidgets().get(LineReader.ACCEPT_LINE);
        reader.getWidgets().put(LineReader.ACCEPT_LINE, () -> {
            Buffer buffer = reader.getBuffer();
            if (Continuation.endsWithBackslash(buffer.toString())) {
                buffer.cursor(buffer.length());
                buffer.backspace();
                buffer.write('\n');
                return true;
            }
            return accept.apply();
        });
    }
}
