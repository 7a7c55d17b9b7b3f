package dev.rosetta.cli.line;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.terminal.CallEditor;
import dev.rosetta.cli.terminal.LineInput;
import dev.rosetta.cli.terminal.RuleText;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * Asks before a call runs: shows the command or the diff, then takes y (run), n (don't), a
 * (always: run it, and remember one of the rules offered so calls like it are not asked about
 * again) or e (edit the command or content in $EDITOR, then run that).
 */
public final class LineConfirmation implements Confirmation {

    private final LineInput input;
    private final TerminalChannel err;
    private final CallEditor editor;

    public LineConfirmation(InputStream in, TerminalChannel err, Map<String, String> env) {
        this.input = LineInput.of(in);
        this.err = err;
        this.editor = new CallEditor(env, err::line);
    }

    /** With no rules to offer, a runs this call and every later one without asking. */
    @Override
    public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) throws InterruptedException {
        // Plain: this prompt serves terminals without line editing (TERM=dumb) and JSON output.
        err.append(PreviewText.of(preview, TerminalStyle.plain())).flush();
        while (true) {
            err.text("Run " + use.tool().replace('\n', ' ') + "? [y]es / [n]o / [a]lways / [e]dit: ");
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
                case "a", "always", "all" -> {
                    if (remember.isEmpty()) {
                        return new Decision.YesToAll();
                    }
                    PermissionRule rule = pick(remember);
                    if (rule != null) {
                        return new Decision.Remember(rule);
                    }
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

    /** Offers the rules by number; the one picked, or null to go back to the question. */
    private PermissionRule pick(List<PermissionRule> rules) {
        for (int i = 0; i < rules.size(); i++) {
            err.line("  " + (i + 1) + "  " + RuleText.of(rules.get(i)));
        }
        err.text("Allow from now on, in this conversation [1-" + rules.size() + ", Enter goes back]: ");
        String answer = line();
        try {
            int n = answer == null ? 0 : Integer.parseInt(answer.strip());
            return n >= 1 && n <= rules.size() ? rules.get(n - 1) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The next line typed, or null when the input is closed or unreadable. */
    private String line() {
        try {
            return input.readLine();
        } catch (IOException e) {
            return null;
        }
    }
}
