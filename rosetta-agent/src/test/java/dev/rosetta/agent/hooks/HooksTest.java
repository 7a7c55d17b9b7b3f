package dev.rosetta.agent.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.hooks.HookVerdict.Permission;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.process.Executables;

/**
 * Hooks run as real processes: scripts of our own written the way Claude Code's hooks reference
 * writes them (jq reading stdin, JSON or an exit status back), run against the input Rosetta gives.
 */
class HooksTest {

    @TempDir
    Path dir;

    private final List<String> notices = new CopyOnWriteArrayList<>();

    @BeforeEach
    void needsJq() {
        MachineRequirement.require(Executables.find("jq", System.getenv("PATH")).isPresent(),
                "jq is not installed (apt-get install jq)");
    }

    private Path script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    private Hooks hooks(HookEntry... entries) {
        HookSession session = new HookSession("2026-01-01-test", dir.resolve("conversation.jsonl"), dir,
                System.getenv(), () -> "default");
        return new Hooks(List.of(entries), session, notices::add);
    }

    private HookEntry entry(HookEvent event, String matcher, Path script) {
        return new HookEntry(event, HookMatcher.of(matcher), script.toString(), null, null, dir.resolve("config.toml"),
                false);
    }

    private static ToolUse shell(String command) {
        return ToolUse.named("shell", Map.of("command", command), "call_1");
    }

    private static Arguments args(Map<String, Object> values) {
        return new Arguments(values);
    }

    @Test
    void theBlockRmScriptOfClaudeCodesReferenceDeniesWithItsReason() throws Exception {
        Path blockRm = script("block-rm.sh", """
                COMMAND=$(jq -r '.tool_input.command')
                if echo "$COMMAND" | grep -q 'rm -rf'; then
                  jq -n '{
                    hookSpecificOutput: {
                      hookEventName: "PreToolUse",
                      permissionDecision: "deny",
                      permissionDecisionReason: "Destructive command blocked by hook"
                    }
                  }'
                else
                  exit 0
                fi
                """);
        Hooks hooks = hooks(entry(HookEvent.PRE_TOOL_USE, "Bash", blockRm));
        HookVerdict denied = hooks.preToolUse(shell("rm -rf /tmp/build"), args(Map.of("command", "rm -rf /tmp/build")));
        assertThat(denied.permission()).isEqualTo(Permission.DENY);
        assertThat(denied.reason()).isEqualTo("Destructive command blocked by hook");
        HookVerdict passed = hooks.preToolUse(shell("npm test"), args(Map.of("command", "npm test")));
        assertThat(passed.permission()).isEqualTo(Permission.NONE);
        assertThat(notices).isEmpty();
    }

    @Test
    void theHookGetsClaudeCodesFieldsOnStdin() throws Exception {
        Path dump = script("dump.sh", "cat > \"$CLAUDE_PROJECT_DIR/input.json\"\n");
        Hooks hooks = hooks(entry(HookEvent.PRE_TOOL_USE, null, dump));
        hooks.preToolUse(ToolUse.named("save", Map.of("path", "src/a.py", "content", "x"), "call_7"),
                args(Map.of("path", "src/a.py", "content", "x")));
        Map<String, Object> input = Json.readObject(Files.readString(dir.resolve("input.json")));
        assertThat(input).containsEntry("session_id", "2026-01-01-test")
                .containsEntry("transcript_path", dir.resolve("conversation.jsonl").toString())
                .containsEntry("cwd", dir.toString())
                .containsEntry("permission_mode", "default")
                .containsEntry("hook_event_name", "PreToolUse")
                .containsEntry("tool_name", "Write")
                .containsEntry("rosetta_tool_name", "save")
                .containsEntry("tool_use_id", "call_7");
        assertThat(input.get("tool_input")).isEqualTo(Map.of("path", "src/a.py", "content", "x",
                "file_path", dir.resolve("src/a.py").toString()));
    }

