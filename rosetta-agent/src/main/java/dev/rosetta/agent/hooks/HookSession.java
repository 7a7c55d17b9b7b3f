package dev.rosetta.agent.hooks;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What every hook of a conversation is told, and how it runs.
 *
 * @param sessionId      the conversation's id ({@code session_id})
 * @param transcriptPath its log ({@code transcript_path})
 * @param workspace      where the hook runs, and {@code cwd}; also {@code CLAUDE_PROJECT_DIR} and
 *                       {@code ROSETTA_PROJECT_DIR} in its environment
 * @param env            the environment hooks run with (without Rosetta's secrets)
 * @param permissionMode {@code permission_mode}: "default" while calls are confirmed, "bypassPermissions" when not
 */
public record HookSession(String sessionId, Path transcriptPath, Path workspace, Map<String, String> env,
        Supplier<String> permissionMode) {

    public HookSession {
        Objects.requireNonNull(workspace, "workspace");
        env = Map.copyOf(env);
        permissionMode = permissionMode == null ? () -> "default" : permissionMode;
    }

    /** The environment a hook's process gets: the session's, and where the project is. */
    Map<String, String> processEnv() {
        Map<String, String> all = new LinkedHashMap<>(env);
        all.put("CLAUDE_PROJECT_DIR", workspace.toString());
        all.put("ROSETTA_PROJECT_DIR", workspace.toString());
        return all;
    }

    /** The fields every event's input starts with. */
    Map<String, Object> common(HookEvent event) {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("session_id", sessionId);
        input.put("transcript_path", transcriptPath == null ? null : transcriptPath.toString());
        input.put("cwd", workspace.toString());
        input.put("permission_mode", permissionMode.get());
        input.put("hook_event_name", event.hookName());
        return input;
    }
}
