package dev.rosetta.agent.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.described.DescribedDialect;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.Providers.OpenAiApi;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * The settings of one config file. Fields are null (or empty) when the file does not set them;
 * {@link Configuration} asks the layers in order, the most specific first.
 *
 * @param kind         which file this is
 * @param file         where it is
 * @param env          its {@code [env]} table
 * @param defaultModel {@code [models] default}
 * @param fallback     {@code [models] fallback}: models to try, in order, when the chosen one fails
 * @param openAiApi    {@code [models] openai_api}
 * @param confine      {@code [tools] confine}
 * @param shellTimeout {@code [tools] shell_timeout}
 * @param providers    {@code [[providers]]}: custom OpenAI-compatible providers
 * @param localContext {@code [models] local_context}: the most context a local model is run with
 * @param thinking     {@code [models] thinking}
 * @param mcpServers   {@code [mcp.servers.NAME]}: MCP servers, as written
 * @param mcpWait      {@code [mcp] startup_wait}: how long a chat's first request waits for servers
 * @param context      {@code [context]}: how the conversation is kept within the context window
 * @param permissions  {@code [permissions]}: per tool, which calls run without asking, are asked
 *                     about or are refused; a project's never allow
 * @param ui           {@code [ui]}: how the terminal UI folds calls
 * @param limits       {@code [limits]}: what one reply, the saved outputs, a request's tools and a server's log may take
 * @param sandbox      {@code [sandbox]} and {@code [tools.env]}: what the model's processes may do and get
 * @param hooks        {@code [[hooks]]}: commands run at points of the loop; a project's run only once approved
 * @param dialects     {@code [[dialects]]}: spellings of calls the user described; never a project's
 */
