package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import dev.rosetta.agent.context.CompactedHistory;
import dev.rosetta.agent.context.CompactionResult;
import dev.rosetta.agent.context.Compactor;
import dev.rosetta.agent.context.ContextBudget;
import dev.rosetta.agent.context.ContextMeter;
import dev.rosetta.agent.context.ContextUsage;
import dev.rosetta.agent.context.ResultShrinker;
import dev.rosetta.agent.context.Summarizer;
import dev.rosetta.agent.hooks.HookEvent;
import dev.rosetta.agent.hooks.HookNotes;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.log.Compaction;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.log.StoredSegment;
import dev.rosetta.agent.skills.Skills;
import dev.rosetta.agent.tokens.TokenEstimator;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Toolbox;

/**
 * One conversation's state: its model and provider, its tool format, its tools and its
 * messages. The active format lives here, not in a global, so the renderer, the reader and the
 * next request always agree, and two conversations in one JVM never see each other's. The
 * messages are the log's: there is no second list to keep in step, and a message is in the
 * conversation only once it is on disk. What a request sends of them is the log's compacted
 * view ({@link CompactedHistory}), within one budget per conversation.
 */
public final class ChatSession {

    /** Enough for a large file in one save, without asking a 128k-output model for its all. */
    static final int DEFAULT_MAX_TOKENS = 32_000;

    private ModelInfo model;
    private Provider provider;
    private ToolFormat format;
    /** Why the format is what it is, when something chose it ({@code auto: best in your evals …}); else null. */
    private volatile String formatReason;
    private final Toolbox toolbox;
    private final ConversationLog log;
    private TurnSettings settings;
    private final SessionOptions options;
    private final ContextMeter meter = new ContextMeter(TokenEstimator.shared());
    /** The estimate of the last request sent, to learn from its reported usage. */
    /** The last request, and what the provider said it took: the estimates learn from it once they are needed. */
    private ChatRequest lastRequest;
    private Calibration calibration;
    /** What SessionStart hooks said, for the system prompt; empty when nothing. */
    private volatile String startContext = "";

    private record Calibration(ChatRequest request, long reported) {}

    /**
     * @param log the conversation's log: its messages are the history, and every message added is
     *            appended to it
     */
    public ChatSession(ModelInfo model, Provider provider, ToolFormat format, Toolbox toolbox, ConversationLog log,
            TurnSettings settings) {
        this(model, provider, format, toolbox, log, settings, SessionOptions.DEFAULT);
    }