    @Test
    void aMatcherMayNameRosettasToolOrClaudeCodesName() throws Exception {
        Path deny = script("deny.sh", "echo 'no shell here' >&2\nexit 2\n");
        assertThat(hooks(entry(HookEvent.PRE_TOOL_USE, "shell", deny))
                .preToolUse(shell("ls"), args(Map.of("command", "ls"))).permission()).isEqualTo(Permission.DENY);
        assertThat(hooks(entry(HookEvent.PRE_TOOL_USE, "Bash", deny))
                .preToolUse(shell("ls"), args(Map.of("command", "ls"))).permission()).isEqualTo(Permission.DENY);
        assertThat(hooks(entry(HookEvent.PRE_TOOL_USE, "Write|Edit", deny))
                .preToolUse(shell("ls"), args(Map.of("command", "ls"))).permission()).isEqualTo(Permission.NONE);
        assertThat(hooks(entry(HookEvent.PRE_TOOL_USE, "mcp__github__.*", deny))
                .preToolUse(ToolUse.named("github.search", Map.of(), "c"), args(Map.of())).permission())
                .isEqualTo(Permission.DENY);
    }

    @Test
    void aHangingHookIsKilledAtItsTimeoutWithWhatItStarted() throws Exception {
        Path hang = script("hang.sh", """
                sleep 600 &
                echo $! > "$CLAUDE_PROJECT_DIR/child.pid"
                echo $$ > "$CLAUDE_PROJECT_DIR/hook.pid"
                wait
                """);
        HookEntry entry = new HookEntry(HookEvent.PRE_TOOL_USE, HookMatcher.ANY, hang.toString(), null,
                Duration.ofSeconds(2), dir.resolve("config.toml"), false);
        HookVerdict verdict = hooks(entry).preToolUse(shell("ls"), args(Map.of("command", "ls")));

        assertThat(verdict.permission()).isEqualTo(Permission.NONE); // a timed-out hook decides nothing
        assertThat(notices).singleElement().asString().contains("ran past its timeout of 2 s");
        for (String pidFile : List.of("hook.pid", "child.pid")) {
            long pid = Long.parseLong(Files.readString(dir.resolve(pidFile)).strip());
            ProcessHandle.of(pid).ifPresent(p -> assertThat(p.onExit()).succeedsWithin(Duration.ofSeconds(10)));
        }
    }

    @Test
    void aFailingHookIsReportedOnceAndTheTurnGoesOn() throws Exception {
        Path broken = script("broken.sh", "echo 'jq: error (at <stdin>:1): boom' >&2\nexit 1\n");
        Hooks hooks = hooks(entry(HookEvent.POST_TOOL_USE, null, broken));
        for (int i = 0; i < 3; i++) {
            HookVerdict verdict = hooks.postToolUse(shell("ls"), args(Map.of("command", "ls")), ToolResult.ok("a"),
                    Duration.ofMillis(5));
            assertThat(verdict.blocks()).isFalse();
        }
        assertThat(notices).singleElement().asString()
                .contains("PostToolUse: " + broken)
                .contains("it failed with status 1: jq: error (at <stdin>:1): boom");
    }

    @Test
    void aCommandThatDoesNotExistIsAFailureNotACrash() {
        HookEntry missing = new HookEntry(HookEvent.USER_PROMPT_SUBMIT, HookMatcher.ANY, "/no/such/hook.sh", null, null,
                dir.resolve("config.toml"), false);
        HookVerdict verdict = hooks(missing).userPromptSubmit("hello");
        assertThat(verdict.blocks()).isFalse();
        assertThat(notices).singleElement().asString().contains("failed with status 127");
    }

    @Test
    void promptHooksAddPlainStdoutAndBlockWithDecision() throws Exception {
        Path branch = script("branch.sh", "echo 'Current branch: feat/auth'\n");
        Path guard = script("guard.sh", """
                if jq -e '.prompt | test("password")' >/dev/null; then
                  echo '{"decision": "block", "reason": "prompts must not hold passwords"}'
                fi
                """);
        Hooks hooks = hooks(entry(HookEvent.USER_PROMPT_SUBMIT, null, branch),
                entry(HookEvent.USER_PROMPT_SUBMIT, null, guard));
        HookVerdict fine = hooks.userPromptSubmit("fix the login");
        assertThat(fine.blocks()).isFalse();
        assertThat(fine.context()).isEqualTo("Current branch: feat/auth");
        HookVerdict blocked = hooks.userPromptSubmit("my password is hunter2");
        assertThat(blocked.blocks()).isTrue();
        assertThat(blocked.reason()).isEqualTo("prompts must not hold passwords");
    }

