package dev.rosetta.agent.chat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.agent.context.CompactionResult;
import dev.rosetta.agent.context.Summarizer;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.secret.Redaction;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.StopReason;
import dev.rosetta.llm.stream.RedactedStream;
import dev.rosetta.tools.LiveOutput;
import dev.rosetta.tools.PreDecision;

/**
 * A turn: request → read the reply (stopping at the first complete call when the model can't do
 * parallel calls) → run its calls in order → one result message per call → the next request,
 * until a reply calls nothing, the step limit is reached or the user interrupts. A reply whose
 * calls could not be read gets the model told why, at most three times in a row; the same call
 * failing the same way three times in a row stops the turn. Before each request the conversation
 * is compacted if the request would pass its budget, and the user is told what was compacted.
 */
public final class AgentLoop {

    /** Why the second and later calls of a reply are not run when only one runs a reply. */
    static final String ONE_CALL_A_REPLY = "only the first call of a reply runs for this model (it is asked for one"
            + " call at a time); make this call again in your next reply if it is still needed";

    private final ChatSession session;
    private final Consumer<AgentEvent> events;
    private final Path workspace;
    private volatile Thread worker;
    private volatile ChatStream current;
    private volatile boolean interrupted;
    private final ContextFit contextFit = new ContextFit(TokenEstimator.shared());
    /** Said once a turn: every step of a long turn would say it again. */
    private boolean warnedOfContext;
    private RepeatedFailure repeats = new RepeatedFailure();
    /** A summary failed in this turn: the rest of it compacts without asking for one (it would fail alike). */
    private boolean summaryFailed;
    private final TurnHooks hooks;
    /** What the run has spent, and its limits; the same over every turn of the conversation. */
    private final RunTally tally;
    private final FinalAnswer answer;

    public AgentLoop(ChatSession session, Path workspace, Consumer<AgentEvent> events) {
        this.session = session;
        this.workspace = workspace;
        this.events = events;
        this.hooks = new TurnHooks(session, events, this::add);
        this.tally = new RunTally(session.settings().runLimits());
        this.answer = new FinalAnswer(session, events, this::add);
    }

    /** What this run has spent so far, over every turn. */
    public RunTally tally() {
        return tally;
    }

    /**
     * Adds the user's message and runs the turn it starts; a message that cannot fit the model's
     * window, whatever is compacted, is refused before anything is sent or logged.
     */
    public TurnOutcome run(String userText) {
        Optional<String> unsendable = contextFit.unsendable(userText, session.budget().window(), session.model());
        if (unsendable.isPresent()) {
            return new TurnOutcome(Reason.TOO_LARGE, unsendable.get());
        }
        TurnOutcome blocked = hooks.submit(userText);
        if (blocked != null) {
            return blocked;
        }
        return resume();
    }

    /** Runs a turn on the conversation as it is (after /impersonate, or to retry). */
    public TurnOutcome resume() {
        worker = Thread.currentThread();
        interrupted = false;
        repeats = new RepeatedFailure();
        summaryFailed = false;
        answer.reset();
        hooks.reset();
        Thread.interrupted();
        try {
            return steps();
        } finally {
            worker = null;
            current = null;
            Thread.interrupted();
        }
    }

    /**
     * Adds an assistant message the user wrote (/impersonate): its calls are read in the active
     * format and run as if the model had written them, then the model continues.
     */
    public TurnOutcome impersonate(String assistantText) {
        worker = Thread.currentThread();
        interrupted = false;
        repeats = new RepeatedFailure();
        summaryFailed = false;
        answer.reset();
        hooks.reset();
        Thread.interrupted();
        try {
            Reply reply = Reply.written(assistantText, session, events);
            List<ToolUse> calls = record(reply);
            if (calls.isEmpty()) {
                return TurnOutcome.done();
            }
            TurnOutcome stopped = run(calls, reply, false);
            if (stopped != null) {
                return stopped;
            }
            if (hooks.stopped()) {
                return hooks.stoppedOutcome();
            }
            return steps();
        } finally {
            worker = null;
            current = null;
            Thread.interrupted();
        }
    }

    /** Stops the turn from another thread: the reply stops being generated, a running tool is canceled. */
    public void interrupt() {
        interrupted = true;
        ChatStream stream = current;
        if (stream != null) {
            stream.close();
        }
        Thread t = worker;
        if (t != null) {
            t.interrupt();
        }
    }

