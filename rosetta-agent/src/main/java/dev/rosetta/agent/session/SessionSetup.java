package dev.rosetta.agent.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.ReplyLimits;
import dev.rosetta.agent.chat.SessionOptions;
import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.FormatChoice;
import dev.rosetta.agent.config.KnownSecrets;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.Limits;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.agent.config.ToolSelection;
import dev.rosetta.agent.config.UiSettings;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.agent.config.ProjectApprovals;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.skills.SkillTool;
import dev.rosetta.agent.skills.Skills;
import dev.rosetta.agent.config.McpServerEntry;
import dev.rosetta.agent.mcp.McpQuestions;
import dev.rosetta.agent.mcp.McpServers;
import dev.rosetta.agent.sandbox.ChatSandbox;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.fallback.FallbackCandidate;
import dev.rosetta.llm.fallback.FallbackProvider;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.tape.ReplyTape;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.tools.BuiltinToolset;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.FileAccess;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.files.Workspace;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * Turns what a front end asks for, the environment and the config files into a {@link Conversation}: which
 * conversation (new or resumed), which workspace, model, tool format and tools, in the
 * documented order of precedence (docs/CONFIG.md). Every problem is one line; nothing is
 * created on disk until the settings are known to work.
 */
public final class SessionSetup {

    private final SessionSpec options;
    private final Map<String, String> env;
    private final Path currentFolder;
    private final Consumer<String> warnings;
    /** The [ui] settings the files of the chat opened last give; the defaults before one is. */
    private volatile UiSettings ui = UiSettings.DEFAULT;
    /** Asks whether a project's MCP server may start; null: nobody to ask (and nobody to fill in a form). */
    private ServerApproval approval;
    /** Who holds the files the file tools read and write (an editor); null: the disk. */
    private FileAccess files;
    /** Whether a front end answers the host's questions though no one approves servers at start (the page, JSON lines). */
    private boolean formsAnswered;

    public SessionSetup(SessionSpec options, Map<String, String> env, Path currentFolder, Consumer<String> warnings) {
        this.options = options;
        this.env = env;
        this.currentFolder = currentFolder;
        this.warnings = warnings;
    }

    /**
     * Who approves a project's MCP server at start; with it, the servers' forms are asked through
     * the host too. By default no one: a project's server is not started, every form is declined.
     */
    public SessionSetup approval(ServerApproval approval) {
        this.approval = approval;
        return this;
    }

    /**
     * Who holds the files the file tools read and write, when a front end has them open (an editor
     * offering its buffers); by default the disk.
     */
    public SessionSetup files(FileAccess holder) {
        this.files = holder;
        return this;
    }

    /**
     * Whether the servers' forms are asked through the host when no one approves a project's server
     * at start: a front end that answers the host's questions (the web page, a program writing JSON
     * lines) fills them in. Without it and without an approver, every form is declined.
     */
    public SessionSetup formsAnswered(boolean answered) {
        this.formsAnswered = answered;
        return this;
    }

    /**
     * Opens the conversation; a {@link SessionHost} calls it with its outlets.
     *
     * @param outlets where the turn's events go; the confirmation is asked before calls when
     *                {@link SessionSpec#confirmCalls} (else everything runs)
     */
    public Conversation open(Outlets outlets) throws ProviderException {
        Path logs = LogDirectory.of(env);
        ConversationLog log = options.resume() ? ConversationLog.open(logs, resumedId(logs)) : null;
        try {
            return open(logs, log, outlets);
        } catch (RuntimeException e) {
            if (log != null) {
                log.close();
            }
            throw e;
        }
    }

