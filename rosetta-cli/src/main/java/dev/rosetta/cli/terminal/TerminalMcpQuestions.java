package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.mcp.McpQuestions;
import dev.rosetta.agent.session.ServerApproval;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.tools.mcp.McpForm;

/**
 * The MCP servers' questions, put to the user at the terminal one line at a time: whether a
 * project's server may start (what it runs, exactly, and the file that names it), and a server's
 * form (its message, then each field with its type and default; Enter keeps the default). Ctrl-C
 * or Ctrl-D cancels a form. Whatever a server or a project's file says is shown sanitised.
 */
public final class TerminalMcpQuestions implements McpQuestions {

    /** Shows {@code prompt} and reads the user's line; null when the input closed or the user pressed Ctrl-C. */
    @FunctionalInterface
    public interface Lines {
        String read(String prompt) throws InterruptedException;
    }

    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private final Lines lines;
    private final Consumer<String> say;
    private final Runnable beforeAsking;

    /**
     * @param say          writes one line for the user
     * @param beforeAsking ends what the renderer is showing (held text, the spinner) first
     */
    public TerminalMcpQuestions(Lines lines, Consumer<String> say, Runnable beforeAsking) {
        this.lines = lines;
        this.say = say;
        this.beforeAsking = beforeAsking;
    }

    /** Questions on a terminal without line editing (TERM=dumb, JSON output): asked on {@code err}, read from {@code in}. */
    public static TerminalMcpQuestions plain(InputStream in, TerminalChannel err, Runnable beforeAsking) {
        LineInput input = LineInput.of(in);
        return new TerminalMcpQuestions(prompt -> {
            err.text(prompt);
            err.flush();
            try {
                return input.readLine();
            } catch (IOException e) {
                return null;
            }
        }, err::line, beforeAsking);
    }

    @Override
    public synchronized boolean approves(McpServerEntry entry) throws InterruptedException {
        beforeAsking.run();
        say("mcp: " + entry.file() + " names a server, " + entry.name() + ", that starts only once you approve it:");
        say("  " + definition(entry));
        return yes("Start " + safe(entry.name()) + " and remember that for this project? [y]es / [n]o: ");
    }

    /** Whether a project's hooks may run: each shown as the file has it, then yes or no. */
    public synchronized boolean approvesHooks(Path file, List<String> hooks) throws InterruptedException {
        beforeAsking.run();
        say("hooks: " + file + " has commands that run at points of each turn, once you approve them:");
        hooks.forEach(h -> say("  " + h));
        return yes("Run them, and remember that for this project? [y]es / [n]o: ");
    }

    /** These questions as the host asks them while a conversation opens: a project's servers and hooks. */
    public ServerApproval approval() {
        return new ServerApproval() {
            @Override
            public boolean approves(McpServerEntry entry) throws InterruptedException {
                return TerminalMcpQuestions.this.approves(entry);
            }

            @Override
            public boolean approvesHooks(Path file, List<String> hooks) throws InterruptedException {
                return TerminalMcpQuestions.this.approvesHooks(file, hooks);
            }
        };
    }

    private boolean yes(String prompt) throws InterruptedException {
        while (true) {
            String answer = lines.read(prompt);
            if (answer == null) {
                return false;
            }
            switch (answer.strip().toLowerCase(Locale.ROOT)) {
                case "y", "yes" -> {
                    return true;
                }
                case "n", "no", "" -> {
                    return false;
                }
                default -> say("Please answer y or n.");
            }
        }
    }

    /** What would run, or be reached, as the file has it: the command and each argument, quoted where needed. */
    static String definition(McpServerEntry entry) {
        StringBuilder text = new StringBuilder();
        if (entry.url() != null) {
            text.append("url ").append(entry.url());
            if (!entry.headers().isEmpty()) {
                text.append(" · headers ").append(String.join(", ", entry.headers().keySet()));
            }
            if (entry.oauth().containsKey("client_id")) {
                text.append(" · OAuth client ").append(quoted(entry.oauth().get("client_id")));
            }
        } else {
            text.append("command ").append(quoted(entry.command()));
            entry.args().forEach(a -> text.append(' ').append(quoted(a)));
            if (!entry.env().isEmpty()) {
                text.append(" · env ");
                entry.env().forEach((k, v) -> text.append(k).append('=').append(quoted(v)).append(' '));
                text.setLength(text.length() - 1);
            }
        }
        if (entry.trust()) {
            text.append(" · trust = true (its calls run without asking)");
        }
        return text.toString();
    }

    private static String quoted(String word) {
        return word != null && PLAIN_WORD.matcher(word).matches() ? word
                : "'" + String.valueOf(word).replace("'", "'\\''") + "'";
    }

    @Override
    public synchronized McpForm.Answer ask(McpForm form) throws InterruptedException {
        beforeAsking.run();
        say("mcp: " + form.server() + " asks: " + form.message());
        String go = lines.read("Answer it? [y]es / [n]o: ");
        while (go != null && !List.of("y", "yes", "", "n", "no").contains(go.strip().toLowerCase(Locale.ROOT))) {
            go = lines.read("Please answer y or n: ");
        }
        if (go == null) {
            return new McpForm.Answer.Cancel();
        }
        if (go.strip().toLowerCase(Locale.ROOT).startsWith("n")) {
            return new McpForm.Answer.Decline();
        }
        Map<String, Object> content = new LinkedHashMap<>();
        for (McpForm.Field field : form.fields()) {
            String about = field.title() == null ? field.description()
                    : field.description() == null ? field.title() : field.title() + " · " + field.description();
            if (about != null) {
                say("  " + about);
            }
            while (true) {
                String line = lines.read(prompt(field));
                if (line == null) {
                    return new McpForm.Answer.Cancel();
                }
                if (line.isBlank()) {
                    if (field.fallback() == null && field.required()) {
                        say("  " + field.label() + " is needed.");
                        continue;
                    }
                    break; // left out: the SDK puts the server's default in
                }
                Object value = FormValues.parse(field, line.strip());
                if (value == null || field.limits().problem(value) != null) {
                    say("  " + FormValues.expected(field, value));
                    continue;
                }
                content.put(field.name(), value);
                break;
            }
        }
        return new McpForm.Answer.Accept(content);
    }

    private static String prompt(McpForm.Field field) {
        StringBuilder text = new StringBuilder("  ").append(safe(field.name())).append(" (").append(field.type());
        if (!field.choices().isEmpty()) {
            text.append(field.type().equals("array") ? " of " : ": ").append(safe(String.join(" | ", field.choicesShown())));
        }
        text.append(field.required() ? ", needed" : "").append(')');
        if (field.fallback() != null) {
            String shown = field.fallback() instanceof List<?> list
                    ? String.join(", ", list.stream().map(String::valueOf).toList()) : String.valueOf(field.fallback());
            text.append(" [").append(safe(shown)).append(']');
        }
        return text.append(": ").toString();
    }

    private void say(String line) {
        say.accept(safe(line));
    }

    private static String safe(String text) {
        return TerminalText.safe(text).replace('\n', ' ');
    }
}
