package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Toolbox;

/**
 * One conversation's state: its model and provider, its tool format, its tools and its
 * messages. The active format lives here, not in a global, so the renderer, the reader and the
 * next request always agree, and two conversations in one JVM never see each other's. The
 * messages are the log's: there is no second list to keep in step, and a message is in the
 * conversation only once it is on disk.
 */
public final class ChatSession {

    /** Enough for a large file in one save, without asking a 128k-output model for its all. */
    static final int DEFAULT_MAX_TOKENS = 32_000;

    private ModelInfo model;
    private Provider provider;
    private ToolFormat format;
    private final Toolbox toolbox;
    private final ConversationLog log;
    private TurnSettings settings;

    /**
     * @param log the conversation's log: its messages are the history, and every message added is
     *            appended to it
     */
    public ChatSession(ModelInfo model, Provider provider, ToolFormat format, Toolbox toolbox, ConversationLog log,
            TurnSettings settings) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = Objects.requireNonNull(provider, "provider");
        this.format = Objects.requireNonNull(format, "format");
        this.toolbox = toolbox;
        this.log = Objects.requireNonNull(log, "log");
        this.settings = settings;
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

    /**
     * The format replies are read in: the active one, except in {@code tool} format, where the
     * model's native dialect's is used (hermes where not known). A call the provider returns as
     * text — a server whose tool parser is off or failed, the most common failure of local
     * agents — then runs like a native one: that format's readers are {@code tool}'s with the
     * dialect's own before them. (Once every format reads every dialect, issue 11 §4, this reads
     * the same as {@code tool}.)
     */
    public ToolFormat readingFormat() {
        return format == ToolFormat.TOOL ? model.nativeFormat() : format;
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

    /** The next request: the system prompt in the active dialect, the history as this format shows it. */
    public ChatRequest request(Path workspace, LocalDate today) {
        // The prompt and the native tool list offer what can run here; history is spelled with every tool loaded.
        var offered = toolbox.offered().tools();
        List<Message> out = new ArrayList<>();
        out.add(Message.system(SystemPrompt.of(format, offered, workspace, today, toolbox.instructions())));
        out.addAll(new HistoryView(format, toolbox.catalog()).messages(log.messages()));
        Integer maxTokens = settings.maxTokens() != null ? settings.maxTokens()
                : model.maxOutputTokens() == null ? null : Math.min(model.maxOutputTokens(), DEFAULT_MAX_TOKENS);
        return new ChatRequest(model.id(), out, format == ToolFormat.TOOL ? offered : List.of(),
                maxTokens, null, List.of(), settings.thinking(), settings.stream());
    }
}
