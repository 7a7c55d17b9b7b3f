package dev.rosetta.cli.line;

import java.io.IOException;
import java.io.InputStream;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.terminal.Attendant;
import dev.rosetta.cli.terminal.LineInput;
import dev.rosetta.cli.terminal.ExitCode;

/**
 * The interactive prompt in its plain form: a line at a time, slash commands, Ctrl-D to leave.
 * Ctrl-C during a turn stops the model or the running tool and comes back here.
 */
public final class LineRepl {

    private final Attendant attendant;
    private final LineInput input;
    private final TerminalOutput output;
    /** The prompt: stderr, so stdout holds only the conversation. */
    private final TerminalChannel out;

    public LineRepl(Attendant attendant, InputStream in, TerminalOutput output) {
        this.attendant = attendant;
        this.input = LineInput.of(in);
        this.output = output;
        this.out = output.err();
    }

    public int run() throws IOException {
        while (true) {
            out.text("> ");
            String line = input.readLine();
            if (line == null || line.strip().equals("/exit") || line.strip().equals("/quit")) {
                return ExitCode.OK;
            }
            if (line.isBlank()) {
                continue;
            }
            if (line.strip().equals("/clear")) {
                output.clearScreen();
                continue;
            }
            turnEnded(attendant.run(line));
        }
    }

    private void turnEnded(TurnOutcome outcome) {
        if (!outcome.ok() && outcome.message() != null) {
            output.error(outcome.message());
        }
    }
}