    private TurnOutcome steps() {
        int unreadableStreak = 0;
        warnedOfContext = false;
        for (int step = 1; ; step++) {
            Reply reply;
            try {
                reply = request();
            } catch (ProviderException e) {
                return interrupted ? interruptedOutcome() : new TurnOutcome(failure(e), e.getMessage());
            } catch (LimitReached limit) {
                return limit.outcome();
            }
            List<Segment.Unparsed> unread = toTell(reply);
            List<ToolUse> calls = record(reply);
            if (interrupted) {
                answerUnrun(calls, "the user interrupted before it ran");
                return interruptedOutcome();
            }
            if (reply.cap() != null && calls.isEmpty()) {
                feedback(reply, unread);
                return new TurnOutcome(Reason.FAILED, limits().notice(reply.cap()));
            }
            if (reply.cap() != null) {
                events.accept(new AgentEvent.Notice(limits().notice(reply.cap())));
            }
            if (calls.isEmpty()) {
                if (reply.stop() == StopReason.INTERRUPTED) {
                    return new TurnOutcome(Reason.MODEL_FAILED, "the reply broke off: " + reply.error().getMessage()
                            + "; ask again to continue");
                }
                if (unread.isEmpty()) {
                    if (hooks.keepGoing(reply, interrupted)) {
                        // the Stop hooks keep the turn going: a next step
                    } else if (hooks.stopped()) {
                        return hooks.stoppedOutcome();
                    } else {
                        TurnOutcome answered = answer.of(reply);
                        if (answered != null) {
                            return answered;
                        }
                    }
                    if (step >= session.settings().maxSteps()) {
                        return maxSteps(step);
                    }
                    continue;
                }
                if (unreadableStreak == TurnSettings.UNREADABLE_FEEDBACK_LIMIT) {
                    return new TurnOutcome(Reason.UNREADABLE_CALLS, "the model kept writing tool calls that could not"
                            + " be read (" + unread.get(0).problem() + "); stopped after telling it "
                            + TurnSettings.UNREADABLE_FEEDBACK_LIMIT + " times");
                }
                unreadableStreak++;
                feedback(reply, unread);
                continue;
            }
            unreadableStreak = 0;
            TurnOutcome stopped = run(calls, reply, true);
            if (stopped != null) {
                return stopped;
            }
            feedback(reply, unread);
            if (hooks.stopped()) {
                return hooks.stoppedOutcome();
            }
            if (step >= session.settings().maxSteps()) {
                return maxSteps(step);
            }
        }
    }

    private static TurnOutcome maxSteps(int step) {
        return new TurnOutcome(Reason.MAX_STEPS, "stopped after " + step + " steps (--max-steps)");
    }

    /** A wrong key or setting is the user's to fix; anything else is the model's provider failing. */
    private static Reason failure(ProviderException e) {
        return switch (e.kind()) {
            case AUTH, CONFIG -> Reason.MISCONFIGURED;
            default -> Reason.MODEL_FAILED;
        };
    }

    /** Work that an interrupt stops. */
    @FunctionalInterface
    public interface Interruptible<T> {
        T run() throws InterruptedException;
    }

    /**
     * Runs {@code work} (a command's long wait: {@code /undo} comparing files) on this thread so
     * that Ctrl-C ({@link #interrupt}) stops it, as it stops a turn.
     */
    public <T> T interruptibly(Interruptible<T> work) throws InterruptedException {
        worker = Thread.currentThread();
        Thread.interrupted();
        try {
            return work.run();
        } finally {
            worker = null;
            Thread.interrupted();
        }
    }

    /**
     * {@code /compact}: compacts everything before the latest replies now, the summary keeping
     * {@code keep} in particular (may be blank). Ctrl-C ({@link #interrupt}) stops the summary.
     */
    public CompactionResult compact(String keep) {
        worker = Thread.currentThread();
        interrupted = false;
        Thread.interrupted();
        try {
            return session.compact(workspace, LocalDate.now(), Compaction.Trigger.MANUAL, keep, summaries(),
                    () -> hooks.compactionVeto(Compaction.Trigger.MANUAL, keep));
        } finally {
            worker = null;
            current = null;
            Thread.interrupted();
        }
    }

    /** Compacts the conversation when the next request would pass its budget, and says so. */
    private void compactIfNeeded() {
        CompactionResult result = session.compact(workspace, LocalDate.now(), Compaction.Trigger.AUTO, null,
                summaryFailed ? null : summaries(), () -> hooks.compactionVeto(Compaction.Trigger.AUTO, null));
        if (result.compaction() == null && result.problem() != null) {
            events.accept(new AgentEvent.Notice(result.describe()));
        } else if (result.problem() != null) {
            summaryFailed = true;
            events.accept(new AgentEvent.Notice(result.describe() + "; not asked again before your next message"));
        } else if (result.compacted()) {
            events.accept(new AgentEvent.Notice(result.describe()));
        }
    }