public record ConfigLayer(Kind kind, Path file, Map<String, String> env, String defaultModel, List<String> fallback,
        OpenAiApi openAiApi, Boolean confine, Duration shellTimeout, List<ProviderSettings> providers,
        Integer localContext, Thinking thinking, List<McpServerEntry> mcpServers, Duration mcpWait,
        ContextPart context, List<PermissionRule> permissions, UiSettings ui, Limits limits, SandboxPart sandbox,
        List<HookEntry> hooks, List<DescribedDialect> dialects) {

    /** The files, most specific first: the order in which they are asked. */
    public enum Kind {
        /** The conversation's {@code config.toml} (only its {@code [env]} is a layer). */
        CHAT,
        /** {@code rosetta.toml} in the workspace. */
        PROJECT,
        /** {@code config.local.toml} in the user's config folder. */
        USER_LOCAL,
        /** {@code config.toml} in the user's config folder. */
        USER
    }

    private static final Map<String, Boolean> COLLAPSE = Map.of("auto", true, "never", false);

    private static final Map<String, OpenAiApi> OPENAI_APIS = Map.of("auto", OpenAiApi.AUTO,
            "chat", OpenAiApi.CHAT_COMPLETIONS, "responses", OpenAiApi.RESPONSES);

    /** The smallest and largest {@code local_context}: below it no system prompt fits, above it no model goes. */
    static final long MIN_LOCAL_CONTEXT = 1024;
    static final long MAX_LOCAL_CONTEXT = 10_000_000;

    public ConfigLayer {
        env = env == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(env));
        fallback = fallback == null ? null : List.copyOf(fallback);
        providers = providers == null ? List.of() : List.copyOf(providers);
        mcpServers = mcpServers == null ? List.of() : List.copyOf(mcpServers);
        context = context == null ? ContextPart.NONE : context;
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
        ui = ui == null ? UiSettings.UNSET : ui;
        limits = limits == null ? Limits.UNSET : limits;
        hooks = hooks == null ? List.of() : List.copyOf(hooks);
        sandbox = sandbox == null ? SandboxPart.NONE : sandbox;
        dialects = dialects == null ? List.of() : List.copyOf(dialects);
    }

    /** A layer without {@code [[dialects]]}. */
    public ConfigLayer(Kind kind, Path file, Map<String, String> env, String defaultModel, List<String> fallback,
            OpenAiApi openAiApi, Boolean confine, Duration shellTimeout, List<ProviderSettings> providers,
            Integer localContext, Thinking thinking, List<McpServerEntry> mcpServers, Duration mcpWait,
            ContextPart context, List<PermissionRule> permissions, UiSettings ui, Limits limits, SandboxPart sandbox,
            List<HookEntry> hooks) {
        this(kind, file, env, defaultModel, fallback, openAiApi, confine, shellTimeout, providers, localContext,
                thinking, mcpServers, mcpWait, context, permissions, ui, limits, sandbox, hooks, List.of());
    }

    /** A layer without {@code [sandbox]} settings. */
    public ConfigLayer(Kind kind, Path file, Map<String, String> env, String defaultModel, List<String> fallback,
            OpenAiApi openAiApi, Boolean confine, Duration shellTimeout, List<ProviderSettings> providers,
            Integer localContext, Thinking thinking, List<McpServerEntry> mcpServers, Duration mcpWait,
            ContextPart context, List<PermissionRule> permissions, UiSettings ui, Limits limits) {
        this(kind, file, env, defaultModel, fallback, openAiApi, confine, shellTimeout, providers, localContext,
                thinking, mcpServers, mcpWait, context, permissions, ui, limits, SandboxPart.NONE, List.of());
    }

    /** A layer with only the settings every file had from the start. */
    public ConfigLayer(Kind kind, Path file, Map<String, String> env, String defaultModel, List<String> fallback,
            OpenAiApi openAiApi, Boolean confine, Duration shellTimeout, List<ProviderSettings> providers) {
        this(kind, file, env, defaultModel, fallback, openAiApi, confine, shellTimeout, providers, null, null,
                List.of(), null, ContextPart.NONE, List.of(), UiSettings.UNSET, Limits.UNSET);
    }

    /** A layer without MCP, {@code [context]} and {@code [permissions]} settings. */
    public ConfigLayer(Kind kind, Path file, Map<String, String> env, String defaultModel, List<String> fallback,
            OpenAiApi openAiApi, Boolean confine, Duration shellTimeout, List<ProviderSettings> providers,
            Integer localContext, Thinking thinking) {
        this(kind, file, env, defaultModel, fallback, openAiApi, confine, shellTimeout, providers, localContext,
                thinking, List.of(), null, ContextPart.NONE, List.of(), UiSettings.UNSET, Limits.UNSET);
    }

    /** A chat config as a layer: its {@code [env]} table, and the permission rules remembered in it. */
    static ConfigLayer chat(Path file, ChatConfig chat) {
        return new ConfigLayer(Kind.CHAT, file, chat.env(), null, null, null, null, null, List.of(), null, null,
                List.of(), null, ContextPart.NONE, chat.permissions(), UiSettings.UNSET, Limits.UNSET);
    }

    /** The file as a layer of {@code kind}, or empty when it does not exist. */
    static Optional<ConfigLayer> read(Path file, Kind kind, List<String> warnings) {
        return TomlDocument.read(file).map(doc -> from(doc, kind, warnings));
    }

    static ConfigLayer from(TomlDocument doc, Kind kind, List<String> warnings) {
        ConfigTable root = ConfigTable.root(doc, warnings);
        String defaultModel = null;
        List<String> fallback = null;
        OpenAiApi openAiApi = null;
        Integer localContext = null;
        Thinking thinking = null;
        ConfigTable models = root.table("models");
        if (models != null) {
            defaultModel = models.text("default");
            fallback = models.strings("fallback");
            openAiApi = models.choice("openai_api", OPENAI_APIS);
            Long context = models.integer("local_context", MIN_LOCAL_CONTEXT, MAX_LOCAL_CONTEXT);
            localContext = context == null ? null : context.intValue();
            thinking = thinking(models);
            models.finish("default", "fallback", "openai_api", "local_context", "thinking");
        }
        Boolean confine = null;
        Duration shellTimeout = null;
        ConfigTable tools = root.table("tools");
        if (tools != null) {
            confine = tools.bool("confine");
            shellTimeout = tools.duration("shell_timeout");
        }
        SandboxPart sandbox = SandboxPart.read(root, tools, kind);
        if (tools != null) {
            tools.finish("confine", "shell_timeout", "env");
        }
        List<ProviderSettings> providers = providers(root, kind);
        List<McpServerEntry> mcpServers = List.of();
        Duration mcpWait = null;
        ConfigTable mcp = root.table("mcp");
        if (mcp != null) {
            mcpServers = McpServerEntry.read(mcp, kind, doc.file());
            mcpWait = mcp.duration("startup_wait");
            mcp.finish("servers", "startup_wait");
        }
        Map<String, String> env = env(root, kind);
        ContextPart context = ContextPart.read(root);
        List<PermissionRule> permissions = PermissionTable.read(root, doc.file(), kind == Kind.PROJECT);
        UiSettings ui = ui(root);
        Limits limits = Limits.read(root);
        List<HookEntry> hooks = HookTable.read(root, doc.file(), kind == Kind.PROJECT);
        List<DescribedDialect> dialects = DialectTable.read(root, doc, kind);
        root.finish("[models]", "[tools]", "[[providers]]", "[mcp]", "[env]", "[context]", "[permissions]", "[ui]",
                "[limits]", "[sandbox]", "[[hooks]]", "[[dialects]]");
        return new ConfigLayer(kind, doc.file(), env, defaultModel, fallback, openAiApi, confine, shellTimeout,
                providers, localContext, thinking, mcpServers, mcpWait, context, permissions, ui, limits, sandbox,
                hooks, dialects);
    }

    private static UiSettings ui(ConfigTable root) {
        ConfigTable ui = root.table("ui");
        if (ui == null) {
            return UiSettings.UNSET;
        }
        Boolean collapse = ui.choice("collapse", COLLAPSE);
        Long preview = ui.integer("preview_lines", 0, UiSettings.MAX_PREVIEW_LINES);
        ui.finish("collapse", "preview_lines");
        return new UiSettings(collapse, preview == null ? null : preview.intValue());
    }

    /** The table's {@code thinking} key, or null; also a conversation's own (ChatConfig). */
    static Thinking thinking(ConfigTable models) {
        String text = models.stringOrInteger("thinking", Thinking.CHOICES);
        if (text == null) {
            return null;
        }
        try {
            return Thinking.parse(text, "thinking");
        } catch (RosettaException e) {
            throw models.error("thinking", "must be " + Thinking.CHOICES + ", not " + TomlText.string(text));
        }
    }

    /**
     * Custom providers. A project file may not declare any: a repository could otherwise send a
     * key the user holds for one provider to a server of its choosing.
     */
    private static List<ProviderSettings> providers(ConfigTable root, Kind kind) {
        if (kind == Kind.PROJECT && root.has("providers")) {
            root.skip("providers");
            root.warn("providers", "[[providers]] in a project file are ignored; declare providers in your user"
                    + " config.toml");
            return List.of();
        }
        List<ProviderSettings> providers = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ConfigTable p : root.tables("providers")) {
            String name = p.text("name");
            String baseUrl = p.text("base_url");
            String keyEnv = p.text("api_key_env");
            if (name == null || !name.matches("[a-z0-9][a-z0-9._-]*")) {
                throw p.error("name", name == null ? "is missing (each provider needs a name)"
                        : "must be lower-case letters, digits, '.', '_' or '-' (it is the part before '/' in"
                                + " provider/model)");
            }
            if (!names.add(name)) {
                throw p.error("name", "repeats provider '" + name + "'; declare each provider once");
            }
            if (baseUrl == null || !isHttpUrl(baseUrl)) {
                throw p.error("base_url", baseUrl == null ? "is missing (the server's URL, e.g. http://localhost:8000/v1)"
                        : "must be an http:// or https:// URL, not " + TomlText.string(baseUrl));
            }
            if (keyEnv != null && !keyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw p.error("api_key_env", "must be the name of an environment variable, like MY_API_KEY");
            }
            p.finish("name", "base_url", "api_key_env");
            providers.add(ProviderDirectory.custom(name, baseUrl, keyEnv));
        }
        return providers;
    }

    /**
     * What a project file may set in {@code [env]}: Rosetta's own settings, which Rosetta reads and
     * checks itself. Every other variable would reach the shell and every program it runs, and too
     * many programs run a command that a variable names ({@code GIT_CONFIG_*} can set {@code
     * core.fsmonitor}, which {@code git status} runs; {@code LD_PRELOAD}, {@code PYTHONPATH},
     * {@code BASH_ENV}, {@code PATH}, {@code EDITOR}…) for a list of the dangerous ones ever to be
     * complete. The user's own files may set anything.
     */
    static final List<String> PROJECT_ENV = List.of(Resolution.MODEL_VARIABLES.get(0), Resolution.MODEL_VARIABLES.get(1),
            Resolution.TOOL_FORMAT_VARIABLES.get(0), Resolution.TOOL_FORMAT_VARIABLES.get(1),
            ShellSettings.TIMEOUT_VARIABLE, TurnSettings.BREAK_ON_TOOLUSE_VARIABLE);

    /** The {@code [env]} table; in a project file, only {@link #PROJECT_ENV}, with one warning naming the rest. */
    private static Map<String, String> env(ConfigTable root, Kind kind) {
        Map<String, String> env = new LinkedHashMap<>(root.stringTable("env"));
        if (kind != Kind.PROJECT) {
            return env;
        }
        List<String> ignored = env.keySet().stream().filter(name -> !PROJECT_ENV.contains(name)).toList();
        if (!ignored.isEmpty()) {
            env.keySet().retainAll(PROJECT_ENV); // the few allowed, not a search of the ignored list for each key
            root.warn("env", ignored.getFirst(), "[env] in a project file may set only Rosetta's own settings ("
                    + String.join(", ", PROJECT_ENV) + "); ignored: "
                    + TomlText.someOf(ignored.stream().map(TomlText::key).toList()) + ". Set other variables in"
                    + " your own config.toml (keys in config.local.toml) or in the environment");
        }
        return env;
    }

    /** API keys and the variables that point a provider at a server. */
    public static boolean isProtected(String name) {
        return name.endsWith("_API_KEY") || name.endsWith("_BASE_URL") || name.equals("OLLAMA_HOST");
    }

    private static boolean isHttpUrl(String text) {
        try {
            URI uri = new URI(text);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
