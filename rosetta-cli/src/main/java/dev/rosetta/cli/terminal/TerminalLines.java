package dev.rosetta.cli.terminal;

import java.io.PrintWriter;

import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

import dev.rosetta.cli.terminal.TerminalMcpQuestions;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalText;

/**
 * Lines the user answers on the JLine terminal, outside the prompt: an MCP server's questions.
 * Each answer gets a line editor of its own, without history, so nothing typed there joins the
 * prompt's. Ctrl-C and Ctrl-D answer nothing.
 */
public final class TerminalLines implements TerminalMcpQuestions.Lines {

    private final Terminal terminal;

    private TerminalLines(Terminal terminal) {
        this.terminal = terminal;
    }

    /** The MCP servers' questions on {@code terminal}, after {@code endOutput} ended what the renderer shows. */
    public static TerminalMcpQuestions questions(Terminal terminal, Runnable endOutput) {
        PrintWriter out = TerminalOutput.onTerminal(terminal.writer());
        return new TerminalMcpQuestions(new TerminalLines(terminal), line -> {
            out.println(line);
            out.flush();
        }, endOutput);
    }

    @Override
    public String read(String prompt) {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal).build();
        try {
            return reader.readLine(TerminalText.safe(prompt).replace('\n', ' '));
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
    }
}