    /** The model, for the summaries of one compaction; Ctrl-C stops them like any reply. */
    private Summarizer.Model summaries() {
        return new SummaryRequests(session, events, tally, stream -> {
            current = stream;
            if (interrupted && stream != null) {
                stream.close();
            }
        }, () -> interrupted);
    }

    private Reply request() throws ProviderException {
        TurnOutcome limit = tally.beforeTurn();
        if (limit != null) {
            throw new LimitReached(limit);
        }
        session.toolbox().awaitSources(); // MCP servers still starting, the first time, within a bound
        compactIfNeeded();
        if (interrupted) {
            throw new ProviderException(ProviderException.Kind.STREAM_CUT, "interrupted while compacting");
        }
        var request = session.request(workspace, LocalDate.now());
        if (!warnedOfContext) {
            contextFit.overflow(request, session.model()).ifPresent(line -> {
                warnedOfContext = true;
                events.accept(new AgentEvent.Notice(line));
            });
        }
        limit = tally.beforeRequest(session.inputEstimate(request), session.model(), session.maxTokens());
        if (limit != null) {
            throw new LimitReached(limit);
        }
        // The provider's layer blanks the key it sent; a reply may echo any secret the conversation knows.
        ChatStream stream = RedactedStream.of(session.provider().chat(request), session.options().secrets());
        current = stream;
        if (interrupted) {
            stream.close();
        }
        Set<String> taken = CallIds.used(session.messages());
        return new ReplyReader(session.readers(), session.toolbox().catalog(), session.breaksOnToolUse(), limits(),
                events,
                use -> use.withCallId(use.callId() != null && taken.add(use.callId()) ? use.callId() : CallIds.fresh(taken)))
                .read(stream);
    }

    /** Logs the assistant message with its segments; returns its calls, each with an id its result will carry. */
    private List<ToolUse> record(Reply reply) {
        List<StoredSegment> segments = new ArrayList<>();
        for (Segment s : reply.segments()) {
            segments.add(StoredSegment.of(s, reply.text()));
        }
        for (Reply.NativeCall n : reply.nativeCalls()) {
            segments.add(StoredSegment.Call.nativeCall(n.use()));
        }
        var model = session.model();
        Double cost = reply.usage() == null ? null : model.cost(reply.usage());
        LoggedMessage logged = LoggedMessage.reply(reply.text(), segments, reply.reasoning(), session.format(),
                model.name(), reply.usage(), cost);
        add(logged);
        tally.reply(reply.usage(), cost);
        if (reply.usage() != null) {
            session.reported(reply.usage());
            events.accept(new AgentEvent.UsageReport(model.name(), reply.usage(), cost));
        }
        List<ToolUse> calls = new ArrayList<>();
        reply.textCalls().forEach(c -> calls.add(c.use()));
        reply.nativeCalls().forEach(n -> calls.add(n.use()));
        return calls;
    }

    /**
     * Runs the calls in order, every call getting a result; null to go on, or how the turn ends:
     * the user interrupted, or a call kept failing the same way. A model asked for one call a reply
     * that made several anyway has the first run and the others answered as not run, saying why:
     * the provider returned them, so they are answered. (The calls of a message the user wrote,
     * /impersonate, all run.)
     */
    private TurnOutcome run(List<ToolUse> calls, Reply reply, boolean fromModel) {
        for (int i = 0; i < calls.size(); i++) {
            ToolUse use = calls.get(i);
            if (interrupted) {
                answerUnrun(calls.subList(i, calls.size()), "the user interrupted before it ran");
                return interruptedOutcome();
            }
            if (i > 0 && fromModel && session.breaksOnToolUse()) {
                answerUnrun(calls.subList(i, calls.size()), ONE_CALL_A_REPLY);
                return null;
            }
            ToolResult result = execute(use, problemOf(use, reply));
            events.accept(new AgentEvent.ToolFinished(use, result));
            add(Message.toolResult(use.callId(), result));
            if (hooks.stopped()) {
                answerUnrun(calls.subList(i + 1, calls.size()), "a hook stopped the turn");
                return null;
            }
            if (repeats.record(use, result)) {
                answerUnrun(calls.subList(i + 1, calls.size()), "the turn was stopped: " + repeats.describe());
                return looping();
            }
        }
        return interrupted ? interruptedOutcome() : null;
    }

