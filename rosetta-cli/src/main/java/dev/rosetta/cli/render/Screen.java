package dev.rosetta.cli.render;

import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The output, shared by the renderer and the spinner's thread: every write goes through its lock,
 * so a spinner frame can never land inside a line of text. It knows where the cursor is (at the
 * start of a line, below a blank line) so blocks can be set apart without doubling blank lines,
 * and it erases the transient line (the spinner) before anything else is written.
 */
public final class Screen {

    private final Appendable out;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean written;
    private int newlinesAtEnd;
    private int transientWidth;

    public Screen(Appendable out) {
        this.out = out;
    }

    ReentrantLock lock() {
        return lock;
    }

    /** Writes text as it is (already made safe and styled by the caller). */
    public void write(String text) {
        if (text.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            clearTransient();
            append(text);
            track(text);
        } finally {
            lock.unlock();
        }
    }

    /** Ends the current line unless the cursor is already at the start of one. */
    public void endLine() {
        if (!atLineStart()) {
            write("\n");
        }
    }

    /** Puts one blank line between what was written and what comes next (none at the very top). */
    public void separate() {
        endLine();
        if (written && newlinesAtEnd < 2) {
            write("\n");
        }
    }

    public boolean atLineStart() {
        return !written || newlinesAtEnd > 0;
    }

    /**
     * Draws a line that the next write erases (the spinner). Only at the start of a line: erasing
     * with CR elsewhere would wipe the text before it from the screen.
     */
    void drawTransient(String painted, int width) {
        lock.lock();
        try {
            if (!atLineStart()) {
                return;
            }
            // One write, so the terminal never shows the blank between two frames.
            append(transientWidth > 0 ? "\r" + painted + " ".repeat(Math.max(0, transientWidth - width)) : painted);
            transientWidth = Math.max(width, transientWidth);
            flush();
        } finally {
            lock.unlock();
        }
    }

    /** Erases the transient line, if one is drawn: back to its start, blanks over it, back again. */
    void clearTransient() {
        lock.lock();
        try {
            if (transientWidth > 0) {
                append("\r" + " ".repeat(transientWidth) + "\r");
                transientWidth = 0;
                flush();
            }
        } finally {
            lock.unlock();
        }
    }

    void flush() {
        if (out instanceof Flushable f) {
            try {
                f.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void append(String text) {
        try {
            out.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts the line breaks the text ends with, not counting our own SGR sequences. */
    private void track(String text) {
        String visible = withoutSgr(text);
        if (visible.isEmpty()) {
            return;
        }
        int n = 0;
        for (int i = visible.length() - 1; i >= 0 && visible.charAt(i) == '\n'; i--) {
            n++;
        }
        newlinesAtEnd = n == visible.length() ? newlinesAtEnd + n : n;
        written = true;
    }

    /** Text without SGR sequences; only we write ESC, since text from outside passed {@link TerminalText}. */
    static String withoutSgr(String text) {
        if (text.indexOf('\u001b') < 0) {
            return text;
        }
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u001b' && i + 1 < text.length() && text.charAt(i + 1) == '[') {
                int m = text.indexOf('m', i);
                if (m > 0) {
                    i = m;
                    continue;
                }
            }
            s.append(c);
        }
        return s.toString();
    }
}
