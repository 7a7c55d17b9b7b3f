package dev.rosetta.agent.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.described.DescribedDialect;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;
import dev.rosetta.tools.sandbox.NetworkAccess;
import dev.rosetta.tools.sandbox.SandboxMode;
import dev.rosetta.tools.sandbox.SandboxSettings;

import dev.rosetta.llm.Providers.OpenAiApi;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.provider.ProviderSettings;

/**
 * Every config file that applies to one run, most specific first: the conversation's {@code
 * config.toml} (when resuming), the workspace's {@code rosetta.toml}, the user's {@code
 * config.local.toml} and {@code config.toml}. A setting is taken from the first file that has it.
 *
 * @param chat     the resumed conversation's config, or null for a new conversation
 * @param layers   the files that exist, most specific first
 * @param warnings unknown keys and ignored entries, for the user (not printed here)
 */
public record Configuration(ChatConfig chat, List<ConfigLayer> layers, List<String> warnings) {

    public Configuration {
        layers = List.copyOf(layers);
        warnings = List.copyOf(warnings);
    }

    /** No files at all. */
    public static Configuration none() {
        return new Configuration(null, List.of(), List.of());
    }

    /**
     * Reads the files. A missing file is no error; a broken one is, in one line naming the file,
     * line and problem.
     *
     * @param workspace      where {@code rosetta.toml} is looked for, or null
     * @param chatConfigFile the resumed conversation's {@code config.toml}, or null for a new one
     */
    public static Configuration load(ConfigPaths paths, Path workspace, Path chatConfigFile) {
        List<String> warnings = new ArrayList<>();
        List<ConfigLayer> layers = new ArrayList<>();
        ChatConfig chat = null;
        if (chatConfigFile != null) {
            chat = ChatConfig.read(chatConfigFile, warnings).orElse(null);
            if (chat != null) {
                layers.add(ConfigLayer.chat(chatConfigFile, chat));
            }
        }
        if (workspace != null) {
            ConfigLayer.read(ConfigPaths.projectConfig(workspace), ConfigLayer.Kind.PROJECT, warnings)
                    .ifPresent(layers::add);
        }
        ConfigLayer.read(paths.userLocalConfig(), ConfigLayer.Kind.USER_LOCAL, warnings).ifPresent(local -> {
            layers.add(local);
            warnIfOthersCanRead(local, warnings);
        });
        ConfigLayer.read(paths.userConfig(), ConfigLayer.Kind.USER, warnings).ifPresent(layers::add);
        return new Configuration(chat, layers, warnings);
    }

    /** The resumed conversation's config, if any. */
    public Optional<ChatConfig> chatConfig() {
        return Optional.ofNullable(chat);
    }

