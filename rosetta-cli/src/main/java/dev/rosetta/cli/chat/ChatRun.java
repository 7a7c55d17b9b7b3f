package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import org.jline.terminal.Terminal;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LogWriteException;
import dev.rosetta.agent.mcp.McpQuestions;
import dev.rosetta.cli.MessageInput;
import dev.rosetta.cli.render.JsonEventWriter;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalRenderer;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.repl.JLineConfirmation;
import dev.rosetta.cli.repl.JLineRepl;
import dev.rosetta.cli.repl.ReplTerminal;
import dev.rosetta.cli.repl.TerminalLines;
import dev.rosetta.cli.ui.InlineUi;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.tools.Confirmation;

/**
 * {@code rosetta [PROMPT…]}: opens the conversation, runs the first prompt, then either exits
 * (non-interactive) or hands over to the interactive prompt. Exit codes: 0 done, 1 the model, a
 * tool or the disk (the log could not be written) failed, 2 bad usage or configuration, 130
 * interrupted.
 */
public final class ChatRun {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_USAGE = 2;
    public static final int INTERRUPTED = 130;

    /**
     * The most piped input a chat reads: 64 MiB is some 16 million tokens of text, more than the
     * largest context window of any model. What fits a model's window is judged when its message
     * is sent ({@code TurnOutcome.Reason.TOO_LARGE}); this only keeps a pipe without end from
     * filling the memory first.
     */
    static final long PIPE_LIMIT = 64L << 20;

    private final ChatOptions options;
    private final InputStream stdin;
    private final TerminalOutput output;
    private final Map<String, String> env;

    public ChatRun(ChatOptions options, InputStream stdin, TerminalOutput output, Map<String, String> env) {
        this.options = options;
        this.stdin = stdin;
        this.output = output;
        this.env = env;
    }

    public int run() throws IOException {
        boolean terminal = TerminalCheck.stdinIsTerminal() && TerminalCheck.stdoutIsTerminal();
        String prompt;
        try {
            prompt = prompt();
        } catch (MessageInput.UnreadableException e) {
            output.error(e.getMessage());
            return FAILED;
        } catch (MessageInput.TooLargeException e) {
            output.error("the piped input is " + e.getMessage() + ", more than the context window of any model"
                    + " holds, so nothing was sent: pipe a part of it (head, tail, grep), or leave it in a file in"
                    + " the workspace and ask the model to read what it needs");
            return BAD_USAGE;
        }
        boolean interactive = terminal && !options.nonInteractive;
        if (prompt.isBlank() && !interactive) {
            output.error("no prompt: give one (rosetta \"…\"), pipe one in, or run in a terminal");
            // The one usage error found here; a missing conversation or a held lock is not one.
            output.problem("Try 'rosetta --help' for more information.");
            return BAD_USAGE;
        }
        TerminalChannel out = output.out();
        TerminalStyle style = terminal ? TerminalStyle.detect(env, true) : TerminalStyle.plain();
        Chat.EventOutput events = events(out, style);
        // A terminal JLine can edit lines on gets the full prompt; TERM=dumb and JSON output the plain one.
        try (Terminal editor = interactive && !options.json() ? ReplTerminal.open(env).orElse(null) : null) {
            // The terminal UI where it can run and was not declined; the line prompt serves the rest.
            InlineUi ui = editor != null && !options.lineUi() && InlineUi.unsuitable(editor).isEmpty()
                    ? new InlineUi(editor, style, env) : null;
            Chat.EventOutput shown = ui != null ? ui.output() : events;
            Confirmation confirmation = ui != null ? ui.confirmation()
                    : editor != null ? new JLineConfirmation(editor, style, events::endTurn, env)
                    : interactive ? new LineConfirmation(stdin, output.err(), env) : Confirmation.ALWAYS;
            // A project's server is approved before the UI reads the terminal; a server's form comes in a turn.
            McpQuestions lines = editor != null ? TerminalLines.questions(editor, events::endTurn)
                    : interactive ? TerminalMcpQuestions.plain(stdin, output.err(), events::endTurn) : McpQuestions.NONE;
            McpQuestions questions = ui != null ? ui.mcpQuestions(lines) : lines;
            ChatSetup setup = new ChatSetup(options, env, Path.of("").toAbsolutePath(), output::warning)
                    .mcpQuestions(questions);
            try (Chat chat = setup.open(shown, confirmation)) {
                if (ui != null) {
                    ui.settings(setup.uiSettings());
                    return ui.run(chat, prompt);
                }
                if (editor != null) {
                    return new JLineRepl(chat, editor, style, output, env).run(prompt);
                }
                Interrupts.onCtrlC(chat.loop()::interrupt);
                if (interactive && !options.json()) {
                    ConversationReplay.resumed(chat, out);
                }
                TurnOutcome outcome = prompt.isBlank() ? TurnOutcome.done() : chat.loop().run(prompt);
                events.endTurn();
                if (interactive) {
                    return new LineRepl(chat, stdin, output).run();
                }
                return report(outcome);
            }
        } catch (ProviderException e) {
            output.error(e.getMessage());
            return e.kind() == ProviderException.Kind.CONFIG ? BAD_USAGE : FAILED;
        } catch (LogWriteException e) {
            // The disk failed, not the user: a failure, not bad usage.
            output.error(e.getMessage());
            return FAILED;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return BAD_USAGE;
        }
    }

    private int report(TurnOutcome outcome) {
        if (outcome.message() != null && !outcome.ok()) {
            output.error(outcome.message());
        }
        return switch (outcome.reason()) {
            case DONE -> OK;
            case INTERRUPTED -> INTERRUPTED;
            case MAX_STEPS, UNREADABLE_CALLS, REPEATED_FAILURE, FAILED -> FAILED;
            case MISCONFIGURED, TOO_LARGE -> BAD_USAGE;
        };
    }

    /** The prompt's words, and piped stdin as a fenced block after them. */
    private String prompt() throws MessageInput.UnreadableException, MessageInput.TooLargeException {
        String words = String.join(" ", options.prompt());
        if (TerminalCheck.stdinIsTerminal()) {
            return words;
        }
        String piped = new String(MessageInput.readStdin(stdin, PIPE_LIMIT), StandardCharsets.UTF_8);
        if (piped.isBlank()) {
            return words;
        }
        return withPiped(words, piped);
    }

    /** The prompt's words and, after them, the piped text in a fence that none of its lines can close. */
    static String withPiped(String words, String piped) {
        String fence = "`".repeat(MarkdownDialect.fenceLength(piped));
        String block = fence + "\n" + piped + (piped.endsWith("\n") ? "" : "\n") + fence;
        return words.isBlank() ? block : words + "\n\n" + block;
    }

    private Chat.EventOutput events(TerminalChannel out, TerminalStyle style) {
        if (options.json()) {
            return Chat.EventOutput.of(new JsonEventWriter(out), out::flush);
        }
        TerminalRenderer renderer = new TerminalRenderer(out, style);
        return Chat.EventOutput.of(renderer, renderer::endTurn);
    }
}