    private Conversation open(Path logs, ConversationLog resumed, Outlets outlets) throws ProviderException {
        ChatConfig saved = resumed == null ? null : resumed.readConfig().orElse(null);
        Path workspace = existingWorkspace(Resolution.workspace(options.workspace(), saved, currentFolder).value(), saved);
        ConfigPaths paths = ConfigPaths.of(env);
        Configuration config = Configuration.load(paths, workspace, resumed == null ? null : resumed.configFile());
        config.warnings().forEach(warnings);
        ui = config.ui();
        Resolution resolution = new Resolution(env, config, FormatChoice.load(env));
        ProviderDirectory directory = new ProviderDirectory(config.providers(), resolution.environment());
        ModelRegistry registry = ModelRegistry.load(directory, paths.models(), warnings);
        ModelInfo registered = registry.resolve(resolution.model(options.model(), directory).value());
        Providers providers = new Providers(directory,
                HttpTransport.Settings.DEFAULT.withReplyTimeout(resolution.replyTimeout().value()), config.openAiApi(),
                resolution.localContext()).taped(ReplyTape.fromProcess(env));
        try {
            Providers.Described described = describe(registered, providers, warnings);
            ModelInfo model = described.model();
            dev.rosetta.agent.config.Resolved<ToolFormat> format = resolution.toolFormat(options.toolFormat(), model,
                    described.served());
            Resolved resolved = new Resolved(saved, workspace, config, resolution, registry, model, format.value(),
                    format.source());
            return assemble(logs, resumed, resolved, providers, outlets);
        } catch (RuntimeException e) { // ProviderException too
            providers.close(); // an HTTP client left open holds the JVM's exit up by 300 ms
            throw e;
        }
    }

    /**
     * The model as its server describes it (a local server is asked for the context, Ollama also
     * whether the model is there and takes tools), with a warning when no one knows its context.
     */
    static Providers.Described describe(ModelInfo model, Providers providers, Consumer<String> warnings)
            throws ProviderException {
        Providers.Described described = providers.describe(model);
        if (described.served().local() && described.model().contextWindow() == null) {
            warnings.accept(model.name() + ": neither the model registry nor its server says how long its context is;"
                    + " assuming " + ModelInfo.GENERIC_CONTEXT_WINDOW / 1000 + "k (set context_window for it in"
                    + " ~/.config/rosetta/models.json)");
        }
        return described;
    }

    /**
     * The workspace, which must be a folder that is there: the file tools would otherwise create
     * it on the first save, and the shell could not start in it.
     */
    private Path existingWorkspace(Path workspace, ChatConfig saved) {
        if (Files.isDirectory(workspace)) {
            return workspace;
        }
        String problem = Files.exists(workspace) ? "is not a folder" : "does not exist";
        if (options.workspace() != null && !options.workspace().isBlank()) {
            throw new RosettaException("the workspace " + workspace + " " + problem + "; create it first, or choose"
                    + " another folder with --workspace");
        }
        if (saved != null && saved.workspace() != null) {
            throw new RosettaException("this conversation's workspace " + workspace + " " + problem + "; restore it,"
                    + " or resume with --workspace FOLDER to work in another folder");
        }
        throw new RosettaException("the current folder " + workspace + " " + problem + "; cd to a folder that exists");
    }

    /** What the configuration files, the environment and the command line settled on. */
    private record Resolved(ChatConfig saved, Path workspace, Configuration config, Resolution resolution,
            ModelRegistry registry, ModelInfo model, ToolFormat format, String formatReason) {}

