package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.cli.render.TerminalStyle;

/**
 * The interactive prompt in its plain form: a line at a time, slash commands, Ctrl-D to leave.
 * Ctrl-C during a turn stops the model or the running tool and comes back here.
 */
final class LineRepl {

    private final Chat chat;
    private final LineInput input;
    private final PrintStream out;
    private final SlashCommands commands;

    LineRepl(Chat chat, InputStream in, PrintStream out) {
        this.chat = chat;
        this.input = LineInput.of(in);
        this.out = new PrintStream(out, true, StandardCharsets.UTF_8);
        this.commands = new SlashCommands(chat, this.out, this::ask, TerminalStyle.plain());
    }

    int run() throws IOException {
        while (true) {
            out.print("> ");
            out.flush();
            String line = input.readLine();
            if (line == null || line.strip().equals("/exit") || line.strip().equals("/quit")) {
                return ChatRun.OK;
            }
            if (line.isBlank()) {
                continue;
            }
            if (line.strip().equals("/clear")) {
                out.print("\033[H\033[2J");
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
        out.println("Write the assistant's message; end with a line holding only \".\"");
        StringBuilder text = new StringBuilder();
        for (String line = input.readLine(); line != null && !line.equals("."); line = input.readLine()) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /** A slash command's question: answered on the next line typed. */
    private String ask(String question) {
        out.print(question);
        out.flush();
        try {
            return input.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    private void turnEnded(TurnOutcome outcome) {
        chat.output().endTurn();
        if (!outcome.ok() && outcome.message() != null) {
            out.println("rosetta: " + outcome.message());
        }
    }
}
