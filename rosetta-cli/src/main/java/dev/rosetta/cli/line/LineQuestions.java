package dev.rosetta.cli.line;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Question;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.terminal.Attendant;
import dev.rosetta.cli.terminal.LineInput;
import dev.rosetta.cli.terminal.TerminalMcpQuestions;

/**
 * The host's questions asked a line at a time, on stderr, answered on stdin: for a terminal without
 * line editing ({@code TERM=dumb}) and for JSON output. Stdout keeps only the conversation.
 */
public final class LineQuestions implements Attendant.Asker {

    private final LineInput input;
    private final TerminalChannel err;
    private final LineConfirmation confirmation;
    private final TerminalMcpQuestions forms;

    /** @param endOutput ends what the renderer shows before a question is written */
    public LineQuestions(InputStream in, TerminalChannel err, Map<String, String> env, Runnable endOutput) {
        this.input = LineInput.of(in);
        this.err = err;
        this.confirmation = new LineConfirmation(in, err, env);
        this.forms = TerminalMcpQuestions.plain(in, err, endOutput);
    }

    @Override
    public Answer ask(Question question) throws InterruptedException {
        return switch (question) {
            case Question.Permission p -> new Answer.Decided(confirmation.confirm(p.use(), p.preview(), p.remember()));
            case Question.Form f -> new Answer.Filled(forms.ask(f.form()));
            case Question.Choice c -> new Answer.Text(line(c.prompt()));
            case Question.Message m -> new Answer.Text(block());
        };
    }

    /** The question, and the line typed after it; null when the input is closed or unreadable. */
    private String line(String prompt) {
        err.text(prompt);
        try {
            return input.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    /** Lines until one that is just "." (the message /impersonate writes for the assistant). */
    private String block() {
        err.line("Write the assistant's message; end with a line holding only \".\"");
        StringBuilder text = new StringBuilder();
        try {
            for (String line = input.readLine(); line != null && !line.equals("."); line = input.readLine()) {
                text.append(line).append('\n');
            }
        } catch (IOException e) {
            return null;
        }
        return text.toString();
    }
}