    private Conversation assemble(Path logs, ConversationLog resumed, Resolved r, Providers providers,
            Outlets outlets) throws ProviderException {
        requirePrices(r.model());
        Provider provider = provider(r.model(), r.format(), r.config().fallback(), r.registry(), providers);
        ShellSettings shell = ShellSettings.fromEnvironment(r.resolution().environment(),
                r.resolution().shellTimeout().value());
        List<Tool> tools = tools(BuiltinToolset.create(shell), r.saved(), resumed);
        ContextSettings contextSettings = r.config().context();
        ConversationLog log = resumed != null ? resumed : ConversationLog.create(logs, options.name());
        log.warnings().forEach(warnings);
        boolean confine = options.confine() || r.config().confine();
        // With an editor holding the files, undo keeps and compares its buffers, as the tools read them.
        FileCheckpoints checkpoints = new FileCheckpoints(log,
                files == null ? null : new Workspace(r.workspace(), confine, files));
        Sandbox sandbox = ChatSandbox.open(options.sandbox(), r.config(), keyNames(providers), env, r.workspace(),
                logs, warnings);
        ToolContext context = new ToolContext(r.workspace(), confine,
                OutputLimit.DEFAULT, OutputFolder.of(log.folder().resolve("tool-outputs"),
                        r.config().limits().toolOutputs(), "[limits] tool_outputs"), checkpoints, sandbox, files);
        Hooks hooks = HookSetup.open(r.config().hooks(), r.workspace(), log, r.resolution().environment(),
                options.confirmCalls(), approval, ProjectApprovals.of(env), outlets::notice);
        Toolbox toolbox = new Toolbox(tools, context, options.confirmCalls()
                ? HookSetup.notifying(outlets.confirmation(), hooks) : Confirmation.ALWAYS,
                r.config().permissions(), rule -> remember(log, rule));
        Skills skills = skills(r.workspace(), toolbox, log);
        toolbox.offerAtMost(r.config().limits().tools());
        ProjectInstructions instructions = ProjectInstructions.load(r.workspace(), ConfigPaths.of(env).userFolder());
        instructions.notes().forEach(warnings);
        Limits limits = r.config().limits();
        TurnSettings settings = settings(r.resolution())
                .withReplyLimits(new ReplyLimits(limits.replySize(), limits.replyCalls()));
        if (settings.thinking() != null) {
            provider.thinkingProblem(r.model().id(), settings.thinking()).ifPresent(warnings);
        }
        ChatSession session = new ChatSession(r.model(), provider, r.format(), toolbox, log, settings,
                new SessionOptions(contextSettings, instructions, checkpoints).withHooks(hooks).withSkills(skills)
                        .withDialects(r.config().dialects())
                        .withSecrets(KnownSecrets.of(r.resolution().environment(), sandbox.secrets()::isSecret)));
        session.formatReason(r.formatReason());
        SessionMcp mcp = mcp(r, log, toolbox, outlets, hooks);
        Conversation conversation = new Conversation(session, new AgentLoop(session, r.workspace(), outlets.events()),
                log, r.registry(), providers, r.workspace(), mcp);
        conversation.saveConfig();
        session.startContext(hooks.sessionStart(resumed != null ? "resume" : "startup", r.model().name()));
        return conversation;
    }

    /**
     * The Agent Skills of the user's and the project's skills folders; the skill tool joins the
     * toolbox when there is one the model may load.
     */
    private Skills skills(Path workspace, Toolbox toolbox, ConversationLog log) {
        Skills skills = Skills.discover(workspace, ConfigPaths.of(env).userFolder(), LogDirectory.home(env));
        skills.notes().forEach(warnings);
        if (!skills.offered().isEmpty()) {
            toolbox.add(List.of(new SkillTool(skills, workspace, log.id())));
        }
        return skills;
    }

    /**
     * The chat's MCP servers, started without waiting for them; null when none is configured or
     * given, and then nothing of the MCP client is loaded.
     */
    private SessionMcp mcp(Resolved r, ConversationLog log, Toolbox toolbox, Outlets outlets, Hooks hooks) {
        if (r.config().mcpServers().isEmpty() && options.mcp().isEmpty() && options.servers().isEmpty()) {
            return null;
        }
        return SessionMcp.start(r.config().mcpServers(), options.mcp(), options.servers(), r.resolution().environment(),
                r.workspace(), log.folder(), r.config().limits().mcpLog(), ProjectApprovals.of(env),
                r.config().mcpStartupWait().orElse(McpServers.DEFAULT_STARTUP_WAIT), toolbox, outlets::notice,
                questions(HookSetup.notifying(outlets.forms(), hooks)));
    }

    /** The servers' questions: the approval at start from whoever approves, the forms through the host. */
    private McpQuestions questions(McpForm.Asker forms) {
        ServerApproval approves = approval;
        if (approves == null && !formsAnswered) {
            return McpQuestions.NONE;
        }
        return new McpQuestions() {
            @Override
            public boolean approves(McpServerEntry entry) throws InterruptedException {
                return approves != null && approves.approves(entry);
            }

            @Override
            public McpForm.Answer ask(McpForm form) throws InterruptedException {
                return forms.ask(form);
            }

            @Override
            public boolean interactive() {
                return approves != null;
            }
        };
    }

