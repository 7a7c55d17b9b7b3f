package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

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
 * next request always agree, and two conversations in one JVM never see each other's.
 */
public final class ChatSession {

    /** Enough for a large file in one save, without asking a 128k-output model for its all. */
    static final int DEFAULT_MAX_TOKENS = 32_000;

    private ModelInfo model;
    private Provider provider;
    private ToolFormat format;
    private final Toolbox toolbox;
    private final List<LoggedMessage> messages = new ArrayList<>();
    private final Consumer<LoggedMessage> persist;
    private TurnSettings settings;

    /**
     * @param persist called with every message added (the conversation log appends and syncs it)
     */
    public ChatSession(ModelInfo model, Provider provider, ToolFormat format, Toolbox toolbox,
            List<LoggedMessage> history, Consumer<LoggedMessage> persist, TurnSettings settings) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = Objects.requireNonNull(provider, "provider");
        this.format = Objects.requireNonNull(format, "format");
        this.toolbox = toolbox;
        this.messages.addAll(history);
        this.persist = persist;
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
        return List.copyOf(messages);
    }

    /** Changes model, provider and format in one step: the next reply is read and requested in the new format. */
    public void switchModel(ModelInfo nextModel, Provider nextProvider, ToolFormat nextFormat) {
        this.model = nextModel;
        this.provider = nextProvider;
        this.format = nextFormat;
    }

    /** Adds a message and hands it to the log. */
    public LoggedMessage add(LoggedMessage message) {
        messages.add(message);
        persist.accept(message);
        return message;
    }

    public LoggedMessage add(Message message) {
        return add(LoggedMessage.of(message, format));
    }

    /** Drops the last {@code n} messages (the log records the undo); returns how many were dropped. */
    public int undo(int n) {
        int dropped = Math.min(n, messages.size());
        messages.subList(messages.size() - dropped, messages.size()).clear();
        return dropped;
    }

    /** Whether replies stop at the first complete call. */
    public boolean breaksOnToolUse() {
        return settings.breakOnToolUse() != null ? settings.breakOnToolUse() : !model.parallelToolCallsOrFalse();
    }

    /** The next request: the system prompt in the active dialect, the history as this format shows it. */
    public ChatRequest request(Path workspace, LocalDate today) {
        var tools = toolbox.catalog();
        List<Message> out = new ArrayList<>();
        out.add(Message.system(SystemPrompt.of(format, tools.tools(), workspace, today)));
        out.addAll(new HistoryView(format, tools).messages(messages));
        Integer maxTokens = settings.maxTokens() != null ? settings.maxTokens()
                : model.maxOutputTokens() == null ? null : Math.min(model.maxOutputTokens(), DEFAULT_MAX_TOKENS);
        return new ChatRequest(model.id(), out, format == ToolFormat.TOOL ? tools.tools() : List.of(),
                maxTokens, null, List.of(), settings.thinkingBudget(), settings.stream());
    }
}
