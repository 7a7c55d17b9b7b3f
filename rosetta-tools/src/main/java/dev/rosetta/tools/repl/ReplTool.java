package dev.rosetta.tools.repl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.sandbox.SandboxRefusal;

/**
 * A tool backed by an interpreter session (ipython, jshell): code in, the turn's outcome out.
 * What differs between interpreters — why one cannot run here, how to start it, what a call
 * asks, how to interrupt it, what its reply means — is each tool's; the rest is here once.
 */
public abstract class ReplTool implements Tool {

    private final TurnReport.Terms terms;
    private final ReplTimeouts timeouts;
    private final ReplSession session;
    private volatile Optional<String> unavailable;

    /** @param terms the tool's words in reports; its {@code tool} also names the session */
    protected ReplTool(TurnReport.Terms terms, ReplTimeouts timeouts) {
        this.terms = terms;
        this.timeouts = timeouts;
        this.session = new ReplSession(terms.tool(), this::command);
    }

    /** Why the interpreter cannot run here; asked once. */
    protected abstract Optional<String> whyUnavailable();

    /** How to start the interpreter in {@code workspace}, printing into {@code output}. */
    protected abstract ProcessBuilder command(Path workspace, Path output);

    /** The program started, as named when it cannot be. */
    protected abstract String program();

    /** The language the preview shows the code as. */
    protected abstract String language();

    /** The request frame that runs {@code code}. */
    protected abstract Map<String, String> request(String code);

    /** Stops the running code on a timeout or cancel, keeping the session if the interpreter can. */
    protected abstract void interrupt(ReplProcess process);

    /** What one call's reply means for the model; what happened around it is {@link TurnReport}'s. */
    protected abstract ToolResult result(TurnReport report);

    @Override
    public final Optional<String> unavailable() {
        if (unavailable == null) {
            unavailable = whyUnavailable();
        }
        return unavailable;
    }

    @Override
    public final boolean runsConfined(ToolContext context) {
        return context.sandbox().confines();
    }

    /** Shows the code, and starts the interpreter meanwhile so the user's reading hides its start-up. */
    @Override
    public final Preview preview(Arguments args, ToolContext context) {
        if (unavailable().isEmpty()) {
            session.prestart(context.workspace(), context.sandbox());
        }
        return new Preview.Command(language(), args.require("code"));
    }

    @Override
    public final ToolResult run(Arguments args, ToolContext context) throws ToolFailure, InterruptedException {
        Optional<String> missing = unavailable();
        if (missing.isPresent()) {
            throw new ToolFailure(ErrorCode.UNAVAILABLE, missing.get());
        }
        ReplSession.Turn turn;
        try {
            turn = session.call(request(args.require("code")), context.workspace(), context.sandbox(), timeouts,
                    this::interrupt);
        } catch (IOException e) {
            throw new ToolFailure(ErrorCode.UNAVAILABLE, "could not start " + program() + ": " + e.getMessage());
        }
        return SandboxRefusal.classify(result(new TurnReport(turn, timeouts, context, terms)), context.sandbox(),
                context.workspace());
    }

    /** The process started for the interpreter (in a sandbox, the sandbox around it), while there is one. */
    public Optional<ProcessHandle> process() {
        return session.process();
    }

    @Override
    public void close() {
        session.close();
    }
}
