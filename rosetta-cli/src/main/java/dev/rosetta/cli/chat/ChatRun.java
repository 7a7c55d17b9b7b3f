package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

import org.jline.terminal.Terminal;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LogWriteException;
import dev.rosetta.agent.session.ServerApproval;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSetup;
import dev.rosetta.cli.line.Interrupts;
import dev.rosetta.cli.line.LineQuestions;
import dev.rosetta.cli.line.LineRepl;
import dev.rosetta.cli.terminal.MessageInput;
import dev.rosetta.cli.render.JsonEventWriter;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.cli.render.TerminalRenderer;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.repl.JLineRepl;
import dev.rosetta.cli.terminal.Attendant;
import dev.rosetta.cli.terminal.EventPrinter;
import dev.rosetta.cli.terminal.ExitCode;
import dev.rosetta.cli.terminal.ReplTerminal;
import dev.rosetta.cli.terminal.TerminalLines;
import dev.rosetta.cli.terminal.TerminalMcpQuestions;
import dev.rosetta.cli.ui.InlineUi;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.llm.ProviderException;

/**
 * {@code rosetta [PROMPT…]}: opens the conversation on a session host and hands it to a front end —
 * the terminal UI, the line prompt (JLine's, or plain), or a run of the first prompt that prints its
 * events (text or JSON) and exits. Exit codes ({@link ExitCode}): 0 done, 1 the model, a tool or the
 * disk (the log could not be written) failed, 2 bad usage or configuration, 130 interrupted.
 */
public final class ChatRun {

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
            return ExitCode.FAILED;
        } catch (MessageInput.TooLargeException e) {
            output.error("the piped input is " + e.getMessage() + ", more than the context window of any model"
                    + " holds, so nothing was sent: pipe a part of it (head, tail, grep), or leave it in a file in"
                    + " the workspace and ask the model to read what it needs");
            return ExitCode.BAD_USAGE;
        }
        boolean interactive = terminal && !options.nonInteractive;
        if (prompt.isBlank() && !interactive) {
            output.error("no prompt: give one (rosetta \"…\"), pipe one in, or run in a terminal");
            // The one usage error found here; a missing conversation or a held lock is not one.
            output.problem("Try 'rosetta --help' for more information.");
            return ExitCode.BAD_USAGE;
        }
        TerminalStyle style = terminal ? TerminalStyle.detect(env, true) : TerminalStyle.plain();
        // A terminal JLine can edit lines on gets the full prompt; TERM=dumb and JSON output the plain one.
        try (Terminal editor = interactive && !options.json() ? ReplTerminal.open(env).orElse(null) : null) {
            // The terminal UI where it can run and was not declined; the line prompt serves the rest.
            InlineUi ui = editor != null && !options.lineUi() && InlineUi.unsuitable(editor).isEmpty()
                    ? new InlineUi(editor, style, env) : null;
            TerminalRenderer renderer = new TerminalRenderer(output.out(), style);
            Printed printed = options.json() ? new Printed(new JsonEventWriter(output.out()), output.out()::flush)
                    : new Printed(renderer, renderer::endTurn);
            // A project's server is approved before a front end reads the terminal; a server's form comes in a turn.
            ServerApproval approval = editor != null ? TerminalLines.questions(editor, printed.endOutput())::approves
                    : interactive ? TerminalMcpQuestions.plain(stdin, output.err(), printed.endOutput())::approves
                    : null;
            SessionSetup setup = new SessionSetup(options.spec(interactive), env, Path.of("").toAbsolutePath(),
                    output::warning).approval(approval);
            try (Publishing publishing = new Publishing(env, options.spec(true), output::warning);
                    SessionHost host = SessionHost.open(setup::open)) {
                if (interactive) {
                    host.publisher(publishing);
                    if (options.serve) {
                        host.submit("/serve");
                    }
                }
                if (ui != null) {
                    ui.settings(setup.uiSettings());
                    return ui.run(host, prompt);
                }
                if (editor != null) {
                    return new JLineRepl(host, editor, style, output, env, renderer).run(prompt);
                }
                return lines(host, printed, prompt, interactive);
            }
        } catch (ProviderException e) {
            output.error(e.getMessage());
            return e.kind() == ProviderException.Kind.CONFIG ? ExitCode.BAD_USAGE : ExitCode.FAILED;
        } catch (LogWriteException e) {
            // The disk failed, not the user: a failure, not bad usage.
            output.error(e.getMessage());
            return ExitCode.FAILED;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return ExitCode.BAD_USAGE;
        }
    }

    /**
     * Without line editing: the first prompt with its events printed (as text or JSON), then, at a
     * terminal, the plain line prompt. Questions are asked on stderr.
     */
    private int lines(SessionHost host, Printed printed, String prompt, boolean interactive) throws IOException {
        TerminalChannel said = output.err();
        EventPrinter printer = new EventPrinter(printed.renderer(), printed.endOutput(), said, TerminalStyle.plain());
        Interrupts.onCtrlC(host::interrupt);
        // From the session's first event: what the servers said while the conversation opened comes first.
        try (SessionHost.Subscription shown = host.subscribe(0, printer);
                Attendant attendant = new Attendant(host, new LineQuestions(stdin, said, env, printed.endOutput()))) {
            if (interactive && !options.json()) {
                host.resumed().forEach(printer::show);
                printed.endOutput().run();
            }
            TurnOutcome outcome = prompt.isBlank() ? TurnOutcome.done() : attendant.run(prompt);
            printed.endOutput().run();
            if (interactive) {
                return new LineRepl(attendant, stdin, output).run();
            }
            return report(outcome);
        }
    }

    private int report(TurnOutcome outcome) {
        if (outcome.message() != null && !outcome.ok()) {
            output.error(outcome.message());
        }
        return switch (outcome.reason()) {
            case DONE -> ExitCode.OK;
            case INTERRUPTED -> ExitCode.INTERRUPTED;
            case MAX_STEPS, UNREADABLE_CALLS, REPEATED_FAILURE, FAILED -> ExitCode.FAILED;
            case MISCONFIGURED, TOO_LARGE -> ExitCode.BAD_USAGE;
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

    /** How a turn's events are printed on stdout without the terminal UI: the renderer, or JSON lines. */
    private record Printed(Consumer<AgentEvent> renderer, Runnable endOutput) {}
}
