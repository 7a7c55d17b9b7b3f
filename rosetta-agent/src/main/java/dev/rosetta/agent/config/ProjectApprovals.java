package dev.rosetta.agent.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;

/**
 * What of a project the user let run: its MCP servers, its hooks. A repository's {@code rosetta.toml}
 * can name any command, so what it names starts only once the user approved it for that project; the
 * approval is kept in the user's data folder ({@code mcp-approvals.json}, the name it had when it held
 * servers only), keyed by the project's path, the thing's name and a hash of its definition, so a
 * changed definition asks again.
 */
public final class ProjectApprovals {

    private final Path file;

    /** The name a project's hooks are approved under; no MCP server can have it. */
    private static final String HOOKS = "[[hooks]]";

    public ProjectApprovals(Path file) {
        this.file = file;
    }

    /** {@code $XDG_DATA_HOME/rosetta/mcp-approvals.json}, else under {@code ~/.local/share}. */
    public static ProjectApprovals of(Map<String, String> env) {
        return new ProjectApprovals(LogDirectory.dataHome(env).resolve("rosetta").resolve("mcp-approvals.json"));
    }

    public Path file() {
        return file;
    }

    public boolean approved(Path project, McpServerEntry server) {
        return approved(project, server.name(), server.definition());
    }

    /** Whether what a project defines under {@code name} was approved as {@code definition}. */
    private boolean approved(Path project, String name, String definition) {
        return keys().contains(key(project, name, definition));
    }

    /** Whether the project's hooks, all of them as written, were approved. */
    public boolean approved(Path project, List<HookEntry> hooks) {
        return approved(project, HOOKS, definition(hooks));
    }

    /** Records the approval of the project's hooks, all of them as written (any change asks again). */
    public void approve(Path project, List<HookEntry> hooks) {
        approve(project, HOOKS, definition(hooks));
    }

    /** Records the approval (atomically: a whole new file renamed over the old). */
    public void approve(Path project, McpServerEntry server) {
        approve(project, server.name(), server.definition());
    }

    /** Records the approval of what a project defines under {@code name}. */
    private void approve(Path project, String name, String definition) {
        List<String> keys = new ArrayList<>(keys());
        String key = key(project, name, definition);
        if (keys.contains(key)) {
            return;
        }
        keys.add(key);
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("approved", keys);
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "mcp-approvals", ".tmp");
            Files.writeString(temp, Json.write(content) + "\n", StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RosettaException("could not record the approval in " + file + ": " + e.getMessage(), e);
        }
    }

    /** What of a project's hooks is approved: every one as written. */
    private static String definition(List<HookEntry> hooks) {
        StringBuilder text = new StringBuilder();
        hooks.forEach(e -> text.append(e.definition()).append('\n'));
        return text.toString();
    }

    private List<String> keys() {
        try {
            Object approved = Json.readObject(Files.readString(file, StandardCharsets.UTF_8)).get("approved");
            return approved instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | RuntimeException e) {
            throw new RosettaException(file + " cannot be read (" + e.getMessage() + "); delete it and approve the"
                    + " project's servers again");
        }
    }

    /** The project's path, the thing's name and its definition, hashed: nothing of it is readable. */
    private static String key(Path project, String name, String definition) {
        String text = project.toAbsolutePath().normalize() + "\0" + name + "\0" + definition;
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