    public ChatSession(ModelInfo model, Provider provider, ToolFormat format, Toolbox toolbox, ConversationLog log,
            TurnSettings settings, SessionOptions options) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = Objects.requireNonNull(provider, "provider");
        this.format = Objects.requireNonNull(format, "format");
        this.toolbox = toolbox;
        this.log = Objects.requireNonNull(log, "log");
        this.settings = settings;
        this.options = options == null ? SessionOptions.DEFAULT : options;
    }

    public ModelInfo model() {
        return model;
    }

    public Provider provider() {
        return provider;
    }

    public ToolFormat format() {
        return format;
    }

    /** Why the format is what it is, as the user is told it; null when nothing said. */
    public String formatReason() {
        return formatReason;
    }

    public void formatReason(String why) {
        this.formatReason = why;
    }

    /**
     * The format replies are read in: the active one, except in {@code tool} format, where the
     * model's native dialect's is used (hermes where not known). A call the provider returns as
     * text — a server whose tool parser is off or failed, the most common failure of local
     * agents — then runs like a native one. Every format reads every dialect; reading in the
     * model's own format adds what only that format reads: its dialect's ambiguous shapes (a
     * llama3 model's bare JSON object, a pythonic list) run rather than being reported as drift.
     */
    public ToolFormat readingFormat() {
        return format == ToolFormat.TOOL ? model.nativeFormat() : format;
    }

    /**
     * The readers a reply is read with: the {@link #readingFormat()}'s, with the dialects the user
     * described read as drift after the built-in ones.
     */
    public List<Reader> readers() {
        return readingFormat().readers(toolbox.catalog(), options.dialects());
    }

    public Toolbox toolbox() {
        return toolbox;
    }

    public TurnSettings settings() {
        return settings;
    }

    public void settings(TurnSettings next) {
        this.settings = next;
    }

    public SessionOptions options() {
        return options;
    }

    public ProjectInstructions instructions() {
        return options.instructions();
    }

    /** The commands run at points of the loop. */
    public Hooks hooks() {
        return options.hooks();
    }

    /** Where files are kept before tools write them; null when they are not. */
    public FileCheckpoints checkpoints() {
        return options.checkpoints();
    }

    public ConversationLog log() {
        return log;
    }

    public List<LoggedMessage> messages() {
        return log.messages();
    }

    /** Changes model, provider and format in one step: the next reply is read and requested in the new format. */
    public void switchModel(ModelInfo nextModel, Provider nextProvider, ToolFormat nextFormat) {
        this.model = nextModel;
        this.provider = nextProvider;
        this.format = nextFormat;
    }

    /**
     * Adds a message: written to the log and synced first, so a message the disk refused never
     * joins the conversation.
     *
     * @throws dev.rosetta.agent.log.LogWriteException when it could not be written
     */
    public LoggedMessage add(LoggedMessage message) {
        log.append(message);
        return message;
    }

    public LoggedMessage add(Message message) {
        return add(LoggedMessage.of(message, format));
    }

    /** Takes back the last {@code n} messages (an undo line in the log); returns how many were taken back. */
    public int undo(int n) {
        return log.undo(n).size();
    }

    /** Whether replies stop at the first complete call. */
    public boolean breaksOnToolUse() {
        return settings.breakOnToolUse() != null ? settings.breakOnToolUse() : !model.parallelToolCallsOrFalse();
    }

    /** The output limit of a request: the setting, else the model's, capped; null for the API's default. */
    public Integer maxTokens() {
        return settings.maxTokens() != null ? settings.maxTokens()
                : model.maxOutputTokens() == null ? null : Math.min(model.maxOutputTokens(), DEFAULT_MAX_TOKENS);
    }

    /** This conversation's budget: the context window ({@code [context] window}, else the registry's) less the reply. */
    public ContextBudget budget() {
        Integer window = options.context().window();
        return ContextBudget.of(window != null ? window : model.contextWindowOrDefault(), maxTokens(),
                options.context());
    }

    /** The messages as the next request sends them: the log's, with the compactions in force. */
    public CompactedHistory history() {
        return CompactedHistory.of(log.messages(), log.compactions());
    }

    /** The next request: the system prompt in the active dialect, the compacted history as this format shows it. */
    public ChatRequest request(Path workspace, LocalDate today) {
        // The prompt and the native tool list offer what can run here; history is spelled with every tool loaded.
        ChatRequest request = new ChatRequest(model.id(), sentMessages(workspace, today), nativeTools(), maxTokens(), null, List.of(),
                settings.thinking(), settings.stream());
        meter.nextRequest();
        lastRequest = request;
        return request;
    }

    /** The messages the next request carries: the system prompt, then the history as it is sent. */
    private List<Message> sentMessages(Path workspace, LocalDate today) {
        List<Message> out = new ArrayList<>();
        out.add(Message.system(systemPrompt(workspace, today)));
        out.addAll(historyView().messages(history().messages()));
        return out;
    }

    /** The system prompt: role, project instructions, tools, the MCP servers' words, the skills, what SessionStart hooks said. */
    public String systemPrompt(Path workspace, LocalDate today) {
        String started = startContext.isBlank() ? "" : HookNotes.context(HookEvent.SESSION_START, startContext);
        String answer = settings.answerSchema() == null ? "" : settings.answerSchema().instruction();
        return SystemPrompt.of(format, toolbox.offered().tools(), workspace, today, options.instructions(),
                toolbox.instructions(), List.of(options.skills().prompt(), started, answer));
    }

    /**
     * What the SessionStart hooks said when the conversation opened, for the model's context: it is
     * part of the system prompt while the conversation is open (they run again when it is resumed).
     */
    public void startContext(String context) {
        this.startContext = context == null ? "" : context;
    }

    public Skills skills() {
        return options.skills();
    }

    private List<ToolSpec> nativeTools() {
        return format == ToolFormat.TOOL ? toolbox.offered().tools() : List.of();
    }

    private HistoryView historyView() {
        return new HistoryView(format, toolbox.catalog());
    }

    /** About how many tokens {@code request} sends, as the provider would count them (calibrated by its reports). */
    public long inputEstimate(ChatRequest request) {
        calibrate();
        return meter.scaled(estimate(request));
    }

    private long estimate(ChatRequest request) {
        long tokens = meter.tools(request.tools());
        for (Message m : request.messages()) {
            tokens += meter.message(m);
        }
        return tokens;
    }

    /**
     * Learns from the usage the provider reported for the last request how far off the estimates
     * are — when an estimate is next made: a conversation that never comes near its budget never
     * counts tokens.
     */
    public void reported(Usage usage) {
        if (usage != null && lastRequest != null) {
            calibration = new Calibration(lastRequest,
                    usage.inputTokens() + usage.cacheReadTokens() + usage.cacheWriteTokens());
        }
    }

    private void calibrate() {
        if (calibration != null) {
            meter.calibrate(estimate(calibration.request()), calibration.reported());
            calibration = null;
        }
    }

    /**
     * Compacts what the next requests send, when it would pass the budget ({@code AUTO}) or
     * because the user asked ({@code MANUAL}, with what to keep in particular): the compaction is
     * a record appended to the log, which keeps every message as it was.
     *
     * @param model asks the model for a summary; null to compact without one (a summary failed this turn)
     */
    public CompactionResult compact(Path workspace, LocalDate today, Compaction.Trigger trigger, String keep,
            Summarizer.Model model) {
        return compact(workspace, today, trigger, keep, model, () -> null);
    }

    /**
     * Compacts as {@link #compact(Path, LocalDate, Compaction.Trigger, String, Summarizer.Model)} does, once
     * {@code veto} (a PreCompact hook) lets it: asked only when there is something to compact, it
     * answers why not, or null to go on.
     */
    public CompactionResult compact(Path workspace, LocalDate today, Compaction.Trigger trigger, String keep,
            Summarizer.Model model, Supplier<String> veto) {
        ContextBudget budget = budget();
        if (trigger == Compaction.Trigger.AUTO && ContextMeter.upperBound(sentMessages(workspace, today),
                nativeTools()) <= budget.limit()) {
            return CompactionResult.notNeeded(0);
        }
        String vetoed = veto.get();
        if (vetoed != null) {
            return CompactionResult.blocked(vetoed);
        }
        calibrate();
        long fixed = meter.message(Message.system(systemPrompt(workspace, today))) + meter.tools(nativeTools());
        int summaryTokens = (int) Math.clamp(budget.tokens() / 8, 256, 4_096);
        Summarizer summarizer = model == null ? null : new Summarizer(model, this.model.id(), meter,
                budget.window() - summaryTokens - budget.window() / 20, summaryTokens, settings.stream());
        Compactor compactor = new Compactor(meter, budget, options.context().keepRecent(),
                ResultShrinker.in(toolbox.context().outputs()), summarizer);
        HistoryView sent = historyView();
        HistoryView transcript = new HistoryView(ToolFormat.MARKDOWN, toolbox.catalog());
        CompactionResult result = compactor.compact(log.messages(), log.compactions(), fixed,
                new Compactor.Rendering() {
                    @Override
                    public Message sent(LoggedMessage message) {
                        return sent.message(message);
                    }

                    @Override
                    public String transcript(LoggedMessage message) {
                        return Transcript.of(message, transcript.message(message));
                    }
                }, trigger, keep);
        if (result.compacted()) {
            log.append(result.compaction());
        }
        return result;
    }

    /** What fills the window now, part by part, as the next request would carry it. */
    public ContextUsage usage(Path workspace, LocalDate today) {
        calibrate();
        String instructions = options.instructions().prompt();
        long instructionTokens = instructions.isEmpty() ? 0 : meter.text(instructions);
        long system = meter.message(Message.system(systemPrompt(workspace, today))) - instructionTokens;
        long summary = 0;
        long messages = 0;
        long results = 0;
        long reasoning = 0;
        HistoryView view = historyView();
        for (CompactedHistory.Entry e : history().entries()) {
            Message sent = view.message(e.shown());
            long tokens = meter.message(sent);
            if (e.isSummary()) {
                summary += tokens;
            } else if (sent.isToolResult() || e.shown().message().isToolResult()) {
                results += tokens;
            } else {
                long thinking = meter.reasoning(sent) + thinkingInText(e.shown());
                reasoning += thinking;
                messages += tokens - thinking;
            }
        }
        return new ContextUsage(meter.scaled(system), meter.scaled(instructionTokens),
                meter.scaled(meter.tools(nativeTools())), meter.scaled(summary), meter.scaled(messages),
                meter.scaled(results), meter.scaled(reasoning), budget(), log.compactions().size());
    }

    private long thinkingInText(LoggedMessage m) {
        long tokens = 0;
        for (StoredSegment s : m.segments()) {
            if (s instanceof StoredSegment.Thinking t) {
                tokens += meter.text(m.text(t.span()));
            }
        }
        return tokens;
    }
}
