package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

/**
 * Asks before a call runs: shows the command or the diff, then takes y (run), n (don't), a (run
 * this and everything after) or e (edit the command or content in $EDITOR, then run that).
 */
final class LineConfirmation implements Confirmation {

    private final LineInput input;
    private final TerminalChannel err;
    private final CallEditor editor;

    LineConfirmation(InputStream in, TerminalChannel err, Map<String, String> env) {
        this.input = LineInput.of(in);
        this.err = err;
        this.editor = new CallEditor(env, err::line);
    }

    @Override
    public Decision confirm(ToolUse use, Preview preview) throws InterruptedException {
        // Plain: this prompt serves terminals without line editing (TERM=dumb) and JSON output.
        err.append(PreviewText.of(preview, TerminalStyle.plain())).flush();
        while (true) {
            err.text("Run " + use.tool().replace('\n', ' ') + "? [y]es / [n]o / [a]ll / [e]dit: ");
            String answer;
            try {
                answer = input.readLine();
            } catch (IOException e) {
                return new Decision.No("no answer could be read");
            }
            if (answer == null) {
                return new Decision.No("the user closed the input");
            }
            switch (answer.strip().toLowerCase(Locale.ROOT)) {
                case "y", "yes", "" -> {
                    return Decision.yes();
                }
                case "n", "no" -> {
                    return new Decision.No("");
                }
                case "a", "all" -> {
                    return new Decision.YesToAll();
                }
                case "e", "edit" -> {
                    Decision edited = editor.edit(use, preview);
                    if (edited != null) {
                        return edited;
                    }
                }
                default -> err.line("Please answer y, n, a or e.");
            }
        }
    }
}