    /** Stops a turn going round in circles: a note for the model's next turn, a line for the user. */
    private TurnOutcome looping() {
        String what = repeats.describe();
        add(Message.system("Rosetta stopped your turn: " + what + ". Running it again will fail again. Next time,"
                + " read the error and change the call, try another way, or ask the user."));
        return new TurnOutcome(Reason.REPEATED_FAILURE, "stopped: " + what + "; say how to go on");
    }

    /** Runs a call, through its hooks ({@link TurnHooks#execute}). */
    private ToolResult execute(ToolUse use, String problem) {
        if (problem != null) {
            return ToolResult.error(ErrorCode.INVALID_ARGS, problem);
        }
        return hooks.execute(use, this::runTool);
    }

    private ToolResult runTool(ToolUse use, PreDecision decision) {
        events.accept(new AgentEvent.ToolStarted(use));
        FileCheckpoints checkpoints = session.checkpoints();
        if (checkpoints != null) {
            checkpoints.begin(use.callId());
        }
        Redaction secrets = session.options().secrets();
        Redaction.Stream live = secrets.forBytes().stream();
        try {
            return blanked(session.toolbox().execute(use, new LiveOutput() {
                @Override
                public void write(byte[] bytes, int offset, int length) {
                    liveOutput(use, live.feed(new String(bytes, offset, length, StandardCharsets.ISO_8859_1)));
                }

                @Override
                public void running() {
                    events.accept(new AgentEvent.ToolRunning(use));
                }
            }, decision), secrets);
        } catch (InterruptedException e) {
            interrupted = true;
            return ToolResult.error(ErrorCode.CANCELED, "the user interrupted the call");
        } finally {
            liveOutput(use, live.flush());
            if (checkpoints != null) {
                checkpoints.end();
            }
        }
    }

    /**
     * A tool's output as it comes, with the keys Rosetta knows blanked (each byte carried as one
     * ISO-8859-1 character, so the bytes pass through as they came).
     */
    private void liveOutput(ToolUse use, String bytes) {
        if (!bytes.isEmpty()) {
            events.accept(new AgentEvent.ToolOutput(use, bytes.getBytes(StandardCharsets.ISO_8859_1)));
        }
    }

    /** The result with the keys Rosetta knows blanked: the model, the log and the screen never see one. */
    private static ToolResult blanked(ToolResult result, Redaction secrets) {
        String output = secrets.apply(result.output());
        return output.equals(result.output()) ? result : new ToolResult(output, result.isError(), result.code());
    }

    private static String problemOf(ToolUse use, Reply reply) {
        return reply.nativeCalls().stream().filter(n -> n.use() == use).map(Reply.NativeCall::problem)
                .filter(p -> p != null).findFirst().orElse(null);
    }

    private void answerUnrun(List<ToolUse> calls, String why) {
        for (ToolUse use : calls) {
            ToolResult result = ToolResult.error(ErrorCode.CANCELED, "not run: " + why);
            events.accept(new AgentEvent.ToolFinished(use, result));
            add(Message.toolResult(use.callId(), result));
        }
    }

    private ReplyLimits limits() {
        return session.settings().replyLimits();
    }

    /**
     * What the model is told of the parts of its reply that looked like calls and were not: all of
     * them, except a block in a tool's alias that ended the reply ({@code ```python}) once the model
     * was told about one in this conversation — it may be an example for the user, and an answer
     * with code examples must not cost a request every time.
     */
    private List<Segment.Unparsed> toTell(Reply reply) {
        List<Segment.Unparsed> all = reply.unparsed();
        if (all.stream().noneMatch(MarkdownDialect::isExampleReport) || !toldAboutAnExampleBlock()) {
            return all;
        }
        return all.stream().filter(u -> !MarkdownDialect.isExampleReport(u)).toList();
    }

    /** Whether the conversation holds feedback about a block in a tool's alias (its log, so a resumed one counts). */
    private boolean toldAboutAnExampleBlock() {
        return session.messages().stream().map(LoggedMessage::message)
                .anyMatch(m -> m.role() == Role.SYSTEM && m.content().contains(MarkdownDialect.EXAMPLE_BLOCKS));
    }

    /** Tells the model why its reply was stopped early and which of its calls could not be read ({@link Reply#feedback}). */
    private void feedback(Reply reply, List<Segment.Unparsed> unread) {
        String text = reply.feedback(limits(), events, unread);
        if (text != null) {
            add(Message.system(text));
        }
    }

    private TurnOutcome interruptedOutcome() {
        return new TurnOutcome(Reason.INTERRUPTED, "interrupted");
    }

    private void add(Message message) {
        add(LoggedMessage.of(message, session.format()));
    }

    private void add(LoggedMessage message) {
        session.add(message);
        events.accept(new AgentEvent.MessageAdded(message));
    }
}
