package dev.rosetta.cli.render;

import java.io.Flushable;
import java.io.PrintStream;

/**
 * stdout or stderr, as {@link TerminalOutput} hands them out: every character written passes its
 * {@link OutputGuard}. {@link #line} and {@link #text} also clean the text with
 * {@link TerminalText} first, so CRs and all escapes in it are shown; {@link #append} is for text
 * Rosetta styled itself, whose SGR colours pass on a terminal.
 */
public final class TerminalChannel implements Appendable, Flushable {

    private final PrintStream stream;

    TerminalChannel(PrintStream stream) {
        this.stream = stream;
    }

    /** A line of text from anywhere (a message, a name from a file, a path), shown as it is. */
    public void line(String text) {
        stream.print(TerminalText.safe(text) + "\n");
        stream.flush();
    }

    /** Text from anywhere without a line end after it, e.g. a question before its answer. */
    public void text(String text) {
        stream.print(TerminalText.safe(text));
        stream.flush();
    }

    /** Text styled by Rosetta from parts it cleaned; on a terminal its SGR sequences take effect. */
    @Override
    public TerminalChannel append(CharSequence styled) {
        stream.print(styled);
        return this;
    }

    @Override
    public TerminalChannel append(CharSequence styled, int start, int end) {
        return append(styled.subSequence(start, end));
    }

    @Override
    public TerminalChannel append(char c) {
        stream.print(c);
        return this;
    }

    @Override
    public void flush() {
        stream.flush();
    }

    /**
     * The guarded stream, for what writes to a stream by itself: picocli, a stack trace, the JSON
     * of {@code rosetta parse}.
     */
    public PrintStream stream() {
        return stream;
    }

    /** Whether a write failed (a closed pipe, a full disk): a PrintStream does not say otherwise. */
    public boolean failed() {
        return stream.checkError();
    }
}
