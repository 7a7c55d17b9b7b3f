package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.time.DurationSetting;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ServedModel;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import dev.rosetta.tools.shell.ShellSettings;

/**
 * Decides the settings of a run from the command line, the process environment and the config
 * files, in the documented orders (docs/CONFIG.md). Pure: it reads nothing itself, so every rule
 * is a unit test.
 */
public final class Resolution {

    /** Read in this order from each place; the first is Rosetta's own name, the second gptme's. */
    public static final List<String> TOOL_FORMAT_VARIABLES = List.of("ROSETTA_TOOL_FORMAT", "TOOL_FORMAT");
    public static final List<String> MODEL_VARIABLES = List.of("ROSETTA_MODEL", "MODEL");

    private final Map<String, String> processEnv;
    private final Configuration config;
    private final FormatChoice choice;

    public Resolution(Map<String, String> processEnv, Configuration config) {
        this(processEnv, config, FormatChoice.SHIPPED_ONLY);
    }

    /** @param choice what {@code auto} picks from: the user's measured formats and the shipped table */
    public Resolution(Map<String, String> processEnv, Configuration config, FormatChoice choice) {
        this.processEnv = Map.copyOf(processEnv);
        this.config = config;
        this.choice = choice;
    }

    /** The workspace: {@code -w}, else the resumed conversation's, else the current folder. */
    public static Resolved<Path> workspace(String flag, ChatConfig chat, Path currentFolder) {
        if (set(flag)) {
            return new Resolved<>(currentFolder.resolve(flag.strip()).toAbsolutePath().normalize(), "--workspace");
        }
        if (chat != null && chat.workspace() != null) {
            return new Resolved<>(chat.workspace(), "the conversation's config.toml");
        }
        return new Resolved<>(currentFolder.toAbsolutePath().normalize(), "the current folder");
    }

