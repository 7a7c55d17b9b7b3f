package dev.rosetta.cli.chat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

import org.jline.terminal.Terminal;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.AnswerSchema;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LogWriteException;
import dev.rosetta.agent.session.PermissionTool;
import dev.rosetta.agent.session.Question;
import dev.rosetta.agent.session.ServerApproval;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSetup;
import dev.rosetta.cli.headless.HeadlessRun;
import dev.rosetta.cli.terminal.Interrupts;
import dev.rosetta.cli.terminal.PipedInput;
import dev.rosetta.cli.line.LineQuestions;
import dev.rosetta.cli.line.LineRepl;
import dev.rosetta.cli.terminal.MessageInput;
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
 * events (as text, or as the headless protocol's JSON) and exits. Exit codes: {@link ExitCode}.
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
        boolean interactive = terminal && !options.nonInteractive;
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
        } catch (NoPromptOnStdin e) {
            output.error(e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        if (options.jsonlInput() && !options.json()) {
            output.error("--input-format jsonl answers the events of --output-format json; give both");
            return ExitCode.BAD_USAGE;
        }
        if (prompt.isBlank() && !interactive && !options.jsonlInput()) {
            output.error("no prompt: give one (rosetta \"…\"), pipe one in, or run in a terminal");
            // The one usage error found here; a missing conversation or a held lock is not one.
            output.problem("Try 'rosetta --help' for more information.");
            return ExitCode.BAD_USAGE;
        }
        try {
            return converse(prompt, terminal, interactive);
        } catch (ProviderException e) {
            output.error(e.getMessage());
            return e.kind() == ProviderException.Kind.CONFIG || e.kind() == ProviderException.Kind.AUTH
                    ? ExitCode.BAD_USAGE : ExitCode.MODEL_FAILED;
        } catch (LogWriteException e) {
            // The disk failed, not the user: a failure, not bad usage.
            output.error(e.getMessage());
            return ExitCode.FAILED;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return ExitCode.BAD_USAGE;
        }
    }

    /** Opens the conversation and hands it to the front end this run has: the terminal UI, a line prompt, JSON. */
    private int converse(String prompt, boolean terminal, boolean interactive) throws IOException, ProviderException {
        TerminalStyle style = terminal ? TerminalStyle.detect(env, true) : TerminalStyle.plain();
        // A terminal JLine can edit lines on gets the full prompt; TERM=dumb and JSON output the plain one.
        try (Terminal editor = interactive && !options.json() ? ReplTerminal.open(env).orElse(null) : null) {
            // The terminal UI where it can run and was not declined; the line prompt serves the rest.
            InlineUi ui = editor != null && !options.lineUi() && InlineUi.unsuitable(editor).isEmpty()
                    ? new InlineUi(editor, style, env) : null;
            // With --output-schema stdout holds the answer alone: what the turn shows goes to stderr.
            TerminalRenderer renderer = new TerminalRenderer(options.answerIsOutput() ? output.err() : output.out(), style);
            Printed printed = options.json() ? new Printed(event -> { }, output.out()::flush)
                    : new Printed(renderer, renderer::endTurn);
            // A project's server is approved before a front end reads the terminal; a server's form comes in a turn.
            ServerApproval approval = editor != null ? TerminalLines.questions(editor, printed.endOutput()).approval()
                    : interactive ? TerminalMcpQuestions.plain(stdin, output.err(), printed.endOutput()).approval()
                    : null;
            SessionSetup setup = new SessionSetup(options.spec(interactive), env, Path.of("").toAbsolutePath(),
                    output::warning).approval(approval).formsAnswered(options.jsonlInput());
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
                if (options.json()) {
                    return headless(host, prompt, interactive);
                }
                return lines(host, printed, prompt, interactive);
            }
        }
    }

    /**
     * {@code --output-format json}: the headless protocol ({@link HeadlessRun}). Questions are answered
     * by the program's JSON lines, a permission tool, or — with text input at a terminal — the user, on
     * stderr.
     */
    private int headless(SessionHost host, String prompt, boolean interactive) {
        Interrupts.onCtrlC(host::interrupt);
        Attendant.Asker asker = interactive && !options.answeredByProgram()
                ? new LineQuestions(stdin, output.err(), env, output.out()::flush) : null;
        HeadlessRun.Settings settings = new HeadlessRun.Settings(options.streamDeltas(), options.jsonlInput(),
                options.permissionTool(), asker, host.conversation().session().settings().answerSchema());
        HeadlessRun.Finished finished = new HeadlessRun(host, output.out(), stdin, settings).run(prompt);
        if (finished.error() != null) {
            output.error(finished.error()); // for whoever reads the job's log; the result event holds it too
        }
        return lastMessage(finished.answer()) ? finished.exitCode() : ExitCode.FAILED;
    }

    /**
     * {@code -o FILE}: the final answer written there (the JSON value alone with {@code --output-schema});
     * false (said) when it could not be.
     */
    private boolean lastMessage(String answer) {
        if (options.outputLastMessage() == null) {
            return true;
        }
        Path file = Path.of(options.outputLastMessage());
        try {
            // With --output-schema the answer is the JSON value, as on stdout: without a fence around it.
            String written = answer == null ? "" : options.answerIsOutput() ? AnswerSchema.json(answer) + "\n" : answer;
            java.nio.file.Files.writeString(file, written, StandardCharsets.UTF_8);
            return true;
        } catch (IOException | RuntimeException e) {
            output.error("-o: could not write the final answer to " + file + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * Without line editing: the first prompt with its events printed, then, at a terminal, the plain
     * line prompt. Questions are asked on stderr.
     */
    private int lines(SessionHost host, Printed printed, String prompt, boolean interactive) throws IOException {
        TerminalChannel said = output.err();
        EventPrinter printer = new EventPrinter(printed.renderer(), printed.endOutput(), said, TerminalStyle.plain());
        Interrupts.onCtrlC(host::interrupt);
        // From the session's first event: what the servers said while the conversation opened comes first.
        // With --permission-tool the tool answers the permission questions; the user the others.
        String gate = options.permissionTool();
        try (SessionHost.Subscription shown = host.subscribe(0, printer);
                PermissionTool tool = gate == null ? null : PermissionTool.attach(host, gate, output::warning);
                Attendant attendant = new Attendant(host, new LineQuestions(stdin, said, env, printed.endOutput()),
                        q -> tool == null || !(q instanceof Question.Permission))) {
            if (interactive && !options.json()) {
                host.resumed().forEach(printer::show);
                printed.endOutput().run();
            }
            TurnOutcome outcome = prompt.isBlank() ? TurnOutcome.done() : attendant.run(prompt);
            printed.endOutput().run();
            if (interactive) {
                return new LineRepl(attendant, stdin, output).run();
            }
            if (options.answerIsOutput() && outcome.ok() && outcome.answer() != null) {
                output.out().line(AnswerSchema.json(outcome.answer()));
            }
            int exit = report(outcome);
            return lastMessage(outcome.answer()) ? exit : ExitCode.FAILED;
        }
    }

    private int report(TurnOutcome outcome) {
        if (outcome.message() != null && !outcome.ok()) {
            output.error(outcome.message());
        }
        return ExitCode.of(outcome.reason());
    }

    /**
     * The prompt: its words, and piped stdin as a fenced block after them; or, when the prompt is
     * {@code -}, stdin as the prompt itself. Stdin is not read with {@code --no-stdin}, nor as a prompt
     * with {@code --input-format jsonl} (it holds the messages then); a pipe that stays silent is said
     * to be waited for ({@link PipedInput}).
     */
    private String prompt() throws MessageInput.UnreadableException, MessageInput.TooLargeException,
            NoPromptOnStdin {
        boolean dash = options.prompt().equals(java.util.List.of("-"));
        String words = dash ? "" : String.join(" ", options.prompt());
        if (options.noStdin() || options.jsonlInput()) {
            if (dash) {
                throw new NoPromptOnStdin("the prompt - is read from stdin, which " + (options.noStdin()
                        ? "--no-stdin leaves unread" : "--input-format jsonl takes for its messages"));
            }
            return words;
        }
        if (!dash && TerminalCheck.stdinIsTerminal()) {
            return words;
        }
        String piped = new String(PipedInput.read(stdin, PIPE_LIMIT, PipedInput.PATIENCE, this::waitingForStdin),
                StandardCharsets.UTF_8);
        if (dash) {
            if (piped.isBlank()) {
                throw new NoPromptOnStdin("no prompt on stdin: the prompt - is read from stdin, and it held nothing");
            }
            return piped;
        }
        return piped.isBlank() ? words : withPiped(words, piped);
    }

    private void waitingForStdin() {
        output.problem("rosetta: waiting for input piped to stdin (nothing has come yet); if there is none, give"
                + " --no-stdin, or run with stdin closed (< /dev/null)");
    }

    /** The prompt {@code -} found nothing to read on stdin. */
    private static final class NoPromptOnStdin extends Exception {
        NoPromptOnStdin(String message) {
            super(message, null, false, false);
        }
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
