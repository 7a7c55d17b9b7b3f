package dev.rosetta.agent.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Thinking;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * A conversation's own settings, in {@code config.toml} beside its log, restored by {@code
 * --resume}: that is what makes the tool format (and the model, tools and workspace) sticky.
 * Every field may be null: not recorded.
 *
 * @param model      {@code provider/model}
 * @param toolFormat the tool format
 * @param tools      the tools allowed (null: all of them)
 * @param workspace  the folder the tools work in
 * @param name       the conversation's name
 * @param env        environment entries for this conversation only
 * @param permissions rules the user chose to remember at a confirmation ({@code [permissions]})
 * @param thinking   how hard the model was asked to think ({@code --thinking}, {@code /think}); null:
 *                   the model's default
 */
public record ChatConfig(String model, ToolFormat toolFormat, List<String> tools, Path workspace, String name,
        Map<String, String> env, List<PermissionRule> permissions, Thinking thinking) {

    private static final Map<String, ToolFormat> FORMATS = Arrays.stream(ToolFormat.values())
            .collect(Collectors.toMap(ToolFormat::id, Function.identity(), (a, b) -> a, LinkedHashMap::new));

    public ChatConfig {
        tools = tools == null ? null : List.copyOf(tools);
        env = env == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(env));
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }

    /** A config without remembered permission rules. */
    public ChatConfig(String model, ToolFormat toolFormat, List<String> tools, Path workspace, String name,
            Map<String, String> env) {
        this(model, toolFormat, tools, workspace, name, env, List.of(), null);
    }

    public static ChatConfig empty() {
        return new ChatConfig(null, null, null, null, null, Map.of());
    }

    public ChatConfig withModel(String value) {
        return new ChatConfig(value, toolFormat, tools, workspace, name, env, permissions, thinking);
    }

    public ChatConfig withToolFormat(ToolFormat value) {
        return new ChatConfig(model, value, tools, workspace, name, env, permissions, thinking);
    }

    public ChatConfig withTools(List<String> value) {
        return new ChatConfig(model, toolFormat, value, workspace, name, env, permissions, thinking);
    }

    public ChatConfig withWorkspace(Path value) {
        return new ChatConfig(model, toolFormat, tools, value, name, env, permissions, thinking);
    }

    public ChatConfig withName(String value) {
        return new ChatConfig(model, toolFormat, tools, workspace, value, env, permissions, thinking);
    }

    public ChatConfig withEnv(Map<String, String> value) {
        return new ChatConfig(model, toolFormat, tools, workspace, name, value, permissions, thinking);
    }

    public ChatConfig withThinking(Thinking value) {
        return new ChatConfig(model, toolFormat, tools, workspace, name, env, permissions, value);
    }

    /** With {@code rule} remembered too (a rule for the same tool and pattern is replaced). */
    public ChatConfig withRemembered(PermissionRule rule) {
        List<PermissionRule> rules = new ArrayList<>(permissions);
        rules.removeIf(r -> r.tool().equals(rule.tool()) && r.pattern().equals(rule.pattern()));
        rules.add(rule);
        return new ChatConfig(model, toolFormat, tools, workspace, name, env, rules, thinking);
    }

    /** The config in {@code file}, or empty when there is none; a broken one is a one-line error. */
    public static Optional<ChatConfig> read(Path file) {
        return read(file, new ArrayList<>());
    }

    /** As {@link #read(Path)}; unknown keys are reported to {@code warnings}. */
    public static Optional<ChatConfig> read(Path file, List<String> warnings) {
        return TomlDocument.read(file).map(doc -> from(doc, warnings));
    }

    static ChatConfig from(TomlDocument doc, List<String> warnings) {
        ConfigTable root = ConfigTable.root(doc, warnings);
        String model = root.text("model");
        ToolFormat format = root.choice("tool_format", FORMATS);
        List<String> tools = root.strings("tools");
        String workspace = root.text("workspace");
        String name = root.text("name");
        Map<String, String> env = root.stringTable("env");
        Thinking thinking = ConfigLayer.thinking(root);
        List<PermissionRule> permissions = PermissionTable.read(root, doc.file(), false);
        root.finish("model", "tool_format", "tools", "workspace", "name", "thinking", "[env]", "[permissions]");
        return new ChatConfig(model, format, tools, workspace == null ? null : Path.of(workspace), name, env,
                permissions, thinking);
    }

    /** The config as TOML text. */
    public String toToml() {
        StringBuilder out = new StringBuilder("# This conversation's settings; --resume restores them.\n");
        line(out, "name", name == null ? null : TomlText.string(name));
        line(out, "model", model == null ? null : TomlText.string(model));
        line(out, "tool_format", toolFormat == null ? null : TomlText.string(toolFormat.id()));
        line(out, "tools", tools == null ? null : TomlText.array(tools));
        line(out, "workspace", workspace == null ? null : TomlText.string(workspace.toString()));
        line(out, "thinking", thinking == null ? null : TomlText.string(thinking.id()));
        if (!env.isEmpty()) {
            out.append("\n[env]\n");
            env.forEach((k, v) -> out.append(TomlText.key(k)).append(" = ").append(TomlText.string(v)).append('\n'));
        }
        if (!permissions.isEmpty()) {
            out.append("\n# Remembered at a confirmation; copy a rule into your config.toml to keep it for every"
                    + " conversation.\n[permissions]\n");
            Map<String, List<PermissionRule>> byTool = new LinkedHashMap<>();
            permissions.forEach(r -> byTool.computeIfAbsent(r.tool(), t -> new ArrayList<>()).add(r));
            byTool.forEach((tool, rules) -> out.append(TomlText.key(tool)).append(" = { ")
                    .append(rules.stream().map(r -> TomlText.string(r.pattern()) + " = "
                            + TomlText.string(r.permission().id())).collect(Collectors.joining(", ")))
                    .append(" }\n"));
        }
        return out.toString();
    }

    /**
     * Writes the config to {@code file} atomically: a synced temporary file renamed over it, so a
     * crash leaves the old config or the new one, never half of one.
     */
    public void write(Path file) {
        Path temp = null;
        try {
            temp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName() + ".", ".tmp");
            Files.writeString(temp, toToml(), StandardCharsets.UTF_8, StandardOpenOption.WRITE,
                    StandardOpenOption.SYNC);
            move(temp, file);
            syncFolder(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            try {
                if (temp != null) {
                    Files.deleteIfExists(temp);
                }
            } catch (IOException ignored) {
                // Only a leftover temporary file; the config itself is unchanged.
            }
            throw new RosettaException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename itself durable; some systems cannot open a folder for this, and then it is skipped. */
    private static void syncFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            // Best effort: the file's own data was synced before the rename.
        }
    }

    private static void line(StringBuilder out, String key, String value) {
        if (value != null) {
            out.append(key).append(" = ").append(value).append('\n');
        }
    }
}