    /**
     * The environment providers and tools see: the {@code [env]} tables (user, then its local file,
     * then project, then chat, each over the one before) under the process environment, which wins.
     */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>(config.env());
        env.putAll(processEnv);
        return env;
    }

    /**
     * The model: {@code --model} → the resumed conversation's → {@code ROSETTA_MODEL}/{@code MODEL}
     * in the process environment → per file (chat, project, user local, user) its {@code [models]
     * default}, then its {@code [env]} MODEL → the default model of the first provider whose key
     * is set ({@link DefaultModels#ORDER}). With none of these, a one-line error says how to set a key.
     */
    public Resolved<String> model(String flag, ProviderDirectory directory) {
        if (set(flag)) {
            return new Resolved<>(flag.strip(), "--model");
        }
        ChatConfig chat = config.chat();
        if (chat != null && set(chat.model())) {
            return new Resolved<>(chat.model(), "the conversation's config.toml");
        }
        Optional<Resolved<String>> fromProcess = processVariable(MODEL_VARIABLES);
        if (fromProcess.isPresent()) {
            return fromProcess.get();
        }
        for (ConfigLayer layer : config.layers()) {
            if (set(layer.defaultModel())) {
                return new Resolved<>(layer.defaultModel().strip(), "[models] default in " + layer.file());
            }
            Optional<Resolved<String>> fromTable = tableVariable(layer, MODEL_VARIABLES);
            if (fromTable.isPresent()) {
                return fromTable.get();
            }
        }
        return firstProviderWithKey(directory);
    }

    private Resolved<String> firstProviderWithKey(ProviderDirectory directory) {
        Map<String, String> env = environment();
        for (DefaultModels.Choice choice : DefaultModels.ORDER) {
            Optional<ProviderSettings> provider = directory.find(choice.provider());
            String keyEnv = provider.map(ProviderSettings::keyEnv).orElse(null);
            if (keyEnv != null && set(env.get(keyEnv))) {
                return new Resolved<>(choice.model(), "the first provider with an API key (" + keyEnv + " is set)");
            }
        }
        String keys = DefaultModels.ORDER.stream().limit(3)
                .map(c -> directory.find(c.provider()).map(ProviderSettings::keyEnv).orElse(null))
                .filter(k -> k != null).collect(Collectors.joining(", "));
        throw new RosettaException("no model chosen and no API key found: set " + keys + " or another provider's key"
                + " (in the environment, or in the [env] table of ~/.config/rosetta/config.local.toml), or choose a"
                + " model with --model provider/model");
    }

    /** What {@code --tool-format native} and {@code TOOL_FORMAT=native} stand for: the model's native dialect. */
    public static final String NATIVE = "native";
    /** {@code --tool-format auto}: the model's best format as measured ({@link FormatChoice}). */
    public static final String AUTO = "auto";
    /** {@link #toolFormat(String, ModelInfo, ServedModel)} for a hosted model. */
    public Resolved<ToolFormat> toolFormat(String flag, ModelInfo model) {
        return toolFormat(flag, model, ServedModel.HOSTED);
    }

    /**
     * The tool format: {@code --tool-format} → the resumed conversation's → {@code
     * ROSETTA_TOOL_FORMAT}/{@code TOOL_FORMAT} in the process environment, then in the chat,
     * project and user {@code [env]} tables → the model's default ({@link #defaultFormat}) →
     * markdown. {@code native} anywhere means the model's native dialect.
     *
     * @param model  the resolved model, or null when not known yet
     * @param served what the model's server said of it
     */
    public Resolved<ToolFormat> toolFormat(String flag, ModelInfo model, ServedModel served) {
        if (set(flag)) {
            return resolved(flag, "--tool-format", model, served);
        }
        ChatConfig chat = config.chat();
        if (chat != null && chat.toolFormat() != null) {
            return new Resolved<>(chat.toolFormat(), "the conversation's config.toml");
        }
        Optional<Resolved<String>> variable = processVariable(TOOL_FORMAT_VARIABLES);
        for (int i = 0; variable.isEmpty() && i < config.layers().size(); i++) {
            variable = tableVariable(config.layers().get(i), TOOL_FORMAT_VARIABLES);
        }
        if (variable.isPresent()) {
            Resolved<String> v = variable.get();
            return resolved(v.value(), v.source(), model, served);
        }
        return model == null ? new Resolved<>(ToolFormat.MARKDOWN, "the default")
                : defaultFormat(model, served).orElse(new Resolved<>(ToolFormat.MARKDOWN, "the default"));
    }

    /**
     * The format a model comes with when nothing chooses one (also on {@code /model}): its
     * registry's {@code default_tool_format}; for a model of a server the user runs, its native
     * dialect when the server takes no native tools for it, else {@code tool}; else none.
     */
    public static Optional<Resolved<ToolFormat>> defaultFormat(ModelInfo model, ServedModel served) {
        if (model.defaultToolFormat() != null) {
            return Optional.of(new Resolved<>(model.defaultToolFormat(), model.name() + "'s default_tool_format"));
        }
        if (!served.local()) {
            return Optional.empty();
        }
        if (Boolean.FALSE.equals(served.nativeTools())) {
            return Optional.of(new Resolved<>(nativeFormat(model), model.name() + "'s native dialect"
                    + " (its server takes no native tools for it)"));
        }
        return Optional.of(new Resolved<>(ToolFormat.TOOL, model.name() + " is served locally with native tools"));
    }

    /** The format of {@code model}'s native dialect; hermes when it, or the model, is not known. */
    static ToolFormat nativeFormat(ModelInfo model) {
        return model == null ? ToolFormat.of(ModelInfo.NATIVE_FALLBACK) : model.nativeFormat();
    }

    /**
     * How long one shell command may run: {@code ROSETTA_SHELL_TIMEOUT} in the process environment
     * → {@code [tools] shell_timeout} → {@code ROSETTA_SHELL_TIMEOUT} in an {@code [env]} table →
     * the shell tool's default. Each is a {@link DurationSetting}; one that is set but is not a
     * duration is an error naming where it was set.
     */
    public Resolved<Duration> shellTimeout() {
        String variable = ShellSettings.TIMEOUT_VARIABLE;
        String fromProcess = processEnv.get(variable);
        if (set(fromProcess)) {
            String source = variable + " in the environment";
            return new Resolved<>(DurationSetting.read(source, fromProcess), source);
        }
        Optional<Resolved<Duration>> fromTools = config.shellTimeout();
        if (fromTools.isPresent()) {
            return fromTools.get();
        }
        Optional<Resolved<String>> fromTable = config.env(variable);
        if (fromTable.isPresent()) {
            Resolved<String> v = fromTable.get();
            return new Resolved<>(DurationSetting.read(v.source(), v.value()), v.source());
        }
        return new Resolved<>(ShellSettings.DEFAULT_TIMEOUT, "the default");
    }

    /**
     * The most one model reply may take, its retries and waits included: {@code
     * ROSETTA_REPLY_TIMEOUT} in the process environment → in an {@code [env]} table →
     * {@link HttpTransport.Settings#DEFAULT_REPLY_TIMEOUT}. Each is a {@link DurationSetting}; one
     * that is set but is not a duration is an error naming where it was set.
     */
    public Resolved<Duration> replyTimeout() {
        String name = HttpTransport.Settings.REPLY_TIMEOUT_VARIABLE;
        String fromProcess = processEnv.get(name);
        if (set(fromProcess)) {
            String source = name + " in the environment";
            return new Resolved<>(DurationSetting.read(source, fromProcess), source);
        }
        Optional<Resolved<String>> fromTable = config.env(name);
        if (fromTable.isPresent()) {
            Resolved<String> v = fromTable.get();
            return new Resolved<>(DurationSetting.read(v.source(), v.value()), v.source());
        }
        return new Resolved<>(HttpTransport.Settings.DEFAULT_REPLY_TIMEOUT, "the default");
    }

    private Optional<Resolved<String>> processVariable(List<String> names) {
        for (String name : names) {
            String value = processEnv.get(name);
            if (set(value)) {
                return Optional.of(new Resolved<>(value.strip(), name + " in the environment"));
            }
        }
        return Optional.empty();
    }

    private static Optional<Resolved<String>> tableVariable(ConfigLayer layer, List<String> names) {
        for (String name : names) {
            String value = layer.env().get(name);
            if (set(value)) {
                return Optional.of(new Resolved<>(value.strip(), name + " in " + layer.file() + " [env]"));
            }
        }
        return Optional.empty();
    }

    /** {@code value} as set at {@code source}: auto picks, and says why; a format is itself. */
    private Resolved<ToolFormat> resolved(String value, String source, ModelInfo model, ServedModel served) {
        if (value.strip().equalsIgnoreCase(AUTO)) {
            if (model == null) {
                return new Resolved<>(ToolFormat.MARKDOWN, source + " auto, before the model is known");
            }
            Resolved<ToolFormat> picked = choice.pick(model, !Boolean.FALSE.equals(served.nativeTools()));
            return new Resolved<>(picked.value(), picked.source() + ", by " + source);
        }
        return new Resolved<>(format(value, source, model), source);
    }

    private static ToolFormat format(String value, String source, ModelInfo model) {
        if (value.strip().equalsIgnoreCase(NATIVE)) {
            return nativeFormat(model);
        }
        try {
            return ToolFormat.of(value);
        } catch (IllegalArgumentException e) {
            throw new RosettaException(source + ": unknown tool format " + TomlText.quoted(value) + "; use one of "
                    + formatNames());
        }
    }

    private static String formatNames() {
        return Arrays.stream(ToolFormat.values()).map(ToolFormat::id).collect(Collectors.joining(", ")) + ", "
                + NATIVE + " (the model's own dialect), or " + AUTO + " (its best in eval results)";
    }

    /**
     * How hard the model thinks: {@code --thinking} → the resumed conversation's (set by {@code
     * /think} or the flag when it ran) → {@code [models] thinking} of the first file that sets it →
     * empty, for the model's own default.
     */
    public Optional<Resolved<Thinking>> thinking(Thinking flag) {
        if (flag != null) {
            return Optional.of(new Resolved<>(flag, "--thinking"));
        }
        ChatConfig chat = config.chat();
        if (chat != null && chat.thinking() != null) {
            return Optional.of(new Resolved<>(chat.thinking(), "the conversation's config.toml"));
        }
        return config.thinking();
    }

    /** {@code [models] local_context}, or null. */
    public Integer localContext() {
        return config.localContext().map(Resolved::value).orElse(null);
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }
}
