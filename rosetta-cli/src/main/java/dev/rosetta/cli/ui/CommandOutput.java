package dev.rosetta.cli.ui;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalText;

/**
 * An output for the slash commands (and the resumed conversation's heading), whose every
 * line goes into the scrollback as it is printed, in order with the turn's events.
 */
final class CommandOutput extends OutputStream {

    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private CommandOutput(Consumer<String> lines) {
        this.lines = lines;
    }

    /**
     * A channel whose lines go to {@code lines}, cleaned by the output's guard (they may hold a
     * model's or a file's name).
     */
    static TerminalChannel to(Consumer<String> lines) {
        return TerminalOutput.of(new CommandOutput(lines), OutputStream.nullOutputStream()).out();
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            lines.accept(TerminalText.safe(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text));
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }
}
