package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;

/**
 * The interactive prompt in its plain form: a line at a time, slash commands, Ctrl-D to leave.
 * Ctrl-C during a turn stops the model or the running tool and comes back here.
 */
final class LineRepl {

    private final Chat chat;
    private final LineInput input;
    private final TerminalOutput output;
    /** The prompt and the commands' answers: stderr, so stdout holds only the conversation. */
    private final TerminalChannel out;
    private final SlashCommands commands;

    LineRepl(Chat chat, InputStream in, TerminalOutput output) {
        this.chat = chat;
        this.input = LineInput.of(in);
        this.output = output;
        this.out = output.err();
        this.commands = new SlashCommands(chat, out);
    }

    int run() throws IOException {
        while (true) {
            out.text("> ");
            String line = input.readLine();
            if (line == null || line.strip().equals("/exit") || line.strip().equals("/quit")) {
                return ChatRun.OK;
            }
            if (line.isBlank()) {
                continue;
            }
            if (line.strip().equals("/clear")) {
                output.clearScreen();
                continue;
            }
            if (line.strip().equals("/impersonate")) {
                turnEnded(chat.loop().impersonate(readBlock()));
                continue;
            }
            if (line.startsWith("/") && commands.run(line)) {
                continue;
            }
            turnEnded(chat.loop().run(line));
        }
    }

    /** Lines until one that is just "." (the message /impersonate writes for the assistant). */
    private String readBlock() throws IOException {
        out.line("Write the assistant's message; end with a line holding only \".\"");
        StringBuilder text = new StringBuilder();
        for (String line = input.readLine(); line != null && !line.equals("."); line = input.readLine()) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    private void turnEnded(TurnOutcome outcome) {
        chat.output().endTurn();
        if (!outcome.ok() && outcome.message() != null) {
            output.error(outcome.message());
        }
    }
}
