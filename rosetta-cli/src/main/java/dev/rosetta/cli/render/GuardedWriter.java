package dev.rosetta.cli.render;

import java.io.IOException;
import java.io.Writer;
import java.nio.CharBuffer;

/** Characters passed through an {@link OutputGuard} on their way to a writer (the line editor's terminal). */
final class GuardedWriter extends Writer {

    private final Writer target;
    private final OutputGuard guard;

    GuardedWriter(Writer target, OutputGuard guard) {
        this.target = target;
        this.guard = guard;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) throws IOException {
        target.write(guard.filter(CharBuffer.wrap(chars, offset, length)));
    }

    @Override
    public synchronized void write(String text, int offset, int length) throws IOException {
        target.write(guard.filter(text.subSequence(offset, offset + length)));
    }

    @Override
    public synchronized void flush() throws IOException {
        target.write(guard.finish());
        target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        target.close();
    }
}