    /** The {@code [env]} tables merged: a more specific file wins. */
    public Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        for (ConfigLayer layer : layers.reversed()) {
            env.putAll(layer.env());
        }
        return env;
    }

    /** The first {@code [env]} entry for {@code name}, with where it was set. */
    public Optional<Resolved<String>> env(String name) {
        for (ConfigLayer layer : layers) {
            String value = layer.env().get(name);
            if (value != null && !value.isBlank()) {
                return Optional.of(new Resolved<>(value.strip(), name + " in " + layer.file() + " [env]"));
            }
        }
        return Optional.empty();
    }

    /** Custom providers of the user's files; {@code config.local.toml} replaces one of the same name. */
    public List<ProviderSettings> providers() {
        Map<String, ProviderSettings> byName = new LinkedHashMap<>();
        for (ConfigLayer layer : layers.reversed()) {
            layer.providers().forEach(p -> byName.put(p.name(), p));
        }
        return List.copyOf(byName.values());
    }

    /** {@code [models] fallback} of the first file that sets it; empty when none does. */
    public List<String> fallback() {
        return layers.stream().map(ConfigLayer::fallback).filter(f -> f != null).findFirst().orElse(List.of());
    }

    /** {@code [models] openai_api} of the first file that sets it, else {@code auto}. */
    public OpenAiApi openAiApi() {
        return layers.stream().map(ConfigLayer::openAiApi).filter(a -> a != null).findFirst().orElse(OpenAiApi.AUTO);
    }

    /**
     * Whether file tools are confined to the workspace: when any file asks for it. A file can
     * tighten this safety setting, never loosen one another file set.
     */
    public boolean confine() {
        return layers.stream().anyMatch(l -> Boolean.TRUE.equals(l.confine()));
    }

    /** {@code [models] local_context} of the first file that sets it. */
    public Optional<Resolved<Integer>> localContext() {
        return layers.stream().filter(l -> l.localContext() != null).findFirst()
                .map(l -> new Resolved<>(l.localContext(), "[models] local_context in " + l.file()));
    }

    /** {@code [models] thinking} of the first file that sets it. */
    public Optional<Resolved<Thinking>> thinking() {
        return layers.stream().filter(l -> l.thinking() != null).findFirst()
                .map(l -> new Resolved<>(l.thinking(), "[models] thinking in " + l.file()));
    }

    /** {@code [tools] shell_timeout} of the first file that sets it. */
    public Optional<Resolved<Duration>> shellTimeout() {
        return layers.stream().filter(l -> l.shellTimeout() != null).findFirst()
                .map(l -> new Resolved<>(l.shellTimeout(), "[tools] shell_timeout in " + l.file()));
    }

    /** {@code [ui]}: each setting from the first file that sets it, else {@link UiSettings#DEFAULT}. */
    public UiSettings ui() {
        UiSettings ui = UiSettings.UNSET;
        for (ConfigLayer layer : layers) {
            ui = ui.or(layer.ui());
        }
        return ui.or(UiSettings.DEFAULT);
    }

    /**
     * {@code [limits]}: each setting from the first of the user's files that sets it, else
     * {@link Limits#DEFAULT}; a project's file may then lower one, never raise it.
     */
    public Limits limits() {
        Limits limits = Limits.UNSET;
        for (ConfigLayer layer : layers) {
            if (layer.kind() != ConfigLayer.Kind.PROJECT) {
                limits = limits.or(layer.limits());
            }
        }
        limits = limits.or(Limits.DEFAULT);
        for (ConfigLayer layer : layers) {
            if (layer.kind() == ConfigLayer.Kind.PROJECT) {
                limits = limits.tightenedBy(layer.limits());
            }
        }
        return limits;
    }

    /**
     * The MCP servers of every file, by name; a more specific file's server replaces one of the
     * same name (a project's, which needs the user's approval, over the user's).
     */
    public List<McpServerEntry> mcpServers() {
        Map<String, McpServerEntry> byName = new LinkedHashMap<>();
        for (ConfigLayer layer : layers.reversed()) {
            layer.mcpServers().forEach(s -> byName.put(s.name(), s));
        }
        return List.copyOf(byName.values());
    }

    /**
     * {@code [[dialects]]} of the user's files (a project's are never read): {@code config.local.toml}'s
     * entry replaces one of the same name in {@code config.toml}.
     */
    public List<DescribedDialect> dialects() {
        Map<String, DescribedDialect> byName = new LinkedHashMap<>();
        for (ConfigLayer layer : layers.reversed()) {
            layer.dialects().forEach(d -> byName.put(d.name(), d));
        }
        return List.copyOf(byName.values());
    }

    /** {@code [mcp] startup_wait} of the first file that sets it. */
    public Optional<Duration> mcpStartupWait() {
        return layers.stream().map(ConfigLayer::mcpWait).filter(w -> w != null).findFirst();
    }

    /**
     * {@code [context]}: each setting from the first file that sets it. {@code compact_to}, when
     * no file sets it, is five eighths of {@code compact_at} (0.5 for the default 0.8).
     */
    public ContextSettings context() {
        Double at = first(l -> l.context().compactAt());
        Double to = first(l -> l.context().compactTo());
        Integer keep = first(l -> l.context().keepRecent());
        Integer window = first(l -> l.context().window());
        double compactAt = at != null ? at : ContextSettings.DEFAULT.compactAt();
        double compactTo = to != null ? to : compactAt * 5 / 8;
        if (compactTo > compactAt) {
            throw new RosettaException("[context] compact_to (" + compactTo + ") must not be above compact_at ("
                    + compactAt + "): compaction stops below the point where it starts");
        }
        return new ContextSettings(compactAt, compactTo, keep != null ? keep : ContextSettings.DEFAULT.keepRecent(),
                window);
    }

    /**
     * {@code [permissions]}: the user's rules (their files and the rules remembered in the chat
     * config) and the project's, which may only tighten them.
     */
    public PermissionRules permissions() {
        List<PermissionRule> user = new ArrayList<>();
        List<PermissionRule> project = new ArrayList<>();
        for (ConfigLayer layer : layers) {
            (layer.kind() == ConfigLayer.Kind.PROJECT ? project : user).addAll(layer.permissions());
        }
        return new PermissionRules(user, project);
    }

    /**
     * {@code [[hooks]]} of every file, the most general first (the user's, then the project's, whose
     * entries say they need approval before they run).
     */
    public List<HookEntry> hooks() {
        List<HookEntry> all = new ArrayList<>();
        layers.reversed().forEach(l -> all.addAll(l.hooks()));
        return all;
    }

    /**
     * {@code [sandbox]}: {@code mode}, {@code network} and {@code auto_approve_sandboxed} from the
     * first of the user's files that sets each, a project's only where stricter; {@code writable}
     * from all the user's files, {@code hidden} from all files. {@code ~} is {@code home}.
     */
    public SandboxSettings sandbox(Path home) {
        SandboxMode mode = null;
        NetworkAccess network = null;
        Boolean autoApprove = null;
        SandboxPart project = SandboxPart.NONE;
        List<Path> writable = new ArrayList<>();
        List<Path> hidden = new ArrayList<>();
        for (ConfigLayer layer : layers) {
            SandboxPart part = layer.sandbox();
            if (layer.kind() == ConfigLayer.Kind.PROJECT) {
                project = part;
            } else {
                mode = mode != null ? mode : part.mode();
                network = network != null ? network : part.network();
                autoApprove = autoApprove != null ? autoApprove : part.autoApprove();
                paths(part.writable(), home).forEach(writable::add);
            }
            paths(part.hidden(), home).forEach(hidden::add);
        }
        SandboxMode settled = mode != null ? mode : SandboxMode.AUTO;
        if (project.mode() != null) {
            settled = settled.stricter(project.mode());
        }
        NetworkAccess net = project.network() == NetworkAccess.OFF || network == null ? NetworkAccess.OFF : network;
        boolean approve = Boolean.TRUE.equals(autoApprove) && !Boolean.FALSE.equals(project.autoApprove());
        return new SandboxSettings(settled, net, writable, hidden, approve);
    }

    /** {@code [tools.env] pass} of all the user's files: secret variables the tools get on purpose. */
    public Set<String> passedVariables() {
        Set<String> pass = new java.util.TreeSet<>();
        layers.stream().filter(l -> l.kind() != ConfigLayer.Kind.PROJECT && l.sandbox().pass() != null)
                .forEach(l -> pass.addAll(l.sandbox().pass()));
        return pass;
    }

    private static List<Path> paths(List<String> written, Path home) {
        if (written == null) {
            return List.of();
        }
        return written.stream().map(p -> ConfigPaths.expandHome(p, home)).toList();
    }

    private <T> T first(Function<ConfigLayer, T> setting) {
        return layers.stream().map(setting).filter(v -> v != null).findFirst().orElse(null);
    }

    /** Keys in a file other users can read are worth a warning (never the keys themselves). */
    private static void warnIfOthersCanRead(ConfigLayer local, List<String> warnings) {
        if (local.env().keySet().stream().noneMatch(ConfigLayer::isProtected)) {
            return;
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(local.file());
            if (permissions.contains(PosixFilePermission.OTHERS_READ)
                    || permissions.contains(PosixFilePermission.GROUP_READ)) {
                warnings.add(local.file() + " holds API keys and other users can read it; run: chmod 600 "
                        + local.file());
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Not a POSIX file system, or the file went away: nothing to warn about.
        }
    }
}