    /** The variables the providers take their keys from: secrets, whatever they are called. */
    private static java.util.Set<String> keyNames(Providers providers) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        providers.directory().all().forEach(p -> {
            if (p.keyEnv() != null) {
                names.add(p.keyEnv());
            }
        });
        return names;
    }

    /** The tools {@code --tools} and the resumed conversation choose; the others are closed. */
    private List<Tool> tools(List<Tool> all, ChatConfig saved, ConversationLog resumed) {
        List<String> known = all.stream().map(t -> t.spec().name()).toList();
        List<String> chosen;
        try {
            chosen = saved == null || saved.tools() == null ? ToolSelection.choose(known, known, "", options.tools())
                    : ToolSelection.choose(known, saved.tools(), resumed.configFile().toString(), options.tools());
        } catch (RuntimeException e) {
            all.forEach(Tool::close);
            throw e;
        }
        List<Tool> out = new ArrayList<>();
        for (Tool t : all) {
            if (chosen.contains(t.spec().name())) {
                out.add(t);
            } else {
                t.close();
            }
        }
        return out;
    }

    /** A rule the user chose to remember goes into the chat config, so that --resume keeps it. */
    private static void remember(ConversationLog log, PermissionRule rule) {
        log.writeConfig(log.readConfig().orElse(ChatConfig.empty()).withRemembered(rule));
    }

    private String resumedId(Path logs) {
        if (options.name() != null) {
            return options.name();
        }
        return Conversations.latest(logs).orElseThrow(() -> new RosettaException(
                "there is no conversation to resume in " + logs + "; start one without --resume"));
    }

    /** The model's provider, or a fallback chain through the configured models when there is one. */
    static Provider provider(ModelInfo model, ToolFormat format, List<String> fallback, ModelRegistry registry,
            Providers providers) throws ProviderException {
        if (format == ToolFormat.TOOL && !providers.directory().require(model.provider()).nativeTools()) {
            throw new ProviderException(ProviderException.Kind.CONFIG, "Provider '" + model.provider()
                    + "' doesn't support native tool calling; " + ProviderErrors.TEXT_FORMATS);
        }
        Optional<Provider> replay = providers.replaying(model);
        if (replay.isPresent()) {
            return replay.get();
        }
        Provider first = providers.forModel(model);
        if (fallback.isEmpty()) {
            return providers.recorded(first);
        }
        List<FallbackCandidate> candidates = new ArrayList<>(List.of(new FallbackCandidate(first, model.id())));
        for (String name : fallback) {
            ModelInfo next = registry.resolve(name);
            if (!next.name().equals(model.name())) {
                candidates.add(new FallbackCandidate(providers.forModel(next), next.id()));
            }
        }
        return providers.recorded(new FallbackProvider(candidates));
    }

    private TurnSettings settings(Resolution resolution) {
        String breakOnToolUse = resolution.environment().get(TurnSettings.BREAK_ON_TOOLUSE_VARIABLE);
        TurnSettings settings = TurnSettings.DEFAULT.withStream(options.stream())
                .withBreakOnToolUse(TurnSettings.flag(breakOnToolUse))
                .withThinking(resolution.thinking(options.thinking()).map(dev.rosetta.agent.config.Resolved::value)
                        .orElse(null));
        settings = settings.withRunLimits(options.runLimits()).withAnswerSchema(options.answerSchema());
        return options.maxSteps() != null ? settings.withMaxSteps(options.maxSteps()) : settings;
    }

    /** {@code --max-cost} holds only for a model whose prices are known: without them no request has a cost. */
    private void requirePrices(ModelInfo model) {
        if (options.runLimits().maxCost() != null && model.cost(new dev.rosetta.llm.ChatEvent.Usage(1, 1, 0, 0)) == null) {
            throw new RosettaException("--max-cost needs the model's prices, and the model registry has none for "
                    + model.name() + "; add them (price) for it in ~/.config/rosetta/models.json, or leave --max-cost out");
        }
    }

    /** How the terminal UI is to fold calls, as the config files of the chat opened say. */
    public UiSettings uiSettings() {
        return ui;
    }
}