    @Test
    void postToolUseSeesTheResponseAndItsExitTwoStderrIsForTheModel() throws Exception {
        Path lint = script("lint.sh", """
                input=$(cat)
                path=$(jq -r '.tool_input.file_path' <<<"$input")
                ok=$(jq -r '.tool_response.success' <<<"$input")
                echo "lint failed in $path (success=$ok)" >&2
                exit 2
                """);
        HookVerdict verdict = hooks(entry(HookEvent.POST_TOOL_USE, "Write|Edit", lint)).postToolUse(
                ToolUse.named("save", Map.of("path", "a.py", "content", "x"), "c1"),
                args(Map.of("path", "a.py", "content", "x")), ToolResult.ok("Saved a.py"), Duration.ofMillis(3));
        assertThat(verdict.blocks()).isTrue();
        assertThat(verdict.reason()).isEqualTo("lint failed in " + dir.resolve("a.py") + " (success=true)");
    }

    @Test
    void stopHooksKnowWhetherTheyKeptTheTurnGoingAlready() throws Exception {
        Path stop = script("stop.sh", """
                input=$(cat)
                if [ "$(jq -r '.stop_hook_active' <<<"$input")" = "false" ]; then
                  jq -n --arg m "$(jq -r '.last_assistant_message' <<<"$input")" \
                    '{decision: "block", reason: ("run the tests before you stop; you said: " + $m)}'
                fi
                """);
        Hooks hooks = hooks(entry(HookEvent.STOP, null, stop));
        HookVerdict first = hooks.stop(false, "All done.");
        assertThat(first.blocks()).isTrue();
        assertThat(first.reason()).isEqualTo("run the tests before you stop; you said: All done.");
        assertThat(hooks.stop(true, "Tests pass.").blocks()).isFalse();
    }

    @Test
    void theExecFormRunsTheProgramWithoutAShellAndFillsInPlaceholders() throws Exception {
        script("check.sh", "printf '%s|%s' \"$1\" \"$2\"\n");
        HookEntry exec = new HookEntry(HookEvent.SESSION_START, HookMatcher.ANY, "${CLAUDE_PROJECT_DIR}/check.sh",
                List.of("it's $HOME", "${ROSETTA_PROJECT_DIR}"), null, dir.resolve("config.toml"), false);
        assertThat(hooks(exec).sessionStart("startup", "openai/gpt-4.1")).isEqualTo("it's $HOME|" + dir);
    }

    @Test
    void allMatchingHooksRunAtOnceAndTheyAllSeeTheCall() throws Exception {
        List<HookEntry> entries = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            entries.add(entry(HookEvent.PRE_TOOL_USE, null, script("mark" + i + ".sh",
                    "jq -r .tool_input.command > \"$CLAUDE_PROJECT_DIR/seen" + i + "\"\n")));
        }
        hooks(entries.toArray(HookEntry[]::new)).preToolUse(shell("make"), args(Map.of("command", "make")));
        for (int i = 0; i < 4; i++) {
            assertThat(dir.resolve("seen" + i)).hasContent("make");
        }
    }

    @Test
    void theSameHookInTwoFilesRunsOnce() throws Exception {
        Path count = script("count.sh", "echo x >> \"$CLAUDE_PROJECT_DIR/count\"\n");
        HookEntry user = entry(HookEvent.USER_PROMPT_SUBMIT, null, count);
        HookEntry project = new HookEntry(HookEvent.USER_PROMPT_SUBMIT, HookMatcher.ANY, count.toString(), null, null,
                dir.resolve("rosetta.toml"), true);
        hooks(user, project).userPromptSubmit("hi");
        assertThat(Files.readAllLines(dir.resolve("count"))).hasSize(1);
    }
}
