package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;
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
    private final PrintStream err;

    LineConfirmation(InputStream in, PrintStream err) {
        this.input = LineInput.of(in);
        this.err = new PrintStream(err, true, StandardCharsets.UTF_8);
    }

    @Override
    public Decision confirm(ToolUse use, Preview preview) throws InterruptedException {
        err.println(describe(preview));
        while (true) {
            err.print("Run " + use.tool() + "? [y]es / [n]o / [a]ll / [e]dit: ");
            err.flush();
            String answer;
            try {
                answer = input.readLine();
            } catch (IOException e) {
                return new Decision.No("no answer could be read");
            }
            if (answer == null) {
                return new Decision.No("the user closed the input");
            }
            switch (answer.strip().toLowerCase(java.util.Locale.ROOT)) {
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
                    Decision edited = edit(use);
                    if (edited != null) {
                        return edited;
                    }
                }
                default -> err.println("Please answer y, n, a or e.");
            }
        }
    }

    private static String describe(Preview preview) {
        return switch (preview) {
            case Preview.Command c -> TerminalText.safe(c.text());
            case Preview.FileChange f -> TerminalText.safe(f.diff());
            case Preview.Note n -> TerminalText.safe(n.text());
            case null -> "";
        };
    }

    /** Opens the call's body (command, code, content) in the user's editor; null when that fails. */
    private Decision edit(ToolUse use) throws InterruptedException {
        ToolSpec spec = BuiltinTools.catalog().resolve(use.tool()).orElse(null);
        Parameter body = spec == null ? null : spec.bodyParameter().orElse(null);
        if (body == null) {
            err.println("This call has no body to edit.");
            return null;
        }
        try {
            Map<String, Object> values = new LinkedHashMap<>(spec.bind(use).values());
            Path file = Files.createTempFile("rosetta-edit-", ".txt");
            Files.writeString(file, String.valueOf(values.getOrDefault(body.name(), "")));
            String editor = System.getenv().getOrDefault("VISUAL", System.getenv().getOrDefault("EDITOR", "vi"));
            int code = new ProcessBuilder("sh", "-c", editor + " \"$1\"", "sh", file.toString()).inheritIO().start().waitFor();
            String edited = Files.readString(file);
            Files.deleteIfExists(file);
            if (code != 0) {
                err.println("The editor exited with " + code + "; nothing changed.");
                return null;
            }
            values.put(body.name(), edited);
            return new Decision.Edit(new Arguments(values));
        } catch (IOException | RuntimeException e) {
            err.println("Could not edit: " + e.getMessage());
            return null;
        }
    }
}
